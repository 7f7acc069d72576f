/**
 * The plain-words part of the cost benchmark's output: what a child's first request is made of
 * (from the emulator's log), what that means on models with a higher minimum cacheable length, and
 * every row where a pi-delegate layout costs more or caches less than the naive one.
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

interface Cell {
	label: string;
	role: string;
	children: number;
	median: { dollars: number; childDollars: number; childHitRatio: number };
}

/** Plain statements of where a pi-delegate layout costs more or caches less than the naive one. */
export function losses(cells: readonly Cell[]): string[] {
	const lines: string[] = [];
	for (const c of cells) {
		if (c.role !== "pi-delegate") continue;
		const b = cells.find((x) => x.role === "baseline" && x.children === c.children)?.median;
		if (!b) continue;
		const worse: string[] = [];
		if (c.median.dollars > b.dollars) worse.push(`${show.times(ratio(c.median.dollars, b.dollars))} the naive dollars`);
		if (c.median.childHitRatio < b.childHitRatio)
			worse.push(`children hit ${show.pct(c.median.childHitRatio)} against naive ${show.pct(b.childHitRatio)}`);
		if (worse.length > 0) lines.push(`LOSES  ${c.label}, ${c.children} children: ${worse.join("; ")}`);
	}
	return lines.length === 0 ? ["pi-delegate costs no more and caches no less than naive in any row."] : lines;
}
