/**
 * Trains the fork-gate's second reader (src/gate/learned.ts) on the corpus's tuning split and writes
 * it to src/gate/learned-weights.ts: `node scripts/gate-train.ts` (`--check` only says whether the
 * file is what training gives). The held-out split is never read: its briefs are the measure of
 * how the gate does on briefs it was not built on (test/fixtures/briefs/README.md).
 *
 * Logistic regression with an L2 penalty on tf-idf features (words and word pairs seen in at least
 * three briefs), the two labels weighed equally, fitted by full-batch Adam from zero — the same
 * numbers on every machine. Then the MAX_FEATURES heaviest features are kept and the model fitted
 * again on them alone, so the shipped data stays small.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCorpus } from "../bench/support/gate-score.ts";
import { type LearnedModel, learnedFeatures, learnedVector } from "../src/gate/learned.ts";

export interface TrainingBrief {
	brief: string;
	task: boolean;
}

const MIN_BRIEFS = 3;
const MAX_FEATURES = 8000;
/** Inverse strength of the penalty, as scikit-learn's C: the data weighs this much against ||w||²/2. */
const C = 10;
const STEPS = 800;
const RATE = 0.05;

/** Features seen in at least MIN_BRIEFS briefs, in order of first sight, with their idf. */
function vocabulary(briefs: readonly TrainingBrief[], keep?: ReadonlySet<string>) {
	const seen = new Map<string, number>();
	for (const { brief } of briefs) {
		for (const f of learnedFeatures(brief).keys()) if (!keep || keep.has(f)) seen.set(f, (seen.get(f) ?? 0) + 1);
	}
	const features = [...seen].filter(([, n]) => keep || n >= MIN_BRIEFS).map(([f]) => f);
	const n = briefs.length;
	const idf = Float64Array.from(features, (f) => Math.log((1 + n) / (1 + (seen.get(f) as number))) + 1);
	return { features, idf, index: new Map(features.map((f, i) => [f, i])) };
}

/** The briefs' vectors packed row after row (compressed sparse rows), for a fast loop. */
interface Rows {
	start: Int32Array;
	column: Int32Array;
	value: Float64Array;
}

function pack(vectors: ReadonlyArray<Map<number, number>>): Rows {
	const total = vectors.reduce((n, v) => n + v.size, 0);
	const rows: Rows = {
		start: new Int32Array(vectors.length + 1),
		column: new Int32Array(total),
		value: new Float64Array(total),
	};
	let k = 0;
	for (const [i, vector] of vectors.entries()) {
		rows.start[i] = k;
		for (const [j, v] of vector) {
			rows.column[k] = j;
			rows.value[k++] = v;
		}
	}
	rows.start[vectors.length] = k;
	return rows;
}

/** One Adam step on every weight (the bias last), from the gradient `g`. */
function adamStep(w: Float64Array, g: Float64Array, m: Float64Array, v: Float64Array, step: number): void {
	const c1 = 1 - 0.9 ** step;
	const c2 = 1 - 0.999 ** step;
	for (let j = 0; j < w.length; j++) {
		const gj = g[j] as number;
		m[j] = 0.9 * (m[j] as number) + 0.1 * gj;
		v[j] = 0.999 * (v[j] as number) + 0.001 * gj * gj;
		w[j] = (w[j] as number) - (RATE * ((m[j] as number) / c1)) / (Math.sqrt((v[j] as number) / c2) + 1e-8);
	}
}

