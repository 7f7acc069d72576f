/**
 * The boundary check: how fast a snapshot + diff is next to `git status --porcelain --ignored` on
 * the same tree (and the blind spot that makes git status alone unusable), how much memory it
 * takes, how large a run's audit record of it is, and how it scales with the number of roots.
 *
 * 1. Big tree: a git repository with 10,000 tracked files and a gitignored node_modules/ of
 *    100,000 (quick: 1,000 + 10,000). Each round runs, interleaved: git status; the floors (a
 *    `find -printf` of the same entries, output discarded: any complete check must stat them all —
 *    one process, and the tree shared out between as many processes as our walk uses, at once);
 *    our snapshot + diff against a baseline with the find walk (default processes, and one), with
 *    the Node walk, and through the CLI (`pi-delegate boundary diff`, a process of its own).
 * 2. Memory: peak RSS of snapshot + snapshot + diff, each in a process of its own, on that tree
 *    and on 50,000 + 500,000 (quick: 5,000 + 50,000), next to a process that only loads the code.
 * 3. Many roots: 1, 10, 100 and 1,000 packages of a monorepo (5 files each) as roots, snapshot +
 *    diff, next to snapshotting each root on its own (as one call per root) up to 100 roots.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { encodeSnapshots } from "../src/boundary/codec.ts";
import { diffSnapshots } from "../src/boundary/diff.ts";
import { snapshotToJson } from "../src/boundary/load.ts";
import { type SnapshotOptions, snapshotRoots } from "../src/boundary/snapshot.ts";
import type { Snapshot } from "../src/boundary/types.ts";
import { renderTable } from "../src/format/table.ts";
import type { Bench } from "./run.ts";
import { buildMonorepo, buildTree, settle, sh, VICTIM, VICTIM_MTIME } from "./support/boundary-trees.ts";
import { requireFreshBuild } from "./support/build.ts";
import { REPO } from "./support/pi-process.ts";
import { median } from "./support/stats.ts";

const PROCESSES = Math.min(4, availableParallelism());
const NODE = process.execPath;

/**
 * The command as `npm i` installs it — the bin script in node_modules/pi-delegate, which runs
 * `boundary` from its bundle with Node's compile cache on — when the build is current; else the
 * sources, as a clone runs them (slower to start).
 */
function cliEntry(): { path: string; from: "installed" | "src"; cleanup: () => void } {
	try {
		requireFreshBuild();
		const dir = mkdtempSync(join(tmpdir(), "pi-delegate-boundary-cli-"));
		const root = join(dir, "node_modules", "pi-delegate");
		for (const part of ["bin", "dist", "package.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
		return {
			path: join(root, "bin/pi-delegate.cjs"),
			from: "installed",
			cleanup: () => rmSync(dir, { recursive: true, force: true }),
		};
	} catch {}
	return { path: join(REPO, "src/cli/main.ts"), from: "src", cleanup: () => {} };
}
const CLI = cliEntry();

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
	const start = performance.now();
	const value = await run();
	return [performance.now() - start, value];
}

const gitStatus = (dir: string) =>
	sh("git status --porcelain --ignored", { cwd: dir, maxBuffer: 1 << 30 }).then((r) => r.stdout);
const floor = (dir: string) => sh("find . -printf '%P\\0%y %m %s %T@ %C@\\0' > /dev/null", { cwd: dir });
/**
 * The floor for a walk shared out between `processes` finds: every directory two levels down
 * dealt out in turn, each share one find at once, output discarded. What the machine's
 * cores allow any complete check that splits its walk as ours does.
 */
function floorSplit(dir: string, processes: number): Promise<unknown> {
	const starts = readdirSync(dir, { withFileTypes: true })
		.filter((e) => e.isDirectory() && e.name !== ".git")
		.flatMap((e) => readdirSync(join(dir, e.name)).map((name) => join(e.name, name)));
	const shares = Array.from({ length: processes }, (_, k) => starts.filter((_, i) => i % processes === k));
	return Promise.all(
		shares.map(
			(share) =>
				new Promise<void>((resolve, reject) => {
					const find = spawn("find", ["-files0-from", "-", "-printf", "%P\\0%y %m %s %T@ %C@\\0"], {
						cwd: dir,
						stdio: ["pipe", "ignore", "inherit"],
					});
					find.on("error", reject);
					find.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`find exited ${code}`))));
					find.stdin.end(share.map((s) => `${s}\0`).join(""));
				}),
		),
	);
}
const cli = (...args: string[]) =>
	sh([NODE, CLI.path, ...args].map((a) => `'${a}'`).join(" "), { maxBuffer: 1 << 30 }).catch((e: unknown) => e);

/** Our check as the runner makes it: a new snapshot of the root, diffed against the earlier one. */
async function ours(roots: string[], base: Snapshot, options: SnapshotOptions) {
	const after = await snapshotRoots(roots, { ...options, previous: base });
	return diffSnapshots(base, after);
}

