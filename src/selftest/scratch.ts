/**
 * The one temporary directory of a selftest run. Everything a selftest makes — roots, repositories,
 * an agent dir, a runs dir — lives inside it, so one removal at the end leaves nothing behind. Its
 * name carries the process id: a run killed before it could clean up (SIGKILL, a power cut) leaves
 * a directory whose owner is gone, and the next selftest removes it before it starts. A directory
 * whose owner is still alive is never touched, so two selftests at once do not disturb each other;
 * the name carries the owner's start time too, so a reused process id is not taken for the owner.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ownedPrefix, processAlive, removeStaleScratch } from "../leftovers.ts";

export const SCRATCH_PREFIX = "pi-delegate-selftest-";

export interface Scratch {
	/** The directory, as a real path (so paths inside compare equal to what the checks resolve). */
	dir: string;
	/** Removes the directory and everything in it; safe to call more than once. */
	remove(): void;
}

/** Cleans up after killed runs, then makes this run's directory under `root`. */
export function openScratch(root: string, prefix = SCRATCH_PREFIX): Scratch {
	removeStaleScratch(root, processAlive, prefix);
	const dir = realpathSync(mkdtempSync(join(root, ownedPrefix(prefix))));
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
