/**
 * What a task's private working copy (`apply: "on-pass"`) costs next to the peer's way of giving a
 * child a tree of its own: `git worktree add`, a diff piped to `git apply`, `git worktree remove`.
 *
 * The tree is the boundary benchmark's: a git repository of 10,000 tracked files holding a
 * gitignored node_modules/ of 100,000 (quick: 1,000 + 10,000), its objects packed as a working
 * repository's mostly are. Each round runs the three, in a rotated order, after one warm-up round
 * that is not recorded:
 *
 * - pi-delegate: `makeWorkspace([root], { writeAllowed, mounted: false })` (make); the same small
 *   change made in the copy (3 files edited, 1 added, 1 deleted); `collectChanges` of the boundary
 *   delta of those 5 paths, written by hand, and `land` into the real root (apply);
 *   `workspace.drop()` (drop). write_allowed is the root (a spec's write_allowed names whole roots);
 *   the copy shares the ignored node_modules with the real root instead of copying it.
 * - git worktree: `git worktree add --detach <tmp> HEAD` (make); the same change; `git add -A`, then
 *   `git diff --cached --binary` piped to `git apply` in the real root (apply); `git worktree
 *   remove --force` (drop).
 *
 * After each, outside the clock, the real root is checked to hold exactly the change and put back
 * (`git checkout` of those files, the added one removed). Once, outside the clock, each tree's disk
 * use (`du -sk`, allocated and apparent) and its numbers of files and links are counted.
 * APPLY_ROUNDS=N changes the number of rounds.
 */
import { exec as execCallback } from "node:child_process";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Change } from "../src/boundary/types.ts";
import { renderTable } from "../src/format/table.ts";
import { collectChanges } from "../src/run/workspace/changes.ts";
import { makeWorkspace } from "../src/run/workspace/copy.ts";
import { land } from "../src/run/workspace/land.ts";
import type { Bench } from "./run.ts";
import { buildTree, settle } from "./support/boundary-trees.ts";
import { median, show } from "./support/stats.ts";

const sh = promisify(execCallback);
const bash = (command: string, cwd: string) =>
	sh(`set -o pipefail; ${command}`, { cwd, shell: "/bin/bash", maxBuffer: 1 << 28 });

/** The change both make: paths relative to the root (buildTree puts 100 files in each src/dN). */
const EDITED = ["src/d0/f0.js", "src/d1/f100.js", "src/d2/f200.js"];
const ADDED = "src/d3/added.js";
const DELETED = "src/d4/f400.js";

async function change(tree: string): Promise<void> {
	await Promise.all(EDITED.map((rel, i) => writeFile(join(tree, rel), `export const edited${i} = true;\n`)));
	await writeFile(join(tree, ADDED), "export const added = 1;\n");
	await unlink(join(tree, DELETED));
}

/** The boundary's delta of that change, as a snapshot diff of the copy reports it. */
function delta(copy: string): Change[] {
	return [
		...EDITED.map((path): Change => ({ root: copy, path, kind: "modified", detail: "" })),
		{ root: copy, path: ADDED, kind: "added", detail: "" },
		{ root: copy, path: DELETED, kind: "deleted", detail: "" },
	];
}

const PHASES = ["make", "change", "apply", "drop", "whole"] as const;
type Phase = (typeof PHASES)[number];
type Sample = Record<Phase, number>;

/** Times `steps` in turn, each a phase; whole is their sum. */
async function phases(steps: Array<[Exclude<Phase, "whole">, () => Promise<unknown>]>): Promise<Sample> {
	const out = { whole: 0 } as Sample;
	for (const [name, step] of steps) {
		const start = performance.now();
		await step();
		out[name] = performance.now() - start;
		out.whole += out[name];
	}
	return out;
}

