/**
 * Tasks whose roots overlap run one at a time; disjoint ones run concurrently. Two runs watching
 * the same tree would see each other's writes in their boundary diffs, so the second waits until
 * the first has taken its after-snapshot. Waiting is first come, first served.
 */
import { sep } from "node:path";

const overlaps = (a: string, b: string) =>
	a === b || a.startsWith(b.endsWith(sep) ? b : b + sep) || b.startsWith(a.endsWith(sep) ? a : a + sep);

interface Holder {
	roots: readonly string[];
	done: Promise<void>;
}

export class RootLocks {
	private holders: Holder[] = [];

	/** How many runs hold or wait for roots that overlap these. */
	contention(roots: readonly string[]): number {
		return this.holders.filter((h) => h.roots.some((r) => roots.some((x) => overlaps(r, x)))).length;
	}

	/**
	 * Waits until every earlier run with an overlapping root has released, then holds the roots until
	 * the returned release function is called. Roots are compared as given: pass resolved real paths.
	 */
	async acquire(roots: readonly string[]): Promise<() => void> {
		const earlier = this.holders.filter((h) => h.roots.some((r) => roots.some((x) => overlaps(r, x))));
		let release!: () => void;
		const holder: Holder = { roots, done: new Promise<void>((resolve) => (release = resolve)) };
		this.holders.push(holder);
		await Promise.all(earlier.map((h) => h.done));
		return () => {
			this.holders = this.holders.filter((h) => h !== holder);
			release();
		};
	}
}
