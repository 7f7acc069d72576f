/**
 * Directories a process leaves in the temporary directory while it works, and what is left of
 * them when it is killed before it can remove them (SIGKILL, a power cut: no `finally` runs). Each
 * name carries its owner's process id and start time, so a later process can tell a dead owner's
 * directory from a live one's and remove only the first: two runs at once never disturb each other,
 * and a process id the system has since given to another process does not keep a dead run's
 * directory alive. The selftest's, doctor's and the boundary walk's directories are named this way.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

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
	prefix: string,
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

/** Blocks this thread for `ms`: a sweep that waits runs before anything else of its run, so nothing waits on it. */
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
			if (settleMs <= 0) return true;
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
	alive: (pid: number, startedAt?: string) => boolean,
	prefix: string,
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

/** `<prefix><pid>.<start>-` for this process: the start of the name of a directory it owns. */
export function ownedPrefix(prefix: string): string {
	owner ??= ((start) => (start === undefined ? `${process.pid}` : `${process.pid}.${start}`))(
		processStartTime(process.pid),
	);
	return `${prefix}${owner}-`;
}

/** This process's part of a name, read once: a boundary check makes one directory per snapshot. */
let owner: string | undefined;
