/**
 * The one temporary directory of a selftest run. Everything a selftest makes — roots, repositories,
 * an agent dir, a runs dir — lives inside it, so one removal at the end leaves nothing behind. Its
 * name carries the process id: a run killed before it could clean up (SIGKILL, a power cut) leaves
 * a directory whose owner is gone, and the next selftest removes it before it starts. A directory
 * whose owner is still alive is never touched, so two selftests at once do not disturb each other.
 */
import { mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";

export const SCRATCH_PREFIX = "pi-delegate-selftest-";

/** `<prefix><pid>-…`: the directories one process made under a prefix. */
const owned = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\d+)-`);

/** Whether a process exists; one owned by another user counts as alive. */
export function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** The names in `entries` that are scratch directories of processes no longer alive. Pure. */
export function staleScratch(
	entries: readonly string[],
	alive: (pid: number) => boolean,
	prefix = SCRATCH_PREFIX,
): string[] {
	const pattern = owned(prefix);
	return entries.filter((name) => {
		const pid = Number(pattern.exec(name)?.[1]);
		return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
	});
}

/** Removes what killed runs left in `root`; returns the paths removed. */
export function removeStaleScratch(
	root: string,
	alive: (pid: number) => boolean = processAlive,
	prefix = SCRATCH_PREFIX,
): string[] {
	let entries: string[];
	try {
		entries = readdirSync(root);
	} catch {
		return [];
	}
	const removed: string[] = [];
	for (const name of staleScratch(entries, alive, prefix)) {
		const path = join(root, name);
		try {
			rmSync(path, { recursive: true, force: true });
			removed.push(path);
		} catch {
			// Someone else's or unremovable: not ours to fail over.
		}
	}
	return removed;
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
	const dir = realpathSync(mkdtempSync(join(root, `${prefix}${process.pid}-`)));
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
