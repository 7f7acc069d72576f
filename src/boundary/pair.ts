/**
 * Pairing up two listings of the same place by path. Both walks list a directory in the same order
 * when it did not change, so the lists are read in step and only entries out of step go through a
 * map: comparing an unchanged tree is one pass, and a block of K inserted or deleted entries costs
 * about 2K map operations before the two lists line up again.
 */
import { pathKey, sameRecords, type TreeIndex } from "./tree.ts";

/**
 * Pairs [path, value] lists: `same` for each path in both, `gone` and `fresh` for the rest
 * (the index of a repository, and anything else small enough to hold as strings).
 */
export function pairEntries(
	before: ReadonlyArray<[string, string]>,
	after: ReadonlyArray<[string, string]>,
	same: (path: string, before: string, after: string) => void,
	gone: (path: string, text: string) => void,
	fresh: (path: string, text: string) => void,
): void {
	const pendingBefore = new Map<string, string>();
	const pendingAfter = new Map<string, string>();
	let i = 0;
	let j = 0;
	while (i < before.length || j < after.length) {
		const b = before[i];
		const a = after[j];
		if (b !== undefined && a !== undefined && b[0] === a[0]) {
			same(b[0], b[1], a[1]);
			i++;
			j++;
			continue;
		}
		const laterB = b === undefined ? undefined : pendingAfter.get(b[0]);
		if (b !== undefined && laterB !== undefined) {
			pendingAfter.delete(b[0]);
			same(b[0], b[1], laterB);
			i++;
			continue;
		}
		const earlierA = a === undefined ? undefined : pendingBefore.get(a[0]);
		if (a !== undefined && earlierA !== undefined) {
			pendingBefore.delete(a[0]);
			same(a[0], earlierA, a[1]);
			j++;
			continue;
		}
		if (b !== undefined) {
			pendingBefore.set(b[0], b[1]);
			i++;
		}
		if (a !== undefined) {
			pendingAfter.set(a[0], a[1]);
			j++;
		}
	}
	for (const [path, text] of pendingBefore) gone(path, text);
	for (const [path, text] of pendingAfter) fresh(path, text);
}

/** How many records from (i, j) on are identical in both trees, found in growing blocks. */
function sameRun(b: TreeIndex, i: number, a: TreeIndex, j: number): number {
	let k = 0;
	let step = 1;
	for (;;) {
		const n = Math.min(step, b.count - i - k, a.count - j - k);
		if (n <= 0) return k;
		if (sameRecords(b, i + k, a, j + k, n)) {
			k += n;
			step = Math.min(step * 8, 1 << 16);
		} else if (n === 1) return k;
		else step = Math.max(1, n >> 3);
	}
}

/**
 * Pairs the records of two trees by path and reports only what differs: `changed` for a path in
 * both whose record is not byte-identical, `gone` and `fresh` for a path in one only. Identical
 * records are skipped in blocks (one memcmp per block), so an unchanged tree costs almost nothing.
 */
export function pairRecords(
	b: TreeIndex,
	a: TreeIndex,
	changed: (i: number, j: number) => void,
	gone: (i: number) => void,
	fresh: (j: number) => void,
): void {
	if (b.count === a.count && b.bytes.equals(a.bytes)) return;
	const pendingB = new Map<string, number>();
	const pendingA = new Map<string, number>();
	let i = 0;
	let j = 0;
	const matched = (bi: number, aj: number) => {
		if (!sameRecords(b, bi, a, aj, 1)) changed(bi, aj);
	};
	while (i < b.count || j < a.count) {
		if (i < b.count && j < a.count) {
			const run = sameRun(b, i, a, j);
			if (run > 0) {
				i += run;
				j += run;
				continue;
			}
		}
		const bk = i < b.count ? pathKey(b, i) : undefined;
		const ak = j < a.count ? pathKey(a, j) : undefined;
		if (bk !== undefined && bk === ak) {
			changed(i++, j++);
			continue;
		}
		const laterB = bk === undefined ? undefined : pendingA.get(bk);
		if (bk !== undefined && laterB !== undefined) {
			pendingA.delete(bk);
			matched(i++, laterB);
			continue;
		}
		const earlierA = ak === undefined ? undefined : pendingB.get(ak);
		if (ak !== undefined && earlierA !== undefined) {
			pendingB.delete(ak);
			matched(earlierA, j++);
			continue;
		}
		if (bk !== undefined) pendingB.set(bk, i++);
		if (ak !== undefined) pendingA.set(ak, j++);
	}
	for (const index of pendingB.values()) gone(index);
	for (const index of pendingA.values()) fresh(index);
}
