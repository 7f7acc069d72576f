/**
 * What pi-delegate adds to starting things, measured side by side in interleaved rounds:
 *
 * - Pi: `pi --list-models` (it loads every extension; `pi --version` exits before they load) in an
 *   agent dir with the package installed — from a local path (this tree, with the bundle its build
 *   or `npm ci` made; and a copy of it without one, which loads the sources, as a clone does after a
 *   source changed) and from its tarball — against the same Pi with nothing installed. The package is TypeScript that Pi's loader (jiti)
 *   transpiles and caches; one row turns that cache off (a start after an update pays it once).
 * - The command: `pi-delegate --version`, `help` and `validate <spec>` as `npm i -g` installs them
 *   (the build), as a clone runs them after `npm ci` (the build too, while its sources are
 *   unchanged) and as the sources run (types stripped by Node), against `node -e 0`;
 *   importing typebox alone is measured too: what `validate` cost while it checked with typebox.
 * - What the extension loads when Pi starts: its modules by package (a native import of index.ts
 *   under a load hook), the import and factory times Pi itself reports (PI_TIMING=1), and the
 *   import through jiti repeated inside one process (free of process start-up noise).
 *
 * The Pi rounds run in blocks, each block's ratios computed on its own: on a shared machine the load
 * moves between blocks, and the spread of the blocks' ratios says how far one figure can be trusted.
 *
 * Targets: Pi with the extension within 1.1× of Pi without it, installed from npm and from a clone
 * (both load the bundle, dist/extension/) each; `--version` and `validate` within
 * 1.5× of `node -e 0`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { renderTable } from "../src/format/table.ts";
import { copyPackage, NPM_ENV, packTarball } from "../test/install/package.ts";
import { REPO, SCRIPTED_PROVIDER } from "../test/support/pi.ts";
import { tempDir } from "../test/support/task-fixture.ts";
import type { Bench } from "./run.ts";
import { jitiImportTimes } from "./support/jiti-import.ts";
import { loadedModules } from "./support/loaded-modules.ts";
import { interleave, PATH_ENV, type Probe, piBlocks, spread } from "./support/probes.ts";
import { footer, median, ratio, show } from "./support/stats.ts";

function agentDir(name: string): string {
	const dir = join(tempDir(`pi-delegate-startup-${name}-`), "agent");
	mkdirSync(dir, { recursive: true });
	return dir;
}

function piInstall(source: string, dir: string): void {
	execFileSync("pi", ["install", source], {
		stdio: "ignore",
		env: { ...process.env, ...PATH_ENV, ...NPM_ENV, PI_CODING_AGENT_DIR: dir },
	});
}

/**
 * Two reference extensions, each installed alone: one that does nothing (what Pi's loader itself
 * costs) and one that registers a tool with a typebox schema (the floor for an extension that has
 * tools: typebox loads from disk, a copy apart from the one inside Pi's bundle).
 */
const REFERENCES = {
	empty: "export default function empty(): void {}\n",
	typebox: [
		'import { Type } from "typebox";',
		"export default function withTool(pi: { registerTool(tool: unknown): void }): void {",
		"\tpi.registerTool({",
		'\t\tname: "reference", label: "reference", description: "a reference tool",',
		"\t\tparameters: Type.Object({ goal: Type.String() }),",
		"\t\texecute: async () => ({ content: [], details: {} }),",
		"\t});",
		"}",
		"",
	].join("\n"),
};

interface Setup {
	agents: { none: string; local: string; sources: string; tarball: string; empty: string; typebox: string };
	/** A copy of this tree without dist/: the sources, as a clone whose bundle is out of date loads them. */
	sourcesCopy: string;
	/** The `npm i -g` prefix: a copy of Pi and its dependencies, removed after the run. */
	prefix: string;
	globalBin: string;
	spec: string;
	empty: string;
}

function setup(): Setup {
	const tarball = packTarball();
	const agents = {
		none: agentDir("none"),
		local: agentDir("local"),
		sources: agentDir("sources"),
		tarball: agentDir("tarball"),
		empty: agentDir("empty"),
		typebox: agentDir("typebox"),
	};
	for (const [name, text] of Object.entries(REFERENCES)) {
		const file = join(dirname(agents[name as keyof typeof REFERENCES]), `${name}-extension.ts`);
		writeFileSync(file, text);
		piInstall(file, agents[name as keyof typeof REFERENCES]);
	}
	piInstall(REPO, agents.local);
	const sourcesCopy = copyPackage(tempDir("pi-delegate-startup-sources-"), { nodeModules: true });
	piInstall(sourcesCopy, agents.sources);
	piInstall(`npm:pi-delegate@file:${tarball}`, agents.tarball);
	const prefix = tempDir("pi-delegate-startup-prefix-");
	execFileSync("npm", ["i", "-g", "--prefix", prefix, tarball], {
		stdio: "ignore",
		env: { ...process.env, ...PATH_ENV, ...NPM_ENV },
	});
	const root = tempDir("pi-delegate-startup-root-");
	const spec = join(root, "spec.json");
	writeFileSync(spec, JSON.stringify({ id: "startup", goal: "g", deliverable: "d", roots: [root] }));
	const empty = join(root, "empty.mjs");
	writeFileSync(empty, "");
	return {
		agents,
		sourcesCopy,
		prefix,
		globalBin: join(prefix, "lib/node_modules/pi-delegate/bin/pi-delegate.cjs"),
		spec,
		empty,
	};
}

