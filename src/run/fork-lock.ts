/**
 * Forks share the working directory they watch; tasks take it for themselves. A fork that ran while
 * a task wrote under the same root would see the task's writes in its boundary diff and fail for
 * them, so forks hold the root through the same root locks as tasks — but together: every fork that
 * starts while forks hold a root joins their hold instead of queueing behind them, and the root is
 * released when the last of them ends. Sibling forks (one call's briefs, or several calls in one
 * message) therefore run at the same time, and a task on an overlapping root waits for all of them.
 */
import type { RootLocks } from "./root-lock.ts";

interface Hold {
	count: number;
	acquired: Promise<() => void>;
}

export class SharedRootHold {
	private readonly holds = new Map<string, Hold>();
	private readonly locks: RootLocks;

	constructor(locks: RootLocks) {
		this.locks = locks;
	}

	/** Joins (or takes) the hold on these roots; the returned function leaves it, once. */
	async acquire(roots: readonly string[]): Promise<() => void> {
		const key = [...roots].sort().join("\u0000");
		let hold = this.holds.get(key);
		if (!hold) {
			hold = { count: 0, acquired: this.locks.acquire(roots) };
			this.holds.set(key, hold);
		}
		const joined = hold;
		joined.count++;
		const release = await joined.acquired;
		let left = false;
		return () => {
			if (left) return;
			left = true;
			joined.count--;
			if (joined.count > 0) return;
			if (this.holds.get(key) === joined) this.holds.delete(key);
			release();
		};
	}
}
