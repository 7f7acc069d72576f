/**
 * The fork-gate's figures. Two parts:
 *
 * - Quality: the gate over every labelled brief in test/fixtures/briefs/ (each file, the tuning
 *   and held-out splits, and all of them): counts, precision, recall on must-be-task briefs, false-block rate on fork briefs, and
 *   briefs whose expected kinds were not all found. Deterministic; the same on any machine.
 * - Cost: how long one classification takes (median over the corpus, and one long brief), and what
 *   a `gate` process costs next to `node -e 0`, interleaved round by round so that load on the
 *   machine hits every variant alike. Variants: the command as an installed copy runs it
 *   (bin/pi-delegate.cjs of a copy laid out as `npm i` leaves it: the one-file bundle
 *   dist/cli/quick-gate.cjs, compile cache on), the same build through its ES modules (what the
 *   installed command ran before the bundle: dist/cli/main.js, compile cache on), the built CLI run
 *   directly (no compile cache), the gate command module alone, and the CLI from source; and, as a
 *   reference, an empty ES module (the loader's own cost, which any ESM entry pays). Target: the
 *   installed command within 1.5× of `node -e 0`.
 *
 * Regenerate: `npm run build && ./node_modules/.bin/node bench/run.ts gate` (writes results/gate.json).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderTable } from "../src/format/table.ts";
import { classifyBrief } from "../src/gate/classify.ts";
import { corpusFiles, corpusSplits, HELD_OUT_WRITTEN } from "../test/gate/corpus.ts";
import { tempDir } from "../test/support/task-fixture.ts";
import type { Bench } from "./run.ts";
import { type CorpusScore, scoreCorpus } from "./support/gate-score.ts";
import { REPO } from "./support/pi-process.ts";
import { median, ratio, show } from "./support/stats.ts";

const BRIEF = "Could you fix the typo in a.ts? Don't touch src/api.";
const TARGET = 1.5;

/** The gate command module alone, run the way a lazy entry point would: import it, run it. */
const moduleOnly = (file: string) =>
	`const { gateCommand } = await import(${JSON.stringify(file)});` +
	"process.exitCode = await gateCommand.run(process.argv.slice(1), { stdout: (t) => process.stdout.write(t), " +
	"stderr: (t) => process.stderr.write(t), readStdin: async () => '', cwd: process.cwd(), env: process.env, " +
	"isTTY: false, stdinIsTTY: true });";

/**
 * The build through its ES modules with Node's compile cache on: what bin/pi-delegate.cjs does in
 * an installed copy for every command but the quick ones. A clone's bin runs the sources instead,
 * the row "from source".
 */
const modulesEntry = (main: string) =>
	'require("node:module").enableCompileCache?.();' +
	`import(${JSON.stringify(pathToFileURL(main).href)}).then((cli) => cli.runProcess(process.argv.slice(1)));`;

/** A copy of this tree's build laid out as `npm i` leaves it; its bin takes the installed route. */
function installedCopy(): string {
	const root = join(tempDir("pi-delegate-gate-bench-"), "node_modules", "pi-delegate");
	for (const part of ["bin", "dist", "package.json"]) cpSync(join(REPO, part), join(root, part), { recursive: true });
	return root;
}

interface Variant {
	name: string;
	args: string[];
	/** The exit code a correct run gives (the brief must be a task: 1). */
	code: number;
}

/** The variants, made after the build is checked (the installed one copies it). */
const variants = (): Variant[] => [
	{ name: "node -e 0", args: ["-e", "0"], code: 0 },
	{ name: "reference: node --input-type=module -e 0", args: ["--input-type=module", "-e", "0"], code: 0 },
	{
		name: "gate, installed (bin: the one-file bundle)",
		args: [join(installedCopy(), "bin/pi-delegate.cjs"), "gate", BRIEF],
		code: 1,
	},
	{
		name: "gate, the build's ES modules (compile cache on)",
		args: ["-e", modulesEntry(join(REPO, "dist/cli/main.js")), "gate", BRIEF],
		code: 1,
	},
	{ name: "gate, built CLI (dist/cli/main.js)", args: [join(REPO, "dist/cli/main.js"), "gate", BRIEF], code: 1 },
	{
		name: "gate module alone, built (lazy entry)",
		args: ["--input-type=module", "-e", moduleOnly(join(REPO, "dist/cli/gate.js")), BRIEF],
		code: 1,
	},
	{ name: "gate, CLI from source (src/cli/main.ts)", args: [join(REPO, "src/cli/main.ts"), "gate", BRIEF], code: 1 },
];

/** Throws with the fix when the built CLI is missing or older than the sources it is built from. */
function requireFreshCli(): void {
	for (const [built, source] of [
		["dist/cli/main.js", "src/cli/main.ts"],
		["dist/cli/gate.js", "src/cli/gate.ts"],
		["dist/gate/classify.js", "src/gate/classify.ts"],
		["dist/cli/quick-gate.cjs", "src/cli/quick/gate.ts"],
	] as const) {
		const file = join(REPO, built);
		if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before this benchmark`);
		if (statSync(file).mtimeMs < statSync(join(REPO, source)).mtimeMs) {
			throw new Error(`${file} is older than ${source}: run \`npm run build\` first`);
		}
	}
}

