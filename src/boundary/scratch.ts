/**
 * The private directory a snapshot's finds write their output to (exec.ts `stdoutTo` says why a
 * file and not a pipe). It lies in the system's temporary directory, so it must lie outside every
 * root: a file the check itself writes inside a root would be a change the check reports. Where
 * the temporary directory is inside a root, or cannot be used, there is none and output comes
 * through pipes, as fast as before and as correct.
 */
import { lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";

const PREFIX = "pi-delegate-walk-";
/**
 * A scratch directory older than this belongs to no live snapshot: it was left by a process killed
 * in the middle of one (a kill runs no `finally`). No snapshot takes a day, and an age is the one
 * test that holds across PID namespaces (a sandboxed process's PID means nothing outside it).
 */
const STALE_MS = 24 * 60 * 60 * 1000;
/** The temporary directories swept by this process: once each is enough. */
const swept = new Set<string>();

/** Removes what killed snapshots left in `tmp`, once per process; a failure leaves things as they are. */
function sweepStale(tmp: string, now: number): void {
	if (swept.has(tmp)) return;
	swept.add(tmp);
	try {
		for (const name of readdirSync(tmp)) {
			if (!name.startsWith(PREFIX)) continue;
			const path = join(tmp, name);
			const stat = lstatSync(path, { throwIfNoEntry: false });
			if (stat?.isDirectory() && now - stat.mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
		}
	} catch {
		// An unreadable temporary directory has nothing of ours to remove.
	}
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
		if (!roots.some((root) => inside(tmp, root))) scratch = mkdtempSync(join(tmp, PREFIX));
	} catch {
		scratch = undefined;
	}
	try {
		return await body(scratch);
	} finally {
		if (scratch !== undefined) {
			rmSync(scratch, { recursive: true, force: true });
			// After the snapshot, so it costs the snapshot nothing.
			sweepStale(dirname(scratch), Date.now());
		}
	}
}
