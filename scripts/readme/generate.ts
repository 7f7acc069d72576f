/**
 * Generates every block of README.md now: opens the scene, runs each command once (at most four
 * at a time; the runs of one lane in order), and turns what they printed into the blocks' text with
 * the placeholders in (normalise.ts). The help texts come from the CLI's own `main`, in this
 * process; everything else is a `pi-delegate` process of its own.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COMMANDS } from "../../src/cli/commands.ts";
import { main } from "../../src/cli/main.ts";
import { renderDoctorReport } from "../../src/doctor/render.ts";
import type { DoctorReport } from "../../src/doctor/types.ts";
import { BLOCKS } from "./blocks.ts";
import { excerpt } from "./compare.ts";
import { limited, type Printed, runCommand } from "./exec.ts";
import { benchFigures, type Results } from "./figures.ts";
import { fenced } from "./markdown.ts";
import { type Placeholder, place, placeholders } from "./normalise.ts";
import { cliReference, type HelpTexts, helpCommands } from "./reference.ts";
import { allHomes, homeOf, openScene, type Scene } from "./scene.ts";
import type { BlockSpec, DoctorBlock, Generated, Need, OutputBlock, RunSpec } from "./types.ts";

export interface Generation {
	blocks: Generated[];
	/** Benchmark figures that could not be computed (figures.ts). */
	missing: string[];
	/** How long each run took, in milliseconds, and the whole generation. */
	timings: Array<{ id: string; ms: number }>;
}

/** Whether the machine has what a run needs, asked by running it. */
function available(): Record<Need, boolean> {
	const ok = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: "ignore", timeout: 10_000 }).status === 0;
	return {
		bwrap: ok("bwrap", ["--ro-bind", "/", "/", "--unshare-pid", "--die-with-parent", "true"]),
		python3: ok("python3", ["--version"]),
	};
}

/** What the CLI prints for `argv`, run in this process by its own `main` (for text that depends on nothing around it). */
export async function cliText(argv: string[]): Promise<string> {
	let out = "";
	const write = (text: string) => {
		out += text;
	};
	await main(argv, { stdout: write, stderr: write, readStdin: async () => "", cwd: "/", env: {}, isTTY: false });
	return out;
}

async function helpTexts(): Promise<HelpTexts> {
	const overview = await cliText(["help"]);
	const commands = await Promise.all(
		COMMANDS.map(async (c) => ({ name: c.name, text: await cliText(["help", c.name]) })),
	);
	return { overview, commands };
}

function readResults(repo: string): Results {
	const dir = join(repo, "bench/results");
	const files = readdirSync(dir).filter((f) => f.endsWith(".json") && !f.endsWith(".quick.json"));
	return Object.fromEntries(files.map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8"))]));
}

/** Runs every run the blocks show, once; a lane's runs one after another. */
/** Runs at once: most of a run is waiting on a child or a Pi start-up, so more than the 2 cores. */
const CONCURRENCY = 4;

async function runAll(
	scene: Scene,
	runs: readonly RunSpec[],
	timings: Generation["timings"],
): Promise<Map<string, Printed>> {
	const printed = new Map<string, Printed>();
	const one = async (run: RunSpec) => {
		run.prepare?.(scene);
		const home = homeOf(scene, run.home);
		const call = { argv: run.argv(scene), cwd: run.cwd(scene), env: scene.env(home, run.env) };
		const started = performance.now();
		printed.set(run.id, await runCommand(scene.repo, call));
		timings.push({ id: run.id, ms: Math.round(performance.now() - started) });
	};
	const lanes = new Map<string, RunSpec[]>();
	for (const run of runs) lanes.set(run.lane ?? run.id, [...(lanes.get(run.lane ?? run.id) ?? []), run]);
	// The longest first: a lane of several runs, then the slow runs, then the rest.
	const weight = (lane: RunSpec[]) => (lane.length > 1 ? 2 : lane.some((r) => r.slow) ? 1 : 0);
	const ordered = [...lanes.values()].sort((a, b) => weight(b) - weight(a));
	const jobs = ordered.map((lane) => async () => {
		for (const run of lane) await one(run);
	});
	await limited(jobs, CONCURRENCY);
	return printed;
}

const quote = (arg: string) => (/^[\w./:=@-]+$/.test(arg) ? arg : `"${arg.replace(/(["\\$`])/g, "\\$1")}"`);

