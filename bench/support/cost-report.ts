/**
 * The cost benchmark's figures as a table and as data: medians per model, workload and layout,
 * naive's range over the repetitions, the ratios to naive, pi-subagents and the floor, each
 * system's version, concurrency and agent, where pi-delegate's dollars go (cost-attribution.ts) and
 * the targets (cost-notes.ts).
 */
import { renderTable } from "../../src/format/table.ts";
import type { EmulatedModel } from "../emulator/index.ts";
import { attributionData, attributionLines } from "./cost-attribution.ts";
import { forkCacheLines, targetLines } from "./cost-notes.ts";
import type { Parts } from "./cost-parts.ts";
import { CHILD_LAYOUTS, type ChildLayout } from "./layouts.ts";
import { median, ratio, show } from "./stats.ts";

export interface Workload {
	id: string;
	label: string;
	/** Children per burst. */
	children: number;
	bursts: number;
	/** Between two bursts, on the emulator's clock. */
	gapMs: number;
}

export interface Measurement {
	dollars: number;
	parentDollars: number;
	childDollars: number;
	childHitRatio: number;
	/** The same traffic under a perfect cache. */
	idealDollars: number;
	requests: number;
	wallMs: number;
	/** Output tokens of the parent's delegating turn, per burst: what the model writes to start the children. */
	parentOutput: number;
	/** Tokens of the delegation tool's results the parent reads back, per burst. */
	reportTokens: number;
	/** Tokens of the parent's tool definitions (Pi's four and the layout's). */
	parentTools: number;
	/** Most children in flight at once, from the log. */
	peakChildren: number;
	/** Where the dollars go, item by item (cost-parts.ts). */
	parts: Parts;
	problems: string[];
}

type Figures = Omit<Measurement, "problems">;

export interface Cell {
	workload: Workload;
	model: string;
	layout: string;
	label: string;
	role: ChildLayout["role"];
	median: Figures;
	/** Lowest and highest total dollars over the repetitions. */
	range: [number, number];
	runs: Measurement[];
}

/** Medians key by key, of the plain figures and of the parts. */
function medians(runs: readonly Measurement[]): Figures {
	const { problems: _p, parts: _q, ...first } = runs[0]!;
	const plain = Object.fromEntries(
		Object.keys(first).map((k) => [k, median(runs.map((m) => m[k as keyof typeof first]))]),
	) as Omit<Figures, "parts">;
	const keys = [...new Set(runs.flatMap((r) => Object.keys(r.parts)))];
	const parts = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r.parts[k] ?? 0))]));
	return { ...plain, parts };
}

function cellsOf(
	models: readonly EmulatedModel[],
	workloads: readonly Workload[],
	samples: Map<string, Measurement[]>,
): Cell[] {
	return models.flatMap((model) =>
		workloads.flatMap((workload) =>
			CHILD_LAYOUTS.flatMap((layout) => {
				const runs = samples.get(`${model.id}/${workload.id}/${layout.id}`);
				if (!runs) return [];
				const dollars = runs.map((r) => r.dollars);
				const { id, label, role } = layout;
				const range: [number, number] = [Math.min(...dollars), Math.max(...dollars)];
				return [{ workload, model: model.id, layout: id, label, role, median: medians(runs), range, runs }];
			}),
		),
	);
}

/** The floor of a workload on a model: the lowest ideal cost over its layouts. */
export function floorOf(cells: readonly Cell[], model: string, workload: string): number {
	return Math.min(
		...cells.filter((c) => c.model === model && c.workload.id === workload).map((c) => c.median.idealDollars),
	);
}

function rowOf(c: Cell, cells: readonly Cell[]): string[] {
	const same = (role: string) =>
		cells.find((x) => x.model === c.model && x.workload.id === c.workload.id && x.role === role)?.median;
	const naive = same("baseline");
	const pkg = same("package");
	const problems = c.runs.flatMap((r) => r.problems);
	return [
		c.workload.label,
		c.label,
		String(c.median.requests),
		show.usd(c.median.dollars),
		c.role === "baseline" ? `${show.usd(c.range[0])}–${show.usd(c.range[1])}` : "",
		show.usd(c.median.parentDollars),
		show.usd(c.median.childDollars),
		show.pct(c.median.childHitRatio),
		String(c.median.peakChildren),
		show.times(ratio(c.median.dollars, naive?.dollars ?? Number.NaN)),
		show.times(ratio(c.median.dollars, pkg?.dollars ?? Number.NaN)),
		show.times(ratio(c.median.dollars, floorOf(cells, c.model, c.workload.id))),
		String(Math.round(c.median.parentOutput)),
		String(Math.round(c.median.reportTokens)),
		String(Math.round(c.median.parentTools)),
		problems.length === 0 ? "ok" : `${problems.length} problem(s): ${problems[0]}`,
	];
}

const HEADER = [
	"workload",
	"layout",
	"requests",
	"total $",
	"naive's range",
	"parent $",
	"children $",
	"children hit",
	"at once",
	"÷ naive",
	"÷ pi-subagents",
	"÷ floor",
	"parent out tok",
	"report tok",
	"parent tools tok",
	"check",
];
const ALIGN = HEADER.map((_, i) => (i < 2 || i === HEADER.length - 1 ? "left" : "right")) as Array<"left" | "right">;

/** Each system as measured: version, concurrency and agent. */
function systemLines(): string[] {
	return CHILD_LAYOUTS.flatMap((l) => [
		`${l.label}: ${l.version()}`,
		`  concurrency: ${l.concurrency}`,
		`  agent: ${l.agent}`,
	]);
}

function systems() {
	return CHILD_LAYOUTS.map((l) => ({ layout: l.id, version: l.version(), concurrency: l.concurrency, agent: l.agent }));
}

/** The printed tables and the results file's data. */
export function report(
	models: readonly EmulatedModel[],
	workloads: readonly Workload[],
	reps: number,
	samples: Map<string, Measurement[]>,
	timing: { ttftMs: number },
) {
	const cells = cellsOf(models, workloads, samples);
	const floor = (model: string, workload: string) => floorOf(cells, model, workload);
	const tables = models.flatMap((model) => {
		const mine = cells.filter((c) => c.model === model.id);
		const run = workloads.filter((w) => mine.some((c) => c.workload.id === w.id));
		const floors = run.map((w) => `${w.label} ${show.usd(floor(model.id, w.id))}`);
		const rows = mine.map((c) => rowOf(c, cells));
		return [
			`${model.id} (minimum cacheable prefix ${model.minCacheableTokens} tokens)`,
			renderTable(HEADER, rows, ALIGN),
			`floor: ${floors.join(" · ")}`,
			"",
		];
	});
	const table = [
		...tables,
		`medians over ${reps} repetition(s) (COST_SWEEP_REPS may run the 2- and 61-minute sessions fewer times); first byte after ${timing.ttftMs} ms; a session's gaps are on the emulator's clock.`,
		"÷ floor: to the same work billed as if the cache were placed perfectly, with the leanest prompts any layout sent.",
		"at once: most children in flight together, from the log. parent out tok: the delegating turn's output tokens per burst; report tok: the delegation tool's results per burst.",
		...systemLines(),
		"",
		...attributionLines(cells, models),
		"",
		...forkCacheLines(),
		"",
		...targetLines(cells, floor),
	].join("\n");
	return {
		name: "cost",
		table,
		data: { reps, ...timing, systems: systems(), attribution: attributionData(cells, models), cells },
	};
}
