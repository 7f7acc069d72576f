/**
 * Two-sided boundary checks for the selftest: each case builds temporary roots, makes one change,
 * and says whether the judgement must flag it. An authorised write must pass and every incidental
 * one must fail — a checker that only ever says "clean" (or only "violation") fails the selftest.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffSnapshots } from "../boundary/diff.ts";
import { gitSync } from "../boundary/git-process.ts";
import { judgeChanges } from "../boundary/judge.ts";
import { snapshotRoots } from "../boundary/snapshot.ts";

export interface BoundaryCase {
	label: string;
	/** True when the change must be flagged as a violation. */
	violation: boolean;
	/** Makes the change, given the writable root and the watched-only root. */
	change(writable: string, watched: string): void;
}

export interface BoundaryCaseResult {
	label: string;
	expected: "violation" | "clean";
	got: "violation" | "clean";
	detail: string;
	ok: boolean;
}

/** Runs git in one of the selftest's own repositories; a failure is the case's error. */
function git(dir: string, ...args: string[]): void {
	if (gitSync(args, dir).status !== 0) throw new Error(`git ${args.join(" ")} failed in ${dir}`);
}

/** A watched-only git root with an ignored node_modules/ that already holds a file, as real projects do. */
function makeRoots(base: string): { writable: string; watched: string } {
	const writable = join(base, "writable");
	const watched = join(base, "watched");
	mkdirSync(writable);
	mkdirSync(join(watched, "node_modules", "dep"), { recursive: true });
	writeFileSync(join(writable, "notes.md"), "draft\n");
	writeFileSync(join(watched, ".gitignore"), "node_modules/\n");
	writeFileSync(join(watched, "config.txt"), "mode=safe\n");
	writeFileSync(join(watched, "node_modules", "dep", "index.js"), "module.exports = 1;\n");
	git(watched, "init", "-q");
	git(watched, "add", "-A");
	git(watched, "commit", "-q", "-m", "init");
	return { writable, watched };
}

export const BOUNDARY_CASES: readonly BoundaryCase[] = [
	{ label: "no change at all", violation: false, change: () => {} },
	{
		label: "authorised write in the writable root",
		violation: false,
		change: (writable) => writeFileSync(join(writable, "notes.md"), "final text\n"),
	},
	{
		label: "incidental write into a watched-only root",
		violation: true,
		change: (_w, watched) => writeFileSync(join(watched, "build.log"), "compiled\n"),
	},
	{
		label: "write inside an already-ignored directory (node_modules/)",
		violation: true,
		change: (_w, watched) => writeFileSync(join(watched, "node_modules", "dep", "index.js"), "module.exports = 2;\n"),
	},
	{
		label: "same-size rewrite with its mtime restored",
		violation: true,
		change: (_w, watched) => {
			const file = join(watched, "config.txt");
			const before = statSync(file);
			writeFileSync(file, "mode=open\n");
			utimesSync(file, before.atime, before.mtime);
		},
	},
	{
		label: "a commit in a watched-only repository",
		violation: true,
		change: (_w, watched) => git(watched, "commit", "-q", "--allow-empty", "-m", "sneaky"),
	},
];

/**
 * Runs one case in a fresh directory made inside `parent` (the selftest's scratch directory); with
 * no parent, in a temporary directory of its own that is removed afterwards.
 */
export async function evaluateBoundaryCase(c: BoundaryCase, parent?: string): Promise<BoundaryCaseResult> {
	const base = realpathSync(mkdtempSync(join(parent ?? tmpdir(), "boundary-")));
	try {
		return await judgeCase(c, base);
	} finally {
		if (parent === undefined) rmSync(base, { recursive: true, force: true });
	}
}

async function judgeCase(c: BoundaryCase, base: string): Promise<BoundaryCaseResult> {
	const { writable, watched } = makeRoots(base);
	const roots = [writable, watched];
	const before = await snapshotRoots(roots);
	c.change(writable, watched);
	const after = await snapshotRoots(roots);
	const { violations, allowed } = judgeChanges(diffSnapshots(before, after), [writable]);
	const got = violations.length > 0 ? "violation" : "clean";
	const shown = violations.length > 0 ? violations : allowed;
	const detail = shown.map((v) => `${v.kind} ${v.path}`).join(", ") || "no change";
	const expected = c.violation ? "violation" : "clean";
	return { label: c.label, expected, got, detail, ok: got === expected };
}