function piProbes(s: Setup): Probe[] {
	const pi = (what: string, dir: string, env: Record<string, string> = {}): Probe => ({
		what,
		argv: ["pi", "--offline", "--list-models"],
		env: { PI_CODING_AGENT_DIR: dir, ...env },
	});
	return [
		pi("pi, nothing installed", s.agents.none),
		pi("pi + pi-delegate (local path)", s.agents.local),
		pi("pi + pi-delegate (local path, sources)", s.agents.sources),
		pi("pi + pi-delegate (tarball)", s.agents.tarball),
		pi("reference: pi + an empty extension", s.agents.empty),
		pi("reference: pi + one tool with a typebox schema", s.agents.typebox),
	];
}

/** The first start after an install or update, when jiti has no cached transform: a few rounds only. */
function coldProbes(s: Setup): Probe[] {
	const env = (dir: string) => ({ PI_CODING_AGENT_DIR: dir, JITI_FS_CACHE: "false" });
	const argv = ["pi", "--offline", "--list-models"];
	return [
		{ what: "pi, nothing installed (no jiti cache)", argv, env: env(s.agents.none) },
		{ what: "pi + pi-delegate (local, no jiti cache)", argv, env: env(s.agents.local) },
		{ what: "pi + pi-delegate (sources, no jiti cache)", argv, env: env(s.agents.sources) },
	];
}

function cliProbes(s: Setup): Probe[] {
	const node = process.execPath;
	const clone = join(REPO, "bin/pi-delegate.cjs");
	const sources = join(s.sourcesCopy, "bin/pi-delegate.cjs");
	const typebox = 'await import("typebox"); await import("typebox/value");';
	return [
		{ what: "node -e 0", argv: [node, "-e", "0"] },
		{ what: "node <empty file>", argv: [node, s.empty] },
		{ what: "installed: --version", argv: [node, s.globalBin, "--version"] },
		{ what: "installed: help", argv: [node, s.globalBin, "help"] },
		{ what: "installed: validate", argv: [node, s.globalBin, "validate", s.spec] },
		{ what: "clone: --version", argv: [node, clone, "--version"] },
		{ what: "clone: help", argv: [node, clone, "help"] },
		{ what: "clone: validate", argv: [node, clone, "validate", s.spec] },
		{ what: "sources: help", argv: [node, sources, "help"] },
		{ what: "sources: validate", argv: [node, sources, "validate", s.spec] },
		{ what: "import typebox + typebox/value", argv: [node, "--input-type=module", "-e", typebox] },
	];
}

/**
 * Pi's own report (PI_TIMING=1) of importing index.ts and running its factory, in ms: index.ts loads
 * pi-delegate in its factory (the sources, or an installed copy's bundle), so the two add up.
 */
