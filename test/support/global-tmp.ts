/**
 * The run's own temporary directory. Before any test file starts, TMPDIR is pointed at a fresh
 * directory, so that whatever is made apart from test/support/temp.ts — in a helper process, in a
 * `pi` a test starts, in the code under test — lands in it and not loose in the machine's /tmp.
 * tempDir's own directories stay in the machine's /tmp and go when their file ends; it lists each
 * in a register here. When the run ends, anything left in this directory other than the caches kept
 * on purpose, and any registered directory still there, is a leak: each is named on stderr and the
 * run fails (exit 1); then they go. KEEP_TEMP=1 keeps them.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REGISTER } from "./temp.ts";

/**
 * What may stay until the directory goes: Pi's and Node's start caches (jiti, the compile cache),
 * the sandboxed children's copies of them (src/run/sandbox/contain-caches.ts), the directory of the
 * runs' control sockets (src/run/control/path.ts: each socket goes with its run), the tarball the install
 * tests share (test/install/package.ts) and tempDir's register of what it made (temp.ts).
 */
const KEPT = [
	/^jiti$/,
	/^node-compile-cache$/,
	/^pi-delegate-sandbox-cache-\d+$/,
	/^pi-delegate-control$/,
	/^pi-delegate-pack-[0-9a-f]+$/,
	/^\.pi-delegate-temp-dirs$/,
];

let root: string | undefined;

export function setup(): void {
	// tempDir's own directories stay beside it, as short as before (tests check 80-column output
	// that names them); they are removed when their file ends.
	process.env.PI_DELEGATE_TESTS_TMP = tmpdir();
	root = mkdtempSync(join(tmpdir(), "pi-delegate-tests-"));
	// Enterable by others, as /tmp is: some tests run the command as an unprivileged user on a tree of theirs.
	chmodSync(root, 0o755);
	process.env.TMPDIR = root;
	// The runs' control sockets (src/run/control/path.ts) lie here too, not in the machine's /tmp.
	process.env.PI_DELEGATE_CONTROL_DIR = join(root, "pi-delegate-control");
}

/** The entries of the run's directory a test or the code under test left behind. */
export function leftovers(names: readonly string[]): string[] {
	return names.filter((name) => !KEPT.some((kept) => kept.test(name))).sort();
}

/** The directories tempDir made (its register) that are still there: their process never removed them. */
export function unremoved(dir: string): string[] {
	const register = join(dir, REGISTER);
	if (!existsSync(register)) return [];
	const listed = readFileSync(register, "utf8")
		.split("\n")
		.filter((line) => line !== "");
	return [...new Set(listed)].filter((path) => existsSync(path));
}

export function teardown(): void {
	if (root === undefined) return;
	const lost = unremoved(root);
	if (process.env.KEEP_TEMP !== "1") for (const dir of lost) rmSync(dir, { recursive: true, force: true });
	const left = [...leftovers(readdirSync(root)), ...lost];
	if (left.length > 0) {
		process.stderr.write(
			`\n${left.length} temporary entr${left.length === 1 ? "y was" : "ies were"} left behind by the tests (in ${root}):\n${left.map((name) => `  ${name}\n`).join("")}` +
				"Make temporary directories with test/support/temp.ts `tempDir`, and start a helper process a test may kill with its `helperEnv()`.\n",
		);
		process.exitCode = 1;
	}
	if (process.env.KEEP_TEMP === "1") process.stderr.write(`temporary files kept in ${root}\n`);
	else rmSync(root, { recursive: true, force: true, maxRetries: 2 });
}
