/** Fixtures for boundary tests: temp trees, git repositories, snapshot-then-diff in one call. */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import type { WalkedRoot } from "../../src/boundary/diff-entries.ts";
import { parseEntry } from "../../src/boundary/entry.ts";
import { entriesWithHashes } from "../../src/boundary/load.ts";
import { type SnapshotOptions, snapshotRoots } from "../../src/boundary/snapshot.ts";
import { treeFromPairs } from "../../src/boundary/tree.ts";
import type { Change, RootSnapshot, Snapshot } from "../../src/boundary/types.ts";
import { tempDir as runTempDir } from "../support/temp.ts";

/** A fresh directory (real path), removed after the test file. */
export function tempDir(label = "root"): string {
	return runTempDir(`boundary-${label}-`);
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

/** A root's entries as [path, text] pairs ('' is the root), content hashes written into the text. */
export function entriesOf(root: RootSnapshot | undefined): Array<[string, string]> {
	if (root === undefined) throw new Error("no such root in the snapshot");
	return entriesWithHashes(root);
}

/** The paths a root's snapshot lists, in walk order. */
export function pathsOf(root: RootSnapshot | undefined): string[] {
	return entriesOf(root).map(([path]) => path);
}

/**
 * A walked root from hand-written [path, text] pairs; a ` sha256:<hex>` in a text becomes the
 * entry's content hash, as version 1 wrote it.
 */
export function walkedOf(pairs: Array<[string, string]>, unreadable: Record<string, string> = {}): WalkedRoot {
	const hashes: Record<string, string> = {};
	const plain = pairs.map(([path, text]): [string, string] => {
		const at = text.indexOf(" sha256:");
		if (at === -1) return [path, text];
		hashes[path] = parseEntry(text).hash!;
		return [path, text.slice(0, at)];
	});
	return { tree: treeFromPairs(plain), hashes, unreadable };
}

/**
 * A hand-made snapshot of one root, for the pure diff and judgement: `entries` under its root
 * directory (no entry at all when `over.status` says the root was not read), any field overridden.
 */
export function rootSnapshot(
	path: string,
	entries: Array<[string, string]> = [],
	over: Partial<RootSnapshot> = {},
): RootSnapshot {
	const tree = treeFromPairs(over.status && over.status !== "ok" ? [] : [["", "d 755"], ...entries]);
	return {
		root: path,
		realPath: path,
		status: "ok",
		walker: "find",
		tree,
		hashes: {},
		git: [],
		unreadable: {},
		excluded: [],
		...over,
	};
}

/** A snapshot of `roots`, taken at a fixed time. */
export const snapshotOf = (...roots: RootSnapshot[]): Snapshot => ({
	version: 3,
	takenAt: "2026-01-01T00:00:00.000Z",
	roots,
});
