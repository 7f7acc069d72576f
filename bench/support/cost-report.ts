/**
 * The cost benchmark's figures as a table and as data: medians per model, workload and layout,
 * their ratios to naive, pi-subagents and the floor, and the targets (cost-notes.ts).
 */
import { renderTable } from "../../src/format/table.ts";
import type { EmulatedModel } from "../emulator/index.ts";
import { targetLines } from "./cost-notes.ts";
import { CHILD_LAYOUTS, type ChildLayout } from "./layouts.ts";
import { median, ratio, show } from "./stats.ts";

export interface Workload {
	id: string;
	label: string;
	/** Children per burst. */
	children: number;
	bursts: number;
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
	problems: string[];
}

export interface Cell {
	workload: Workload;
	model: string;
	layout: string;
	label: string;
	role: ChildLayout["role"];
	median: Omit<Measurement, "problems">;
	runs: Measurement[];
}

function cellsOf(
	models: readonly EmulatedModel[],
	workloads: readonly Workload[],
	samples: Map<string, Measurement[]>,
) {
	const cells: Cell[] = [];
	for (const model of models) {
		for (const workload of workloads) {
			for (const layout of CHILD_LAYOUTS) {
				const runs = samples.get(`${model.id}/${workload.id}/${layout.id}`);
				if (!runs) continue;
				const pick = (f: (m: Measurement) => number) => median(runs.map(f));
				const { problems: _p, ...first } = runs[0]!;
				const med = Object.fromEntries(
					Object.keys(first).map((k) => [k, pick((m) => m[k as keyof typeof first])]),
				) as Cell["median"];
				cells.push({
					workload,
					model: model.id,
					layout: layout.id,
					label: layout.label,
					role: layout.role,
					median: med,
					runs,
				});
			}
		}
	}
	return cells;
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
		show.usd(c.median.parentDollars),
		show.usd(c.median.childDollars),
		show.pct(c.median.childHitRatio),
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
	"parent $",
	"children $",
	"children hit",
	"÷ naive",
	"÷ pi-subagents",
	"÷ floor",
	"parent out tok",
	"report tok",
	"parent tools tok",
	"check",
];
const ALIGN = HEADER.map((_, i) => (i < 2 || i === HEADER.length - 1 ? "left" : "right")) as Array<"left" | "right">;

/** The printed tables and the results file's data. */
export function report(
	models: readonly EmulatedModel[],
	workloads: readonly Workload[],
	reps: number,
	samples: Map<string, Measurement[]>,
	timing: { ttftMs: number; gapMs: number },
) {
	const cells = cellsOf(models, workloads, samples);
	const tables = models.flatMap((model) => {
		const mine = cells.filter((c) => c.model === model.id);
		const floors = workloads.map((w) => `${w.label} ${show.usd(floorOf(cells, model.id, w.id))}`);
		return [
			`${model.id} (minimum cacheable prefix ${model.minCacheableTokens} tokens)`,
			renderTable(
				HEADER,
				mine.map((c) => rowOf(c, cells)),
				ALIGN,
			),
			`floor: ${floors.join(" · ")}`,
			"",
		];
	});
	const table = [
		...tables,
		`medians over ${reps} repetition(s); first byte after ${timing.ttftMs} ms; session bursts ${timing.gapMs / 60_000} min apart on the emulator's clock.`,
		"÷ floor: to the same work billed as if the cache were placed perfectly, with the leanest prompts any layout sent.",
		"parent out tok: the delegating turn's output tokens per burst; report tok: the delegation tool's results per burst.",
		...CHILD_LAYOUTS.map((l) => `${l.label}: ${l.concurrency}`),
		"",
		...targetLines(cells, (model, workload) => floorOf(cells, model, workload)),
	].join("\n");
	return { name: "cost", table, data: { reps, ...timing, cells } };
}