/** Wall times of each variant, in rounds; each round runs every variant once, in a rotated order. */
function processTimes(rounds: number, variants: readonly Variant[]): Record<string, number[]> {
	const times: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
	for (let r = 0; r < rounds; r++) {
		for (let k = 0; k < variants.length; k++) {
			const v = variants[(r + k) % variants.length] as Variant;
			const start = performance.now();
			const run = spawnSync(process.execPath, v.args, { cwd: REPO, stdio: ["ignore", "ignore", "pipe"] });
			const elapsed = performance.now() - start;
			if (run.status !== v.code)
				throw new Error(`${v.name} exited ${run.status}: ${run.stderr.toString().slice(0, 300)}`);
			times[v.name]?.push(elapsed);
		}
	}
	return times;
}

/** Median time of one classification, in microseconds. */
function classifyMicros(briefs: readonly string[], repeats: number): number {
	const samples: number[] = [];
	for (let r = 0; r < repeats; r++) {
		for (const brief of briefs) {
			const start = performance.now();
			classifyBrief(brief);
			samples.push((performance.now() - start) * 1000);
		}
	}
	return median(samples);
}

const pct = (v: number) => show.pct(v);
const num = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : "—");

function qualityTable(scores: Array<{ name: string; score: CorpusScore }>): string {
	const rows = scores.map(({ name, score: s }) => [
		name,
		String(s.briefs),
		String(s.forks),
		String(s.tasks),
		String(s.hard),
		num(s.recall),
		num(s.precision),
		`${s.falsePositives} (${pct(s.falseBlockRate)})`,
		String(s.kindMisses.length),
	]);
	const header = ["corpus", "briefs", "fork", "task", "hard", "recall", "precision", "false blocks", "kinds missed"];
	return renderTable(header, rows, ["left", ...Array(8).fill("right")]);
}

/** A brief of at least `chars` characters made of corpus briefs, fork and task alike, one per line. */
function longBrief(briefs: readonly string[], chars: number): string {
	const lines: string[] = [];
	let length = 0;
	for (let i = 0; length < chars; i++) {
		const b = briefs[i % briefs.length] as string;
		lines.push(b);
		length += b.length + 1;
	}
	return lines.join("\n");
}

const bench: Bench = async ({ quick }) => {
	const files = corpusFiles();
	const all = files.flatMap((f) => f.rows);
	const splits = corpusSplits();
	const scores = [
		...files.map((f) => ({ name: f.name, score: scoreCorpus(f.rows) })),
		{ name: "tuning", score: scoreCorpus(splits.tuning) },
		{ name: "held-out", score: scoreCorpus(splits["held-out"]) },
		{ name: "all", score: scoreCorpus(all) },
	];
	const texts = all.map((r) => r.brief);
	const perBriefUs = classifyMicros(texts, quick ? 3 : 20);
	// The briefs that went wrong in practice were long (one was 4645 characters); and nothing may be quadratic.
	const sizes = [5_000, 100_000].map((chars) => {
		const text = longBrief(texts, chars);
		return { chars: text.length, us: classifyMicros([text], quick ? 3 : chars > 10_000 ? 5 : 50) };
	});
	requireFreshCli();
	const rounds = quick ? 5 : 21;
	const processes = variants();
	const times = processTimes(rounds, processes);
	const base = median(times["node -e 0"] ?? []);
	const processRows = processes.map((v) => {
		const ms = median(times[v.name] ?? []);
		return { variant: v.name, medianMs: ms, ratio: ratio(ms, base) };
	});
	const cli = processRows.find((r) => r.variant.startsWith("gate, installed")) as (typeof processRows)[number];
	const table = [
		qualityTable(scores),
		"",
		`classify: ${perBriefUs.toFixed(0)} µs per brief (median over the corpus); ` +
			sizes.map((x) => `${(x.us / 1000).toFixed(1)} ms for ${x.chars} characters`).join(", "),
		"",
		renderTable(
			["process", "median", "÷ node -e 0"],
			processRows.map((r) => [r.variant, show.ms(r.medianMs), show.times(r.ratio)]),
			["left", "right", "right"],
		),
		"",
		`Medians over ${rounds} interleaved rounds. Target: the installed command within ${TARGET}× of node -e 0: ` +
			`${cli.ratio <= TARGET ? "met" : "NOT met"} (${show.times(cli.ratio)}).`,
	].join("\n");
	return {
		name: "gate",
		table,
		data: {
			corpus: Object.fromEntries(scores.map(({ name, score }) => [name, score])),
			newestHeldOut: HELD_OUT_WRITTEN.at(-1),
			classify: { perBriefUs, long: sizes },
			process: { rounds, target: TARGET, targetMet: cli.ratio <= TARGET, variants: processRows, samplesMs: times },
		},
	};
};

export default bench;
