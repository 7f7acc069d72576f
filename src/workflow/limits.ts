/**
 * A run's limits across its children: how many run at once (`Slots`), and what they have spent
 * together (`Spend`), counted live from each child's usage so the run stops while the child that
 * tips it over is still running, not after.
 */

/** At most `size` holders at once; waiting holders are served in the order they asked. */
export class Slots {
	private free: number;
	private readonly waiting: Array<() => void> = [];
	private peak = 0;
	private readonly size: number;

	constructor(size: number) {
		this.size = size;
		this.free = size;
	}

	/** The most holders there were at once. */
	get mostAtOnce(): number {
		return this.peak;
	}

	/** Resolves with a release function once a slot is free, or at once when `signal` is aborted. */
	acquire(signal?: AbortSignal): Promise<() => void> {
		const granted = () => {
			this.free--;
			this.peak = Math.max(this.peak, this.size - this.free);
			let released = false;
			return () => {
				if (released) return;
				released = true;
				this.free++;
				this.waiting.shift()?.();
			};
		};
		if (this.free > 0 && this.waiting.length === 0) return Promise.resolve(granted());
		if (signal?.aborted) return Promise.resolve(() => {});
		return new Promise((resolve) => {
			const wake = () => {
				signal?.removeEventListener("abort", onAbort);
				resolve(granted());
			};
			const onAbort = () => {
				const at = this.waiting.indexOf(wake);
				if (at >= 0) this.waiting.splice(at, 1);
				resolve(() => {});
			};
			this.waiting.push(wake);
			signal?.addEventListener("abort", onAbort, { once: true });
		});
	}
}

/** Dollars per child, live while it runs and final once it ends; their sum is the run's spend. */
export class Spend {
	private readonly byCall = new Map<number, number>();

	/** Sets a call's spend so far; returns the run's total. */
	set(seq: number, usd: number): number {
		this.byCall.set(seq, usd);
		return this.total;
	}

	get total(): number {
		let sum = 0;
		for (const usd of this.byCall.values()) sum += usd;
		return sum;
	}
}

/** Runs `tasks` with at most `limit` at once; every task settles before the result (or the first error). */
export async function limited<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
	const results: PromiseSettledResult<T>[] = new Array(tasks.length);
	let next = 0;
	const lane = async () => {
		while (next < tasks.length) {
			const index = next++;
			const task = tasks[index];
			if (!task) continue;
			try {
				results[index] = { status: "fulfilled", value: await task() };
			} catch (reason) {
				results[index] = { status: "rejected", reason };
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, lane));
	const failed = results.find((r) => r.status === "rejected");
	if (failed) throw failed.reason;
	return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