async function ours(root: string, allowed: string): Promise<Sample> {
	let workspace: Awaited<ReturnType<typeof makeWorkspace>> | undefined;
	return phases([
		["make", async () => (workspace = await makeWorkspace([root], { writeAllowed: [allowed], mounted: false }))],
		["change", () => change(workspace!.copies[0]!.copy)],
		[
			"apply",
			async () => {
				const collected = await collectChanges(workspace!, delta(workspace!.copies[0]!.copy));
				if (collected.touched.length !== 5 || collected.conflicts.length + collected.uncarried.length > 0) {
					throw new Error(`unexpected collection: ${JSON.stringify(collected.touched.map((t) => t.real))}`);
				}
				const failed = await land(collected.touched, [root]);
				if (failed) throw new Error(failed);
			},
		],
		["drop", () => workspace!.drop()],
	]);
}

async function worktree(root: string): Promise<Sample> {
	let parent = "";
	let tree = "";
	return phases([
		[
			"make",
			async () => {
				parent = await mkdtemp(join(tmpdir(), "apply-bench-worktree-"));
				tree = join(parent, "tree");
				await bash(`git worktree add -q --detach '${tree}' HEAD`, root);
			},
		],
		["change", () => change(tree)],
		["apply", () => bash(`git add -A && git diff --cached --binary | git -C '${root}' apply`, tree)],
		[
			"drop",
			async () => {
				await bash(`git worktree remove --force '${tree}'`, root);
				await rm(parent, { recursive: true, force: true });
			},
		],
	]);
}

/** Fails unless the real root holds exactly the change; then puts it back as it was. */
async function checkAndRestore(root: string, who: string): Promise<void> {
	const { stdout } = await bash("git status --porcelain --untracked-files=all", root);
	const got = stdout.split("\n").filter(Boolean).sort().join("; ");
	const want = [...EDITED.map((p) => ` M ${p}`), ` D ${DELETED}`, `?? ${ADDED}`].sort().join("; ");
	if (got !== want) throw new Error(`${who} left the real root as «${got}», not «${want}»`);
	await bash(
		`git checkout -q HEAD -- ${[...EDITED, DELETED].join(" ")} && rm -f ${ADDED} && git update-index -q --refresh`,
		root,
	);
}

/** Disk use and entry counts of a tree, `.git` and links not followed. */
async function footprint(dir: string) {
	const num = async (command: string) => Number((await bash(command, dir)).stdout.trim().split(/\s/)[0]);
	return {
		allocated_kib: await num("du -sk ."),
		apparent_kib: await num("du -sk --apparent-size ."),
		files: await num("find . -type f | wc -l"),
		links: await num("find . -type l | wc -l"),
		directories: await num("find . -type d | wc -l"),
	};
}

/** pi-delegate's copy, with write_allowed the root as a spec names it. */
const COPIES = {
	copy_root: { label: "pi-delegate copy (write_allowed = the root)", allowed: (root: string) => root },
} as const;
type Who = keyof typeof COPIES | "worktree";
const WHO: Who[] = ["copy_root", "worktree"];

/** Each tree made once more, measured, and removed (outside any clock). */
async function footprints(root: string) {
	const out: Record<string, Awaited<ReturnType<typeof footprint>>> = {};
	for (const [name, { allowed }] of Object.entries(COPIES)) {
		const workspace = await makeWorkspace([root], { writeAllowed: [allowed(root)], mounted: false });
		out[name] = await footprint(workspace.copies[0]!.copy).finally(() => workspace.drop());
	}
	const parent = mkdtempSync(join(tmpdir(), "apply-bench-worktree-"));
	const tree = join(parent, "tree");
	try {
		await bash(`git worktree add -q --detach '${tree}' HEAD`, root);
		out.worktree = await footprint(tree);
		// What the worktree keeps inside the real repository: its index, HEAD and logs.
		out.worktree_admin = await footprint(join(root, ".git", "worktrees", "tree"));
		return out;
	} finally {
		await bash(`git worktree remove --force '${tree}'`, root);
		rmSync(parent, { recursive: true, force: true });
	}
}

