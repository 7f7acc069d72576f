/**
 * Peak memory of the child processes this process starts, for a runner that does not hand out its
 * child's pid (pi-delegate's subprocess runner keeps it to itself). While a batch runs, this
 * process's children are listed from /proc every few milliseconds and each child's high-water mark
 * (VmHWM) is kept. Only Node processes count, and a contained child's Node runs under bubblewrap,
 * so the walk goes down through processes that are not Node (bwrap, its namespace's init) to the
 * first Node process on each branch, and never below one: a runner's helpers (a `find`, a `git`)
 * and a child's own commands are not children. Linux only; elsewhere nothing is found and memory
 * shows as missing.
 */
import { readFileSync, readlinkSync, realpathSync } from "node:fs";

const NODE = realpathSync(process.execPath);

function read(path: string): string | undefined {
	try {
		return readFileSync(path, "utf8");
	} catch {
		return undefined;
	}
}

function isNode(pid: number): boolean {
	try {
		return readlinkSync(`/proc/${pid}/exe`) === NODE;
	} catch {
		return false;
	}
}

/** The children of a process's main thread, as /proc lists them. */
function childrenOf(pid: number): number[] {
	return (read(`/proc/${pid}/task/${pid}/children`) ?? "").split(/\s+/).filter(Boolean).map(Number);
}

export class ChildMemory {
	readonly #peaks = new Map<number, number>();
	#timer: NodeJS.Timeout | undefined;

	start(intervalMs = 25): void {
		this.#timer = setInterval(() => this.poll(), intervalMs);
	}

	poll(): void {
		const pending = childrenOf(process.pid);
		for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
			// Asked every time: a process forked by bwrap is bwrap until it execs Node.
			if (!this.#peaks.has(pid) && !isNode(pid)) {
				// Not Node (bwrap, a shell): its own memory is not the child's, but a Node below it is.
				pending.push(...childrenOf(pid));
				continue;
			}
			const match = /VmHWM:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? "");
			if (match) this.#peaks.set(pid, Math.max(this.#peaks.get(pid) ?? 0, Number(match[1])));
		}
	}

	/** Stops polling; the peak of each child process seen, KiB, in order of pid (≈ start order). */
	stop(): number[] {
		clearInterval(this.#timer);
		return [...this.#peaks.entries()].sort(([a], [b]) => a - b).map(([, kib]) => kib);
	}
}
