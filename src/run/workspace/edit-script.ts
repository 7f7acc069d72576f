/**
 * The line-by-line edit that turns one text into another: Myers' algorithm (the diff package),
 * which is what git uses, so a plain change reads as git would write it. Myers' cost grows with
 * the number of edits times the length; past MAX_EDITS the change is cut at the lines that occur
 * once on each side, in the same order (patience diff's anchors), and each piece between two
 * anchors is diffed on its own. A piece with no anchor is written as removed and added whole:
 * still a correct patch. Deterministic: the same texts always give the same script. Pure.
 */
import { diffArrays } from "diff";

/** Kept, removed or added. */
export type Tag = " " | "-" | "+";

export interface Edit {
	tag: Tag;
	line: string;
}

/** The most edits one Myers search looks for (a count, not a timeout, so the result never varies). */
const MAX_EDITS = 2000;

const each = (tag: Tag, lines: readonly string[], out: Edit[]) => {
	for (const line of lines) out.push({ tag, line });
};

/**
 * The pairs (index in `a`, index in `b`) of lines that occur exactly once in each, longest run
 * that is increasing on both sides (patience sorting).
 */
function anchors(a: readonly string[], b: readonly string[]): Array<[number, number]> {
	const count = new Map<string, { a: number; b: number; at: number }>();
	a.forEach((line, i) => {
		const seen = count.get(line);
		count.set(line, { a: (seen?.a ?? 0) + 1, b: 0, at: i });
	});
	const pairs: Array<[number, number]> = [];
	b.forEach((line) => {
		const seen = count.get(line);
		if (seen) seen.b++;
	});
	b.forEach((line, j) => {
		const seen = count.get(line);
		if (seen && seen.a === 1 && seen.b === 1) pairs.push([seen.at, j]);
	});
	pairs.sort((x, y) => x[0] - y[0]);
	// Longest increasing subsequence on the b side: tails[k] ends the best run of length k + 1.
	const tails: number[] = [];
	const back: number[] = [];
	pairs.forEach(([, j], index) => {
		let [lo, hi] = [0, tails.length];
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if ((pairs[tails[mid]!]?.[1] ?? 0) < j) lo = mid + 1;
			else hi = mid;
		}
		back[index] = lo > 0 ? tails[lo - 1]! : -1;
		tails[lo] = index;
	});
	const run: Array<[number, number]> = [];
	for (let at = tails.at(-1) ?? -1; at >= 0; at = back[at]!) run.unshift(pairs[at]!);
	return run;
}

/** The edit of a piece with no common first or last line. */
function middle(a: readonly string[], b: readonly string[], out: Edit[]): void {
	if (a.length === 0 || b.length === 0) {
		each("-", a, out);
		each("+", b, out);
		return;
	}
	const parts = diffArrays([...a], [...b], { maxEditLength: MAX_EDITS });
	if (parts) {
		for (const part of parts) each(part.removed ? "-" : part.added ? "+" : " ", part.value, out);
		return;
	}
	const found = anchors(a, b);
	if (found.length === 0) {
		each("-", a, out);
		each("+", b, out);
		return;
	}
	let [i, j] = [0, 0];
	for (const [ai, bj] of found) {
		script(a.slice(i, ai), b.slice(j, bj), out);
		out.push({ tag: " ", line: a[ai]! });
		[i, j] = [ai + 1, bj + 1];
	}
	script(a.slice(i), b.slice(j), out);
}

/** The edit that turns lines `a` into lines `b`, appended to `out`. */
export function script(a: readonly string[], b: readonly string[], out: Edit[] = []): Edit[] {
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) start++;
	let end = 0;
	while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
	each(" ", a.slice(0, start), out);
	middle(a.slice(start, a.length - end), b.slice(start, b.length - end), out);
	each(" ", a.slice(a.length - end), out);
	return out;
}
