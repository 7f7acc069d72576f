/**
 * The one way tests make temporary directories: real paths (macOS-style /tmp symlinks resolved, so
 * paths compare equal to what the code under test resolves), removed when the test file finishes
 * (test/support/setup.ts), and kept with KEEP_TEMP=1 for a look after a failure.
 */
import { appendFileSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();

/**
 * Where the directories go: the machine's temporary directory, which the run's global set-up
 * records before it points TMPDIR at a directory of the run's own (global-tmp.ts).
 */
const parent = () => process.env.PI_DELEGATE_TESTS_TMP || tmpdir();

/**
 * Under a test run, each directory is also listed in the run's register (global-tmp.ts), so that
 * one a process made and never removed — it was killed, or its file never ended — is found.
 */
export const REGISTER = ".pi-delegate-temp-dirs";

export function tempDir(prefix = "pi-delegate-test-", under = parent()): string {
	const dir = realpathSync(mkdtempSync(join(under, prefix)));
	made.add(dir);
	if (process.env.PI_DELEGATE_TESTS_TMP) appendFileSync(join(tmpdir(), REGISTER), `${dir}\n`);
	return dir;
}

/**
 * A temporary directory outside /tmp, which a sandboxed child sees (read-only) where it sees none of
 * the test's /tmp (each child has a private one): for a word the test gives children while they run.
 */
export const visibleTempDir = (prefix = "pi-delegate-test-") => tempDir(prefix, "/var/tmp");

/**
 * The environment for a helper process a test may kill, whose own clean-up then never runs:
 * whatever it makes, through tempDir or not, lands in a directory of this file's own.
 */
export function helperEnv(prefix = "pi-delegate-helper-"): NodeJS.ProcessEnv {
	const dir = tempDir(prefix);
	return { ...process.env, TMPDIR: dir, PI_DELEGATE_TESTS_TMP: dir };
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
