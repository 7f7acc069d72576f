/** Fixtures for boundary tests: temp trees, git repositories, snapshot-then-diff in one call. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { type SnapshotOptions, snapshotRoots } from "../../src/boundary/snapshot.ts";
import type { Change, Snapshot } from "../../src/boundary/types.ts";

const made: string[] = [];
afterAll(() => {
	for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory (real path), removed after the test file. */
export function tempDir(label = "root"): string {
	const dir = realpathSync(mkdtempSync(join(tmpdir(), `boundary-${label}-`)));
	made.push(dir);
	return dir;
}

/** Writes files (creating parent directories) under `root`. */
export function write(root: string, files: Record<string, string>): void {
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
}

const GIT_ENV = {
	...process.env,
	GIT_AUTHOR_NAME: "Test",
	GIT_AUTHOR_EMAIL: "test@example.invalid",
	GIT_COMMITTER_NAME: "Test",
	GIT_COMMITTER_EMAIL: "test@example.invalid",
	GIT_CONFIG_NOSYSTEM: "1",
};

/** Runs git in `cwd` and returns its stdout. */
export function git(cwd: string, ...args: string[]): string {
	return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A repository with `files` committed on `main`. */
export function gitRepo(files: Record<string, string>, label = "repo"): string {
	const dir = tempDir(label);
	git(dir, "init", "-q", "-b", "main");
	write(dir, files);
	git(dir, "add", "-A");
	git(dir, "commit", "-qm", "initial");
	return dir;
}

/** Options under which no file counts as recently touched: the metadata rules alone decide. */
export const NOTHING_RACY: SnapshotOptions = { now: () => Date.now() + 3_600_000, racyWindowMs: 0 };

/** Snapshots `roots`, runs `change`, snapshots again and returns the delta. */
export async function deltaOf(
	roots: string[],
	change: () => void | Promise<void>,
	options: SnapshotOptions = {},
): Promise<{ changes: Change[]; before: Snapshot; after: Snapshot }> {
	const before = await snapshotRoots(roots, options);
	await change();
	const after = await snapshotRoots(roots, { ...options, previous: before });
	return { changes: diffSnapshots(before, after), before, after };
}

/** `kind path` lines, the shape most assertions compare. */
export function summary(changes: readonly Change[]): string[] {
	return changes.map((c) => `${c.kind} ${c.path}`);
}
