/**
 * Scoring the gate against labelled briefs: the figures its targets are stated in. "Positive" is
 * "must be a task", so recall is the share of must-be-task briefs the gate blocks, precision the
 * share of blocks that were right, and the false-block rate the share of fork briefs it blocks.
 * Pure: the caller reads the corpus files and passes their text.
 */
import { classifyBrief, reasonKinds } from "../../src/gate/classify.ts";
import type { GateDecision, ReasonKind } from "../../src/gate/types.ts";

export interface LabelledBrief {
	id: string;
	brief: string;
	label: "fork" | "task";
	/** For a task: the kinds of reason the gate must find (it may find more). */
	kinds: ReasonKind[];
	category: string;
	/** A case chosen because a naive reading gets it wrong. */
	hard: boolean;
	note: string;
}

export interface CorpusScore {
	briefs: number;
	forks: number;
	tasks: number;
	hard: number;
	/** Task briefs blocked. */
	truePositives: number;
	/** Task briefs let through as forks. */
	falseNegatives: number;
	/** Fork briefs blocked. */
	falsePositives: number;
	trueNegatives: number;
	precision: number;
	recall: number;
	falseBlockRate: number;
	/** Task briefs whose expected kinds were not all found (ids). */
	kindMisses: string[];
	/** Briefs routed wrongly (ids). */
	misses: string[];
}

const KINDS: readonly ReasonKind[] = ["prohibition", "write-boundary", "file-change"];

/** Parses a JSONL corpus; throws naming the line when a line is not a labelled brief. */
export function parseCorpus(text: string, source = "corpus"): LabelledBrief[] {
	return text
		.split("\n")
		.map((line, i) => ({ line, n: i + 1 }))
		.filter(({ line }) => line.trim() !== "")
		.map(({ line, n }) => {
			const row = JSON.parse(line) as Partial<LabelledBrief>;
			const valid =
				typeof row.id === "string" &&
				typeof row.brief === "string" &&
				(row.label === "fork" || row.label === "task") &&
				Array.isArray(row.kinds) &&
				row.kinds.every((k) => KINDS.includes(k)) &&
				(row.label === "task" || row.kinds.length === 0);
			if (!valid) throw new Error(`${source}:${n}: not a labelled brief (id, brief, label, kinds)`);
			return { category: "", hard: false, note: "", ...row } as LabelledBrief;
		});
}

const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);

/** Scores `classify` (the gate by default) over labelled briefs. */
export function scoreCorpus(
	rows: readonly LabelledBrief[],
	classify: (brief: string) => GateDecision = classifyBrief,
): CorpusScore {
	let tp = 0;
	let fn = 0;
	let fp = 0;
	let tn = 0;
	const misses: string[] = [];
	const kindMisses: string[] = [];
	for (const row of rows) {
		const decision = classify(row.brief);
		const blocked = decision.route === "task";
		if (row.label === "task") {
			if (blocked) tp++;
			else fn++;
			const found = reasonKinds(decision);
			if (!row.kinds.every((k) => found.includes(k))) kindMisses.push(row.id);
		} else if (blocked) fp++;
		else tn++;
		if (blocked !== (row.label === "task")) misses.push(row.id);
	}
	return {
		briefs: rows.length,
		forks: fp + tn,
		tasks: tp + fn,
		hard: rows.filter((r) => r.hard).length,
		truePositives: tp,
		falseNegatives: fn,
		falsePositives: fp,
		trueNegatives: tn,
		precision: ratio(tp, tp + fp),
		recall: ratio(tp, tp + fn),
		falseBlockRate: ratio(fp, fp + tn),
		kindMisses,
		misses,
	};
}