async function measure(root: string, rounds: number) {
	const samples = Object.fromEntries(WHO.map((w) => [w, [] as Sample[]])) as Record<Who, Sample[]>;
	const run = (who: Who) => (who === "worktree" ? worktree(root) : ours(root, COPIES[who].allowed(root)));
	for (let round = -1; round < rounds; round++) {
		process.stderr.write(`apply: round ${round + 1}/${rounds}\r`);
		// Rotated, so none always runs first (after the restore) or last.
		const order = WHO.map((_, i) => WHO[(i + round + 1) % WHO.length]!);
		for (const who of order) {
			const sample = await run(who);
			await checkAndRestore(root, who);
			if (round >= 0) samples[who].push(sample);
		}
	}
	const medians = (list: Sample[]) => Object.fromEntries(PHASES.map((p) => [p, median(list.map((s) => s[p]))]));
	const all = Object.fromEntries(WHO.map((w) => [w, medians(samples[w])])) as Record<Who, Record<Phase, number>>;
	return { medians: all, samples_ms: samples };
}

const bench: Bench = async ({ quick }) => {
	const [tracked, ignored] = quick ? [1_000, 10_000] : [10_000, 100_000];
	const rounds = Number(process.env.APPLY_ROUNDS) || (quick ? 3 : 7);
	process.stderr.write(`building ${tracked} + ${ignored} files…\n`);
	const root = await buildTree(tracked, ignored);
	try {
		// The commit may have started an automatic gc in the background: let it end, then pack.
		await bash("while [ -e .git/gc.pid ]; do sleep 0.5; done; git gc -q", root);
		await settle();
		// A file the tree did not commit, to show which of them carries it (counted, not timed).
		writeFileSync(join(root, "src", "untracked.js"), "export const untracked = 1;\n");
		const disk = await footprints(root);
		unlinkSync(join(root, "src", "untracked.js"));
		const timing = await measure(root, rounds);
		const w = timing.medians.worktree.whole;
		const ratio_whole = { copy_root: timing.medians.copy_root.whole / w };
		const data = { tracked_files: tracked, ignored_files: ignored, rounds, ratio_whole, ...timing, disk };
		return { name: "apply", table: render(data), data };
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
};

type Data = Awaited<ReturnType<typeof measure>> & {
	tracked_files: number;
	ignored_files: number;
	rounds: number;
	ratio_whole: Record<keyof typeof COPIES, number>;
	disk: Awaited<ReturnType<typeof footprints>>;
};

function render(data: Data): string {
	const m = data.medians;
	const w = m.worktree;
	const rows = PHASES.map((p) => [p, show.ms(m.copy_root[p]), show.times(m.copy_root[p] / w[p]), show.ms(w[p])]);
	const times = renderTable(["phase (median)", "pi-delegate copy", "ratio", "git worktree"], rows, [
		"left",
		"right",
		"right",
		"right",
	]);
	const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
	const disk = (label: string, name: string) => {
		const f = data.disk[name]!;
		return [label, mib(f.allocated_kib), mib(f.apparent_kib), String(f.files), String(f.links)];
	};
	const diskTable = renderTable(
		["tree (.git included)", "allocated", "apparent", "files", "links"],
		[
			disk(COPIES.copy_root.label, "copy_root"),
			disk("git worktree", "worktree"),
			disk("  + its admin dir in the real .git", "worktree_admin"),
		],
		["left", "right", "right", "right", "right"],
	);
	return [
		times,
		"",
		`whole, pi-delegate / git worktree: ${show.times(data.ratio_whole.copy_root)} (target ≤ 1.50×)`,
		`tree: ${data.tracked_files} tracked + ${data.ignored_files} ignored files (node_modules), ${data.rounds} rounds`,
		"",
		"disk use of each tree (one untracked file added to the real root first):",
		diskTable,
		"",
		"The copy carries staged, unstaged and untracked files and keeps modes and mtimes; git worktree add",
		"checks out HEAD only (no uncommitted change, no untracked file) with fresh mtimes. The worktree",
		"has no node_modules; the copy shares the real one (linked here; mounted at its place for a child).",
	].join("\n");
}

export default bench;
