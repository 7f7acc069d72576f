/**
 * The one temporary directory of a selftest run. Everything a selftest makes — roots, repositories,
 * an agent dir, a runs dir — lives inside it, so one removal at the end leaves nothing behind. Its
 * name carries the process id: a run killed before it could clean up (SIGKILL, a power cut) leaves
 * a directory whose owner is gone, and the next selftest removes it before it starts. A directory
 * whose owner is still alive is never touched, so two selftests at once do not disturb each other;
 * the name carries the owner's start time too, so a reused process id is not taken for the owner.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";

export const SCRATCH_PREFIX = "pi-delegate-selftest-";

/**
 * `<prefix><pid>.<start>-…` (or `<prefix><pid>-…`, as earlier versions named them): the directories
 * one process made under a prefix. `<start>` is when that process started, so a process id that the
 * system has since given to another process does not keep a dead run's directory alive.
 */
const owned = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\d+)(?:\\.(\\d+))?-`);

/** When process `pid` started, in clock ticks since boot (Linux's /proc); undefined where unknown. */
export function processStartTime(pid: number): string | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		// The command name, in parentheses, may hold spaces; the fields after it are plain.
		return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
	} catch {
		return undefined;
	}
}

/**
 * Whether the process that made a directory still runs: `pid` exists (one owned by another user
 * counts), and when the directory recorded its start, it is the same process that started then.
 */
export function processAlive(pid: number, startedAt?: string): boolean {
	try {
		process.kill(pid, 0);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
	}
	if (startedAt === undefined) return true;
	const now = processStartTime(pid);
	return now === undefined || now === startedAt;
}

/** The names in `entries` that are scratch directories of processes no longer alive. Pure. */
export function staleScratch(
	entries: readonly string[],
	alive: (pid: number, startedAt?: string) => boolean,
	prefix = SCRATCH_PREFIX,
): string[] {
	const pattern = owned(prefix);
	return entries.filter((name) => {
		const match = pattern.exec(name);
		const pid = Number(match?.[1]);
		return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid, match?.[2]);
	});
}

/** How long a dead run's directory is retried while what that run started still writes into it. */
const SETTLE_MS = 2000;

/** Blocks this thread for `ms`: the sweep runs before anything else of the run, so nothing waits on it. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes `path` and makes sure it stays gone. A run killed with SIGKILL leaves its own children
 * running for a moment (a `git` it started, a child still stopping), and one that writes while the
 * directory is removed makes the removal fail (a directory no longer empty) or makes the directory
 * again (`mkdir -p`); so the removal is retried until the path has stayed away for a beat, for at
 * most `settleMs`. Whatever is still there then is left for the next sweep.
 */
function removeSettled(path: string, settleMs: number): boolean {
	const deadline = Date.now() + settleMs;
	for (;;) {
		try {
			rmSync(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
		} catch (error) {
			// Not ours to remove (another user's, in a shared /tmp): no wait makes it so.
			const code = (error as NodeJS.ErrnoException).code;
			if (code === "EACCES" || code === "EPERM" || code === "EROFS") return false;
			// Otherwise written to while being removed: tried again below.
		}
		if (!existsSync(path)) {
			pause(50);
			if (!existsSync(path)) return true;
		}
		if (Date.now() >= deadline) return false;
		pause(100);
	}
}

/** Removes what killed runs left in `root`; returns the paths removed. */
export function removeStaleScratch(
	root: string,
	alive: (pid: number, startedAt?: string) => boolean = processAlive,
	prefix = SCRATCH_PREFIX,
	settleMs = SETTLE_MS,
): string[] {
	let entries: string[];
	try {
		entries = readdirSync(root);
	} catch {
		return [];
	}
	// Someone else's or unremovable: not ours to fail over; the next sweep tries again.
	return staleScratch(entries, alive, prefix)
		.map((name) => join(root, name))
		.filter((path) => removeSettled(path, settleMs));
}

export interface Scratch {
	/** The directory, as a real path (so paths inside compare equal to what the checks resolve). */
	dir: string;
	/** Removes the directory and everything in it; safe to call more than once. */
	remove(): void;
}

/** Cleans up after killed runs, then makes this run's directory under `root`. */
export function openScratch(root: string, prefix = SCRATCH_PREFIX): Scratch {
	removeStaleScratch(root, processAlive, prefix);
	const start = processStartTime(process.pid);
	const owner = start === undefined ? `${process.pid}` : `${process.pid}.${start}`;
	const dir = realpathSync(mkdtempSync(join(root, `${prefix}${owner}-`)));
	let removed = false;
	const remove = () => {
		if (removed) return;
		removed = true;
		rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
	};
	return { dir, remove };
}

/** Runs `fn` in a fresh scratch directory that is removed afterwards, whatever happens. */
export async function withScratch<T>(
	root: string,
	fn: (dir: string) => Promise<T>,
	prefix = SCRATCH_PREFIX,
): Promise<T> {
	const scratch = openScratch(root, prefix);
	// A process.exit() elsewhere skips `finally`; the exit hook still removes the directory.
	const onExit = () => scratch.remove();
	process.once("exit", onExit);
	try {
		return await fn(scratch.dir);
	} finally {
		process.removeListener("exit", onExit);
		scratch.remove();
	}
}
