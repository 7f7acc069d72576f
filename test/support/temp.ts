/**
 * The one way tests make temporary directories: real paths (macOS-style /tmp symlinks resolved, so
 * paths compare equal to what the code under test resolves), removed when the test file finishes
 * (test/support/setup.ts), and kept with KEEP_TEMP=1 for a look after a failure.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();

/**
 * Where the directories go: the machine's temporary directory, which the run's global set-up
 * records before it points TMPDIR at a directory of the run's own (global-tmp.ts).
 */
const parent = () => process.env.PI_DELEGATE_TESTS_TMP || tmpdir();

export function tempDir(prefix = "pi-delegate-test-"): string {
	const dir = realpathSync(mkdtempSync(join(parent(), prefix)));
	made.add(dir);
	return dir;
}

/** Removes every directory `tempDir` made; chmod'ed leftovers are made writable first. */
export function removeTempDirs(): void {
	if (process.env.KEEP_TEMP === "1") return;
	for (const dir of made) {
		try {
			rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
		} catch {
			// A directory a test made unreadable is the test's to restore; leave it rather than fail the run.
		}
		made.delete(dir);
	}
}
