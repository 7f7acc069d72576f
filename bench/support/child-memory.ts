/**
 * Peak memory of the child processes this process starts, for a runner that does not hand out its
 * child's pid (pi-delegate's subprocess runner keeps it to itself). While a batch runs, the direct
 * children of this process's main thread are listed from /proc every few milliseconds and each
 * one's high-water mark (VmHWM) is kept. Only Node processes count: a runner's helpers (a `find`,
 * a `git`) are not children. Linux only; elsewhere nothing is found and memory shows as missing.
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

export class ChildMemory {
	readonly #peaks = new Map<number, number>();
	readonly #other = new Set<number>();
	#timer: NodeJS.Timeout | undefined;

	start(intervalMs = 25): void {
		this.#timer = setInterval(() => this.poll(), intervalMs);
	}

	poll(): void {
		const list = read(`/proc/${process.pid}/task/${process.pid}/children`);
		for (const pid of (list ?? "").split(/\s+/).filter(Boolean).map(Number)) {
			if (this.#other.has(pid)) continue;
			if (!this.#peaks.has(pid) && !isNode(pid)) {
				this.#other.add(pid);
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