const VARIANTS: Array<[string, string, SnapshotOptions]> = [
	["find", `library snapshot + diff (find, ${PROCESSES} processes)`, { walker: "find" }],
	["find_one_process", "library snapshot + diff (find, 1 process)", { walker: "find", findProcesses: 1 }],
	["node", "library snapshot + diff (Node walk)", { walker: "node" }],
];

async function bigTree(dir: string, rounds: number) {
	const baseFile = join(dir, "..", `${dir.split("/").pop()}-before.snapshot.gz`);
	try {
		return await measureBigTree(dir, baseFile, rounds);
	} finally {
		rmSync(baseFile, { force: true });
	}
}

async function measureBigTree(dir: string, baseFile: string, rounds: number) {
	const base = await snapshotRoots([dir]);
	writeFileSync(baseFile, encodeSnapshots(base, base)[0]!.bytes);
	const statusBefore = await gitStatus(dir);
	const names = ["git", "floor", "floor_split", ...VARIANTS.map(([n]) => n), "cli", "cli_start"];
	const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
	for (let round = 0; round < rounds; round++) {
		process.stderr.write(`big tree: round ${round + 1}/${rounds}\r`);
		samples.git!.push((await time(() => gitStatus(dir)))[0]);
		samples.floor!.push((await time(() => floor(dir)))[0]);
		samples.floor_split!.push((await time(() => floorSplit(dir, PROCESSES)))[0]);
		for (const [name, , options] of VARIANTS) {
			const [ms, delta] = await time(() => ours([dir], base, options));
			if (delta.length !== 0) throw new Error(`unchanged tree produced ${delta.length} changes (${name})`);
			samples[name]!.push(ms);
		}
		const [ms, out] = await time(() => cli("boundary", "diff", baseFile));
		if (out instanceof Error) throw out;
		samples.cli!.push(ms);
		samples.cli_start!.push((await time(() => cli("--version")))[0]);
	}
	const after = await snapshotRoots([dir], { previous: base });
	const audit = encodeSnapshots(base, after).reduce((sum, f) => sum + f.bytes.length, 0);
	const oldJson = 2 * JSON.stringify(snapshotToJson(base)).length;
	// The blind spot: a same-size rewrite inside the already-ignored directory, mtime restored.
	const victim = join(dir, VICTIM);
	const size = statSync(victim).size;
	writeFileSync(victim, "module.exports = 999;\n");
	if (statSync(victim).size !== size) throw new Error("the rewrite must keep the size");
	utimesSync(victim, VICTIM_MTIME, VICTIM_MTIME);
	const statusChanged = (await gitStatus(dir)) !== statusBefore;
	const delta = await ours([dir], base, VARIANTS[0]![2]);
	const medians = Object.fromEntries(Object.entries(samples).map(([n, list]) => [n, median(list)]));
	return {
		medians,
		ratio_to_git_status: Object.fromEntries(names.map((n) => [n, medians[n]! / medians.git!])),
		audit_record_mib: audit / 2 ** 20,
		json_pair_mib: oldJson / 2 ** 20,
		rewrite_inside_ignored_dir: {
			git_status_output_changed: statusChanged,
			ours_changes: delta.map((c) => `${c.kind} ${c.path}: ${c.detail}`),
		},
		samples_ms: samples,
	};
}

/** Peak RSS (MiB) of one snapshot + snapshot + diff in a fresh process. */
function peakMib(dir: string, walker: "find" | "node" | "none"): number {
	const out = execFileSync(NODE, [join(REPO, "bench/support/boundary-memory.ts"), dir, walker], { encoding: "utf8" });
	return (JSON.parse(out) as { peakKib: number }).peakKib / 1024;
}

function memory(trees: Array<[string, string]>, runs: number) {
	const rows: Record<string, Record<string, number>> = {};
	for (const [label, dir] of trees) {
		rows[label] = {};
		for (const walker of ["none", "find", "node"] as const) {
			process.stderr.write(`memory: ${label}, ${walker}      \r`);
			rows[label]![walker] = median(Array.from({ length: runs }, () => peakMib(dir, walker)));
		}
	}
	return rows;
}

async function manyRoots(roots: string[], counts: number[], rounds: number) {
	const rows: Array<Record<string, number>> = [];
	for (const count of counts) {
		const some = roots.slice(0, count);
		const batched: number[] = [];
		const alone: number[] = [];
		for (let round = 0; round < rounds; round++) {
			process.stderr.write(`many roots: ${count}, round ${round + 1}/${rounds}      \r`);
			const [beforeMs, base] = await time(() => snapshotRoots(some));
			const [diffMs] = await time(() => ours(some, base, {}));
			batched.push(beforeMs + diffMs);
			if (count > 100) continue;
			const [ms] = await time(async () => {
				const each = await Promise.all(some.map((root) => snapshotRoots([root])));
				await Promise.all(some.map((root, i) => ours([root], each[i]!, {})));
			});
			alone.push(ms);
		}
		const ms = median(batched);
		rows.push({ roots: count, ms, ms_per_root: ms / count, one_call_per_root_ms: median(alone) });
	}
	return rows;
}

