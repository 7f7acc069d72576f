/**
 * "Did you mean" for names a user types: modes, skills, tools, frontmatter keys. A typo should cost
 * one glance at the error, not a trip to the docs.
 */

/**
 * Edit distance (insert, delete, substitute, swap two neighbours) between two strings. Swaps count
 * as one edit because swapped letters (`grpe` for `grep`) are the commonest typo of all.
 */
export function editDistance(a: string, b: string): number {
	const rows: number[][] = [];
	for (let i = 0; i <= a.length; i++) {
		const row = [i];
		for (let j = 1; j <= b.length; j++) {
			if (i === 0) {
				row[j] = j;
				continue;
			}
			const up = rows[i - 1] ?? [];
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
			}
			row[j] = best;
		}
		rows.push(row);
	}
	return rows[a.length]?.[b.length] ?? 0;
}

/** Lower case without separators, so `allowed_tools`, `allowed-tools` and `allowedTools` compare equal. */
function squash(text: string): string {
	return text.toLowerCase().replace(/[-_.\s]/g, "");
}

/**
 * The candidate closest to `input`, or undefined when none is close enough to be a plausible typo.
 * Close enough: the same name ignoring case and separators, or within a third of the name's length
 * in edits (at least one), so short names are not matched to anything at all.
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
	const target = squash(input);
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const candidate of candidates) {
		const distance = editDistance(target, squash(candidate));
		if (distance < bestDistance) {
			best = candidate;
			bestDistance = distance;
		}
	}
	const limit = Math.max(1, Math.floor(target.length / 3));
	return bestDistance <= limit ? best : undefined;
}

/** ` (did you mean "x"?)` or nothing, ready to append to a message or fix. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
	const match = closest(input, candidates);
	return match === undefined ? "" : ` (did you mean "${match}"?)`;
}