/** Fits weights and bias to the vectors by Adam on the weighed, penalised log loss. */
function adamFit(vectors: ReadonlyArray<Map<number, number>>, task: readonly boolean[], size: number) {
	const { start, column, value } = pack(vectors);
	const n = vectors.length;
	const tasks = task.filter(Boolean).length;
	const weigh = Float64Array.from(task, (t) => n / (2 * (t ? tasks : n - tasks)) / n);
	const target = Float64Array.from(task, (t) => (t ? 1 : 0));
	const lambda = 1 / (C * n);
	const [w, m, v, g] = [0, 0, 0, 0].map(() => new Float64Array(size + 1)) as [
		Float64Array,
		Float64Array,
		Float64Array,
		Float64Array,
	];
	for (let step = 1; step <= STEPS; step++) {
		for (let j = 0; j < size; j++) g[j] = lambda * (w[j] as number);
		g[size] = 0;
		for (let i = 0; i < n; i++) {
			const [from, to] = [start[i] as number, start[i + 1] as number];
			let z = w[size] as number;
			for (let k = from; k < to; k++) z += (value[k] as number) * (w[column[k] as number] as number);
			const err = (1 / (1 + Math.exp(-z)) - (target[i] as number)) * (weigh[i] as number);
			for (let k = from; k < to; k++)
				g[column[k] as number] = (g[column[k] as number] as number) + err * (value[k] as number);
			g[size] = (g[size] as number) + err;
		}
		adamStep(w, g, m, v, step);
	}
	return { weight: w.slice(0, size), bias: w[size] as number };
}

function fitOn(briefs: readonly TrainingBrief[], keep?: ReadonlySet<string>): LearnedModel {
	const { features, idf, index } = vocabulary(briefs, keep);
	const vectors = briefs.map((b) => learnedVector(b.brief, index, idf));
	const { weight, bias } = adamFit(
		vectors,
		briefs.map((b) => b.task),
		features.length,
	);
	return { features, idf, weight, bias };
}

/** The model for these briefs: fitted on every feature, then again on the heaviest MAX_FEATURES. */
export function trainLearned(briefs: readonly TrainingBrief[]): LearnedModel {
	const first = fitOn(briefs);
	const order = first.features.map((f, i) => [f, Math.abs(first.weight[i] as number)] as const);
	order.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
	return fitOn(briefs, new Set(order.slice(0, MAX_FEATURES).map(([f]) => f)));
}

/** The tuning split's briefs, file by file in name order (never a held-out file). */
export function tuningBriefs(dir: string): TrainingBrief[] {
	const files = readdirSync(dir)
		.filter((f) => f.endsWith(".jsonl") && !f.startsWith("heldout"))
		.sort();
	return files.flatMap((file) =>
		parseCorpus(readFileSync(join(dir, file), "utf8"), file).map((row) => ({
			brief: row.brief,
			task: row.label === "task",
		})),
	);
}

const num = (x: number) => Number(x.toPrecision(5)).toString();

/** The weights module's text for a model: array literals, which a JavaScript parser reads fastest. */
export function weightsModule(model: LearnedModel): string {
	return [
		"/** The fork-gate's second reader as data (src/gate/learned.ts), written by scripts/gate-train.ts from the tuning split: do not edit. */",
		"export const LEARNED = {",
		`\tbias: ${num(model.bias)},`,
		`\tfeatures: ${JSON.stringify(model.features)},`,
		`\tidf: [${Array.from(model.idf, num).join(",")}],`,
		`\tweight: [${Array.from(model.weight, num).join(",")}],`,
		"};",
		"",
	].join("\n");
}

const BRIEFS = join(import.meta.dirname, "..", "test", "fixtures", "briefs");
const WEIGHTS = join(import.meta.dirname, "..", "src", "gate", "learned-weights.ts");

/** The weights module training on the corpus gives now. */
export const trainedWeights = () => weightsModule(trainLearned(tuningBriefs(BRIEFS)));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const text = trainedWeights();
	if (process.argv.includes("--check")) {
		const same = readFileSync(WEIGHTS, "utf8") === text;
		console.log(
			same
				? "src/gate/learned-weights.ts is what training gives"
				: "src/gate/learned-weights.ts is stale: run node scripts/gate-train.ts",
		);
		process.exitCode = same ? 0 : 1;
	} else {
		writeFileSync(WEIGHTS, text);
		console.log(`wrote ${WEIGHTS}`);
	}
}
