/**
 * The plain-words part of the cost benchmark's output: what a child's first request is made of
 * (from the emulator's log), what that means on models with a higher minimum cacheable length, the
 * targets (met, or missed by how much) and every row where pi-delegate costs more than naive.
 */
import { EMULATED_MODELS, type LogEntry } from "../emulator/index.ts";
import { ratio, show } from "./stats.ts";

/** Token counts of a child's first request, split where Anthropic builds its prefix. */
export interface PromptShape {
	total: number;
	tools: number;
	system: number;
	/** The first message plus the hidden tool-use system prompt (counted where messages begin). */
	messages: number;
}

/** The shape of the first child request in a run's log, from its cache breakpoints. */
export function childPromptShape(entries: readonly LogEntry[]): PromptShape | undefined {
	const first = entries.find((e) => e.label === "child" && e.prompt !== undefined);
	if (!first?.prompt) return undefined;
	const end = (segment: string) =>
		first.prompt!.breakpoints.filter((b) => b.path.startsWith(segment)).reduce((max, b) => Math.max(max, b.tokens), 0);
	const tools = end("tools");
	const system = Math.max(end("system"), tools);
	return { total: first.prompt.tokens, tools, system: system - tools, messages: first.prompt.tokens - system };
}

/** One line per layout with its child's prompt shape, then what the model minimums imply. */
export function promptNotes(shapes: ReadonlyArray<{ label: string; shape: PromptShape | undefined }>): string[] {
	const known = shapes.filter((s): s is { label: string; shape: PromptShape } => s.shape !== undefined);
	const lines = known.map(
		({ label, shape }) =>
			`  ${label}: ${shape.total} = tools ${shape.tools} + system ${shape.system} + first message ${shape.messages}`,
	);
	const largest = Math.max(...known.map((s) => s.shape.total));
	const above = EMULATED_MODELS.filter((m) => m.minCacheableTokens > largest);
	return [
		"a child's first request, in tokens (first message includes the 346-token hidden tool-use prompt):",
		...lines,
		...(above.length === 0
			? []
			: [
					`derived, not measured: on ${above.map((m) => `${m.id} (minimum ${m.minCacheableTokens})`).join(", ")} no child prompt above`,
					"is long enough to be cached, in either layout, until a child's conversation passes that minimum.",
				]),
	];
}

/** What the notes read of a benchmark cell. */
export interface NoteCell {
	workload: { id: string; label: string };
	model: string;
	label: string;
	role: string;
	median: { dollars: number };
}

type Floor = (model: string, workload: string) => number;

/** The cell of a role (the first of it) for a model and workload. */
function find(cells: readonly NoteCell[], c: Pick<NoteCell, "model" | "workload">, role: string): NoteCell | undefined {
	return cells.find((x) => x.model === c.model && x.workload.id === c.workload.id && x.role === role);
}

interface Target {
	/** Which cells it is about. */
	workloads: readonly string[];
	against: "naive" | "pi-subagents" | "floor";
	at: number;
}

const TARGETS: readonly Target[] = [
	{ workloads: ["burst-4"], against: "naive", at: 1.0 },
	{ workloads: ["session"], against: "naive", at: 0.7 },
	{ workloads: ["burst-1", "burst-4", "burst-8"], against: "pi-subagents", at: 0.4 },
	{ workloads: ["burst-1", "burst-4", "burst-8", "session"], against: "floor", at: 1.3 },
];

/**
 * One line per target and model for the headline pi-delegate layout (the first of its role): met,
 * or missed and by how much; then a LOSES line for every pi-delegate row that costs more than naive.
 */
export function targetLines(cells: readonly NoteCell[], floorOf: Floor): string[] {
	const headline = cells.find((c) => c.role === "pi-delegate")?.label;
	const lines: string[] = [];
	for (const model of [...new Set(cells.map((c) => c.model))]) {
		for (const target of TARGETS) {
			for (const workload of target.workloads) {
				const c = cells.find((x) => x.model === model && x.workload.id === workload && x.label === headline);
				if (!c) continue;
				const base =
					target.against === "floor"
						? floorOf(model, workload)
						: find(cells, c, target.against === "naive" ? "baseline" : "package")?.median.dollars;
				if (base === undefined) continue;
				const r = ratio(c.median.dollars, base);
				const verdict = r <= target.at ? "met   " : `MISSED by ${show.times(r - target.at)}`;
				lines.push(
					`TARGET ${verdict} ${model}, ${c.workload.label}: ${show.times(r)} ${target.against} (target <= ${show.times(target.at)})`,
				);
			}
		}
	}
	for (const c of cells) {
		if (c.role !== "pi-delegate") continue;
		const naive = find(cells, c, "baseline");
		if (naive && c.median.dollars > naive.median.dollars) {
			lines.push(
				`LOSES  ${c.model}, ${c.workload.label}, ${c.label}: ${show.times(ratio(c.median.dollars, naive.median.dollars))} the naive dollars`,
			);
		}
	}
	return lines;
}
