/**
 * Boundary snapshot speed against `git status --porcelain --ignored` on the same tree, and the
 * blind spot that makes git status alone unusable as a boundary check.
 *
 * Tree: a git repository with 10,000 tracked files and a gitignored node_modules/ of 100,000 files
 * (quick: 1,000 and 10,000). Each round runs, interleaved, git status, our snapshot + diff against a
 * baseline with the find walk, and the same with the pure-Node walk; the table shows medians and
 * the ratio to git status. Then one file inside node_modules/ is rewritten (same size, mtime put
 * back) and both checks are asked whether anything changed.
 */
import { exec as execCallback } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { diffSnapshots } from "../src/boundary/diff.ts";
import { type SnapshotOptions, snapshotRoots } from "../src/boundary/snapshot.ts";
import type { Snapshot } from "../src/boundary/types.ts";
import { renderTable } from "../src/format/table.ts";
import type { Bench } from "./run.ts";

const sh = promisify(execCallback);

/** The file the blind-spot demonstration rewrites, and the whole-second mtime it is put back to. */
const VICTIM = join("node_modules", "d7", "f742.js");
const VICTIM_MTIME = 1_700_000_000;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Writes `count` small files, `perDir` to a directory, under `base`. */
function writeFiles(base: string, count: number, perDir: number, text: (i: number) => string): void {
	for (let i = 0; i < count; i++) {
		const dir = join(base, `d${Math.floor(i / perDir)}`);
		if (i % perDir === 0) mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, `f${i}.js`), text(i));
	}
}

async function buildTree(tracked: number, ignored: number): Promise<string> {
	const dir = mkdtempSync(join(tmpdir(), "boundary-bench-"));
	writeFiles(join(dir, "src"), tracked, 100, (i) => `export const v${i} = ${i};\n`);
	writeFiles(join(dir, "node_modules"), ignored, 100, (i) => `module.exports = ${i};\n`);
	writeFileSync(join(dir, ".gitignore"), "node_modules/\n");
	utimesSync(join(dir, VICTIM), VICTIM_MTIME, VICTIM_MTIME);
	await sh(
		"git init -q && git add -A && git -c user.name=bench -c user.email=bench@example.invalid commit -qm tree && git status >/dev/null",
		{ cwd: dir, maxBuffer: 1 << 30 },
	);
	return dir;
}

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
	const start = performance.now();
	const value = await run();
	return [performance.now() - start, value];
}

const gitStatus = (dir: string) =>
	sh("git status --porcelain --ignored", { cwd: dir, maxBuffer: 1 << 30 }).then((r) => r.stdout);

/**
 * The least any complete check must do: lstat every entry once (one find process, output thrown
 * away). git status does not, which is exactly why it cannot see inside an ignored directory.
 */
const statEverything = (dir: string) => sh("find . -printf '%s\\0' > /dev/null", { cwd: dir });

/** Our check as the runner makes it: a new snapshot of the root, diffed against the earlier one. */
async function ours(dir: string, base: Snapshot, options: SnapshotOptions) {
	const after = await snapshotRoots([dir], { ...options, previous: base });
	return diffSnapshots(base, after);
}

const LABELS: Array<[string, string]> = [
	["find", `snapshot + diff (find, ${Math.min(4, availableParallelism())} processes)`],
	["find_one_process", "snapshot + diff (find, 1 process)"],
	["node", "snapshot + diff (Node walk)"],
];

const VARIANTS: Record<string, SnapshotOptions> = {
	find: { walker: "find" },
	find_one_process: { walker: "find", findProcesses: 1 },
	node: { walker: "node" },
};

const bench: Bench = async ({ quick }) => {
	const tracked = quick ? 1_000 : 10_000;
	const ignored = quick ? 10_000 : 100_000;
	const rounds = quick ? 5 : 9;
	process.stderr.write(`building ${tracked} tracked + ${ignored} ignored files…\n`);
	const dir = await buildTree(tracked, ignored);
	try {
		// Let the fresh tree age past the racy window, as a working repository normally has.
		await new Promise((r) => setTimeout(r, 2500));
		const base = await snapshotRoots([dir]);
		const statusBefore = await gitStatus(dir);
		const samples: Record<string, number[]> = { git: [], stat_floor: [], find: [], find_one_process: [], node: [] };
		for (let round = 0; round < rounds; round++) {
			process.stderr.write(`round ${round + 1}/${rounds}\r`);
			samples.git!.push((await time(() => gitStatus(dir)))[0]);
			samples.stat_floor!.push((await time(() => statEverything(dir)))[0]);
			for (const [name, options] of Object.entries(VARIANTS)) {
				const [ms, delta] = await time(() => ours(dir, base, options));
				if (delta.length !== 0) throw new Error(`unchanged tree produced ${delta.length} changes (${name})`);
				samples[name]!.push(ms);
			}
		}
		// The blind spot: a same-size rewrite inside the already-ignored directory, mtime restored.
		const victim = join(dir, VICTIM);
		const size = statSync(victim).size;
		writeFileSync(victim, "module.exports = 999;\n");
		if (statSync(victim).size !== size) throw new Error("the rewrite must keep the size");
		utimesSync(victim, VICTIM_MTIME, VICTIM_MTIME);
		const statusAfter = await gitStatus(dir);
		const delta = await ours(dir, base, VARIANTS.find!);
		const medians = Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, median(list)]));
		const figures = {
			tracked_files: tracked,
			ignored_files: ignored,
			rounds,
			find_processes: Math.min(4, availableParallelism()),
			median_ms: medians,
			ratio_to_git_status: Object.fromEntries(
				["stat_floor", ...Object.keys(VARIANTS)].map((name) => [name, medians[name]! / medians.git!]),
			),
			snapshot_json_mib: JSON.stringify(base).length / 2 ** 20,
			rewrite_inside_ignored_dir: {
				git_status_output_changed: statusAfter !== statusBefore,
				ours_changes: delta.map((c) => `${c.kind} ${c.path}: ${c.detail}`),
			},
			samples_ms: samples,
		};
		const ms = (v: number) => v.toFixed(0);
		const ratio = (v: number) => `${v.toFixed(2)}×`;
		const table = [
			renderTable(
				["check", "median ms", "vs git status"],
				[
					["git status --porcelain --ignored", ms(medians.git!), ratio(1)],
					[
						"floor: lstat every entry (find, output discarded)",
						ms(medians.stat_floor!),
						ratio(medians.stat_floor! / medians.git!),
					],
					...LABELS.map(([name, label]) => [label, ms(medians[name]!), ratio(medians[name]! / medians.git!)]),
				],
				["left", "right", "right"],
			),
			"",
			`tree: ${tracked} tracked + ${ignored} ignored files, ${rounds} rounds; snapshot JSON ${figures.snapshot_json_mib.toFixed(1)} MiB`,
			`same-size rewrite of ${VICTIM} with mtime restored:`,
			`  git status output changed: ${figures.rewrite_inside_ignored_dir.git_status_output_changed ? "yes" : "no (missed)"}`,
			`  snapshot + diff: ${delta.length === 0 ? "no change (missed)" : figures.rewrite_inside_ignored_dir.ours_changes.join("; ")}`,
		].join("\n");
		return { name: "boundary", table, data: figures };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
};

export default bench;
