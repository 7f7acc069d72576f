/**
 * The private directory a snapshot's finds write their output to (exec.ts `stdoutTo` says why a
 * file and not a pipe). It lies in the system's temporary directory, so it must lie outside every
 * root: a file the check itself writes inside a root would be a change the check reports. Where
 * the temporary directory is inside a root, or cannot be used, there is none and output comes
 * through pipes, as fast as before and as correct.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { ownedPrefix, processAlive, removeStaleScratch } from "../leftovers.ts";

const PREFIX = "pi-delegate-walk-";
/** The temporary directories swept by this process: once each is enough. */
const swept = new Set<string>();

/**
 * Removes what snapshots of killed processes left in `tmp` (a kill runs no `finally`), once per
 * process and directory, without waiting: a find its killed owner started may still be writing, but
 * into a file already unlinked, which makes no path again. What cannot be removed stays for a later
 * sweep.
 */
function sweepLeftovers(tmp: string): void {
	if (swept.has(tmp)) return;
	swept.add(tmp);
	removeStaleScratch(tmp, processAlive, PREFIX, 0);
}

const inside = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Runs `body` with a fresh scratch directory outside `roots` (real paths), removed after; or with
 * none. Made synchronously (two system calls), so that the finds, the longest part of a snapshot,
 * start before anything else does.
 */
export async function withScratch<T>(roots: readonly string[], body: (scratch?: string) => Promise<T>): Promise<T> {
	let scratch: string | undefined;
	try {
		const tmp = realpathSync(tmpdir());
		if (!roots.some((root) => inside(tmp, root))) scratch = mkdtempSync(join(tmp, ownedPrefix(PREFIX)));
	} catch {
		scratch = undefined;
	}
	try {
		return await body(scratch);
	} finally {
		if (scratch !== undefined) {
			rmSync(scratch, { recursive: true, force: true });
			// After the snapshot, so it costs the snapshot nothing.
			sweepLeftovers(dirname(scratch));
		}
	}
}