export function commandLine(run: RunSpec, argv: readonly string[]): string {
	const env = Object.entries(run.env ?? {}).map(([k, v]) => `${k}=${quote(v)} `);
	return `$ ${env.join("")}pi-delegate ${argv.map(quote).join(" ")}`;
}

function outputContent(block: OutputBlock, scene: Scene, out: Printed, rules: readonly Placeholder[]): string {
	const text = out[block.stream].trimEnd();
	const body = block.excerpt ? excerpt(text, block.excerpt) : text;
	const lines = [
		...(block.prompt === false ? [] : [commandLine(block.run, block.shownArgv ?? block.run.argv(scene))]),
		body,
		...(block.exit ? ["$ echo $?", String(out.code)] : []),
	];
	return fenced(place(lines.join("\n"), rules, block.name));
}

/** Doctor's JSON report with the placeholders in every string, rendered as doctor renders it. */
function doctorContent(block: DoctorBlock, out: Printed, rules: readonly Placeholder[]): string {
	const swap = (value: unknown): unknown => {
		if (typeof value === "string") return rules.reduce((s, r) => s.replaceAll(r.from, r.to), value);
		// (No table guard here: doctor's renderer lays the report out after the placeholders are in.)
		if (Array.isArray(value)) return value.map(swap);
		if (value !== null && typeof value === "object") {
			return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
		}
		return value;
	};
	const report = swap(JSON.parse(out.stdout)) as DoctorReport;
	const rendered = renderDoctorReport(report).trimEnd();
	// An excerpt shows a part of the report (one check), without the command around it.
	if (block.excerpt) return fenced(excerpt(rendered, block.excerpt));
	return fenced(`$ pi-delegate doctor\n${rendered}\n$ echo $?\n${out.code}`);
}

interface Made {
	scene: Scene;
	printed: Map<string, Printed>;
	rules: readonly Placeholder[];
	help: HelpTexts;
	results: Results;
}

function content(block: BlockSpec, made: Made): string {
	switch (block.kind) {
		case "output":
			return outputContent(block, made.scene, made.printed.get(block.run.id) as Printed, made.rules);
		case "doctor":
			return doctorContent(block, made.printed.get(block.run.id) as Printed, made.rules);
		case "file":
			return fenced(readFileSync(join(made.scene.repo, block.path), "utf8").trimEnd(), block.lang);
		case "help":
			return fenced(`$ pi-delegate help\n${made.help.overview.trimEnd()}`);
		case "cli-reference":
			return cliReference(made.help);
		case "help-commands":
			return helpCommands(made.help);
		case "figures":
			return benchFigures(made.results).markdown;
	}
}

/** The document a block is in when its spec names none. */
export const README_DOC = "README.md";

const runOf = (block: BlockSpec): RunSpec | undefined =>
	block.kind === "output" || block.kind === "doctor" ? block.run : undefined;

export async function generateBlocks(repo: string): Promise<Generation> {
	const have = available();
	const unmet = (run: RunSpec | undefined) => (run?.needs ?? []).filter((n) => !have[n]);
	const runs = [...new Map(BLOCKS.flatMap((b) => runOf(b) ?? []).map((r) => [r.id, r])).values()];
	const started = performance.now();
	const timings: Generation["timings"] = [];
	const scene = openScene(repo);
	try {
		const printed = await runAll(
			scene,
			runs.filter((r) => unmet(r).length === 0),
			timings,
		);
		const rules = placeholders({
			bases: [scene.base, scene.base2],
			homes: allHomes(scene),
			repo,
			tmp: scene.tmp,
		});
		const results = readResults(repo);
		const made: Made = { scene, printed, rules, help: await helpTexts(), results };
		const blocks = BLOCKS.map((block): Generated => {
			const head = {
				name: block.name,
				doc: block.doc ?? README_DOC,
				compare: block.compare ?? "lines",
				masks: block.masks ?? [],
			};
			const missing = unmet(runOf(block));
			if (missing.length > 0)
				return { ...head, content: "", skipped: `this machine has no working ${missing.join(", ")}` };
			return { ...head, content: content(block, made) };
		});
		timings.push({ id: "all", ms: Math.round(performance.now() - started) });
		return { blocks, missing: benchFigures(results).missing, timings };
	} finally {
		scene.remove();
	}
}
