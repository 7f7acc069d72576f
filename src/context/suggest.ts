/**
 * "Did you mean" for names a user types: modes, skills, tools, frontmatter keys. A typo should cost
 * one glance at the error, not a trip to the docs.
 */

/** Edit distance (insert, delete, substitute) between two strings. */
export function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
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