function piTimings(dir: string, runs: number): { import: number; factory: number; total: number } {
	const script = join(dir, "timing-script.json");
	writeFileSync(script, JSON.stringify({ turns: ["ok"] }));
	const imports: number[] = [];
	const factories: number[] = [];
	for (let i = 0; i < runs; i++) {
		const args = ["--offline", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1", "--no-session", "-p", "hi"];
		const out = spawnSync("pi", args, {
			encoding: "utf8",
			env: { ...process.env, ...PATH_ENV, PI_CODING_AGENT_DIR: dir, PI_DELEGATE_SCRIPT: script, PI_TIMING: "1" },
		});
		const grab = (what: string) => Number(new RegExp(`index\\.ts ${what}: (\\d+)ms`).exec(out.stderr)?.[1]);
		imports.push(grab("module import"));
		factories.push(grab("factory"));
	}
	return {
		import: median(imports),
		factory: median(factories),
		total: median(imports.map((t, i) => t + (factories[i] ?? 0))),
	};
}

function rows(samples: Record<string, number[]>, base: string): string[][] {
	const b = median(samples[base] ?? []);
	return Object.entries(samples).map(([what, v]) => [what, show.ms(median(v)), show.times(ratio(median(v), b))]);
}

const bench: Bench = async ({ quick }) => {
	const loadBefore = loadavg();
	const s = setup();
	const rounds = quick ? 5 : 21;
	const blocks = quick ? 1 : 3;
	const { samples: pi, blocks: piBlockRatios } = piBlocks(piProbes(s), blocks, Math.ceil(rounds / blocks));
	// Each start without jiti's cache transpiles every module again: a few rounds, against their own base.
	const cold = interleave(coldProbes(s), quick ? 2 : 5);
	// A command starts in tens of milliseconds, where a busy machine's noise is largest: three times the rounds.
	const cli = interleave(cliProbes(s), rounds * 3);
	const modules = loadedModules(join(s.sourcesCopy, "index.ts"));
	const bundleDir = join(REPO, "dist", "extension");
	const bundleEntry = (JSON.parse(readFileSync(join(bundleDir, "entry.json"), "utf8")) as { entry: string }).entry;
	const bundleModules = loadedModules(join(bundleDir, bundleEntry));
	const importRuns = quick ? 5 : 30;
	const jiti = {
		"pi-delegate, a clone (the bundle)": jitiImportTimes(join(REPO, "index.ts"), importRuns),
		"pi-delegate, the sources": jitiImportTimes(join(s.sourcesCopy, "index.ts"), importRuns),
		"pi-delegate, installed (the bundle)": jitiImportTimes(
			join(s.prefix, "lib/node_modules/pi-delegate/index.ts"),
			importRuns,
		),
		"reference: an empty extension": jitiImportTimes(join(dirname(s.agents.empty), "empty-extension.ts"), importRuns),
	};
	const timings = {
		local: piTimings(s.agents.local, quick ? 3 : 9),
		sources: piTimings(s.agents.sources, quick ? 3 : 9),
		tarball: piTimings(s.agents.tarball, quick ? 3 : 9),
	};
	rmSync(s.prefix, { recursive: true, force: true });
	const piRatio = (what: string) => ratio(median(pi[what] ?? []), median(pi["pi, nothing installed"] ?? []));
	const base = median(cli["node -e 0"] ?? []);
	const cliRatio = (what: string) => ratio(median(cli[what] ?? []), base);
	const targets = {
		pi_installed_within_1_1: piRatio("pi + pi-delegate (tarball)") <= 1.1,
		pi_clone_within_1_1: piRatio("pi + pi-delegate (local path)") <= 1.1,
		installed_version_within_1_5: cliRatio("installed: --version") <= 1.5,
		installed_validate_within_1_5: cliRatio("installed: validate") <= 1.5,
		clone_version_within_1_5: cliRatio("clone: --version") <= 1.5,
		clone_validate_within_1_5: cliRatio("clone: validate") <= 1.5,
	};
	const piRows = [
		...rows(pi, "pi, nothing installed").map((r) => [...r, spread(piBlockRatios, r[0] ?? "")]),
		...rows(cold, "pi, nothing installed (no jiti cache)").map((r) => [...r, ""]),
	];
	const table = [
		renderTable(["Pi start-up (pi --list-models)", "median", "vs none", `${blocks} blocks`], piRows, [
			"left",
			"right",
			"right",
			"right",
		]),
		"",
		renderTable(["pi-delegate command", "median", "vs node"], rows(cli, "node -e 0"), ["left", "right", "right"]),
		"",
		renderTable(
			["pi-delegate's own modules Pi's start loads", "modules"],
			[
				["the sources (a clone whose bundle is out of date)", String(modules.counts["pi-delegate's own modules"] ?? 0)],
				[
					"the bundle (dist/extension/: installed, or a clone)",
					String(bundleModules.counts["pi-delegate's own modules"] ?? 0),
				],
			],
			["left", "right"],
		),
		"",
		renderTable(
			["pi-delegate module", "imports at start-up"],
			Object.entries(modules.importers)
				.sort((a, b) => a[0].localeCompare(b[0]))
				.map(([from, to]) => [from, to.join(", ")]),
		),
		"",
		renderTable(
			[`imported and started through jiti, in one process (${importRuns} times)`, "median", "min"],
			Object.entries(jiti).map(([what, t]) => [what, `${t.median_ms.toFixed(1)} ms`, `${t.min_ms.toFixed(1)} ms`]),
			["left", "right", "right"],
		),
		"",
		`Pi's own timing of index.ts, import + factory: a clone ${show.ms(timings.local.total)}, ` +
			`the sources ${show.ms(timings.sources.total)}, installed ${show.ms(timings.tarball.total)}`,
		...footer(loadBefore, targets),
	].join("\n");
	const medians = (samples: Record<string, number[]>) =>
		Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
	return {
		name: "startup",
		table,
		data: {
			rounds,
			load_average: { before: loadBefore, after: loadavg() },
			pi: { samples: pi, medians: medians(pi), blocks: piBlockRatios },
			cold: { samples: cold, medians: medians(cold) },
			cli: { samples: cli, medians: medians(cli) },
			modules,
			bundleModules,
			jiti,
			timings,
			targets,
		},
	};
};

export default bench;