const bench: Bench = async ({ quick }) => {
	const [tracked, ignored] = quick ? [1_000, 10_000] : [10_000, 100_000];
	const [bigTracked, bigIgnored] = quick ? [5_000, 50_000] : [50_000, 500_000];
	const rounds = quick ? 3 : 9;
	process.stderr.write(`building ${tracked} + ${ignored}, ${bigTracked} + ${bigIgnored} files and a monorepo…\n`);
	const dir = await buildTree(tracked, ignored);
	const big = await buildTree(bigTracked, bigIgnored);
	const mono = await buildMonorepo(quick ? 100 : 1000, 5);
	try {
		await settle();
		const tree = await bigTree(dir, rounds);
		const mem = memory(
			[
				[`${tracked} + ${ignored}`, dir],
				[`${bigTracked} + ${bigIgnored}`, big],
			],
			quick ? 1 : 3,
		);
		const roots = await manyRoots(mono.roots, quick ? [1, 10, 100] : [1, 10, 100, 1000], rounds);
		const data = {
			tracked_files: tracked,
			ignored_files: ignored,
			big_tree: { tracked_files: bigTracked, ignored_files: bigIgnored },
			rounds,
			find_processes: PROCESSES,
			cli_from: CLI.from,
			...tree,
			peak_rss_mib: mem,
			many_roots: roots,
		};
		return { name: "boundary", table: render(data), data };
	} finally {
		for (const path of [dir, big, mono.dir]) rmSync(path, { recursive: true, force: true });
		CLI.cleanup();
	}
};

type Data = Awaited<ReturnType<typeof bigTree>> & {
	tracked_files: number;
	ignored_files: number;
	rounds: number;
	peak_rss_mib: Record<string, Record<string, number>>;
	many_roots: Array<Record<string, number>>;
};

function render(data: Data): string {
	const ms = (v: number) => `${v.toFixed(0)} ms`;
	const times = (v: number) => `${v.toFixed(2)}×`;
	const m = data.medians;
	const row = (label: string, name: string) => [label, ms(m[name]!), times(data.ratio_to_git_status[name]!)];
	const speed = renderTable(
		["check", "median", "vs git status"],
		[
			row("git status --porcelain --ignored", "git"),
			row("floor: one find -printf of every entry, output discarded", "floor"),
			row(`floor: the same, shared out between ${PROCESSES} finds at once`, "floor_split"),
			...VARIANTS.map(([name, label]) => row(label, name)),
			row(`CLI: pi-delegate boundary diff (its own process, ${CLI.from})`, "cli"),
			row("  of which process start-up (pi-delegate --version)", "cli_start"),
		],
		["left", "right", "right"],
	);
	const memoryRows = Object.entries(data.peak_rss_mib).map(([tree, r]) => [
		tree,
		`${r.none!.toFixed(0)} MiB`,
		`${r.find!.toFixed(0)} MiB`,
		`${r.node!.toFixed(0)} MiB`,
	]);
	const memoryTable = renderTable(["tree (tracked + ignored)", "code loaded", "find walk", "Node walk"], memoryRows, [
		"left",
		"right",
		"right",
		"right",
	]);
	const rootRows = data.many_roots.map((r) => [
		String(r.roots),
		ms(r.ms!),
		`${r.ms_per_root!.toFixed(1)} ms`,
		Number.isFinite(r.one_call_per_root_ms) ? ms(r.one_call_per_root_ms!) : "—",
	]);
	const rootTable = renderTable(["roots", "snapshot + diff", "per root", "one call per root"], rootRows, [
		"right",
		"right",
		"right",
		"right",
	]);
	const rewrite = data.rewrite_inside_ignored_dir;
	return [
		speed,
		"",
		`tree: ${data.tracked_files} tracked + ${data.ignored_files} ignored files, ${data.rounds} rounds`,
		`audit record (both snapshots, compact): ${data.audit_record_mib.toFixed(2)} MiB (as two JSON files: ${data.json_pair_mib.toFixed(1)} MiB)`,
		`same-size rewrite of ${VICTIM} with mtime restored:`,
		`  git status output changed: ${rewrite.git_status_output_changed ? "yes" : "no (missed)"}`,
		`  snapshot + diff: ${rewrite.ours_changes.length === 0 ? "no change (missed)" : rewrite.ours_changes.join("; ")}`,
		"",
		"peak RSS of snapshot + snapshot + diff, a process each:",
		memoryTable,
		"",
		"many roots (monorepo packages of 5 files, one repository):",
		rootTable,
	].join("\n");
}

export default bench;
