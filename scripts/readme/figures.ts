/**
 * The README's benchmark figures, computed from bench/results/*.json, so they cannot drift from the
 * runs that measured them. Each row reads a few fields of one results file; a row whose fields are
 * not there (a benchmark changed its output) shows "—" and is listed in `missing`, so regenerating
 * says which row to update. Pure: the parsed results are passed in.
 */

import { markdownTable } from "./markdown.ts";

type Json = unknown;

/** The parsed results files, by benchmark name (`cost` for bench/results/cost.json). */
export type Results = Readonly<Record<string, Json>>;

export interface Figures {
	markdown: string;
	/** Rows that could not be computed, each with the file it reads. */
	missing: string[];
}

function get(value: Json, ...path: Array<string | number>): Json {
	let at: Json = value;
	for (const key of path) {
		if (at === null || typeof at !== "object") return undefined;
		at = (at as Record<string | number, Json>)[key];
	}
	return at;
}

function num(value: Json): number {
	if (typeof value !== "number" || !Number.isFinite(value)) throw new Error("not a number");
	return value;
}

function cells(results: Results, name: string): Json[] {
	const list = get(results[name], "data", "cells");
	if (!Array.isArray(list)) throw new Error("no cells");
	return list;
}

function cell(list: Json[], match: Record<string, Json>): Json {
	const found = list.find((c) => Object.entries(match).every(([k, v]) => get(c, ...k.split(".")) === v));
	if (found === undefined) throw new Error(`no cell ${JSON.stringify(match)}`);
	return found;
}

/** Two decimals, or two significant digits below 0.1 (0.0075×), where two decimals would say 0.01×. */
const times = (ratio: number) => `${ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2)}×`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The cost benchmark on one model: pi-delegate's bill over naive's, pi-subagents' and the floor. */
function costRatios(results: Results, workload: string, model = "claude-sonnet-4-5"): [number, number, number] {
	const list = cells(results, "cost");
	const at = (layout: string) => cell(list, { "workload.id": workload, model, layout }) as Record<string, Json>;
	const dollars = (layout: string) => num(get(at(layout), "median", "dollars"));
	const ours = dollars("pi-delegate");
	const layouts = ["naive", "pi-delegate", "pi-subagents"];
	const floors = layouts.flatMap((l) => {
		try {
			return [num(get(at(l), "median", "idealDollars"))];
		} catch {
			return [];
		}
	});
	return [ours / dollars("naive"), ours / dollars("pi-subagents"), ours / Math.min(...floors)];
}

/** pi-delegate over pi-subagents run at pi-delegate's own concurrency, where the benchmark has it. */
function matchedSubagents(results: Results, workload: string): string {
	const list = cells(results, "cost");
	const at = (role: string) =>
		list.find(
			(c) =>
				get(c, "workload", "id") === workload && get(c, "model") === "claude-sonnet-4-5" && get(c, "role") === role,
		);
	const matched = at("package-matched");
	if (!matched) return "";
	const ratio = num(get(at("pi-delegate"), "median", "dollars")) / num(get(matched, "median", "dollars"));
	return ` (${times(ratio)} with it ${String(get(matched, "label")).split(", ").at(-1)}, as pi-delegate)`;
}

/** The parent's prefix beyond naive's, by part, from the cost benchmark's attribution of a burst of 4. */
function addedPrefix(results: Results): string {
	const items = get(results.cost, "data", "attribution", "claude-sonnet-4-5", "burst-4");
	if (!Array.isArray(items)) throw new Error("no attribution");
	const parent = items.filter((i) => String(get(i, "item")).includes("the parent's"));
	const total = parent.find((i) => String(get(i, "item")).startsWith("="));
	const parts = parent
		.filter((i) => i !== total)
		.map((i) => {
			const item = String(get(i, "item"));
			const name = item.startsWith("delegation rule")
				? "delegation rule + roster"
				: (/`[^`]+`/.exec(item)?.[0] ?? item);
			const tokens = num(get(i, "tokens"));
			return tokens < 0 ? `less naive's ${name} ${-tokens}` : `${name} ${tokens}`;
		});
	return `${num(get(total, "tokens"))} tokens per request: ${parts.join(", ")}`;
}

function overheadRatio(results: Results, variant: string, field: string): string {
	const list = cells(results, "overhead");
	const levels = [1, 8, 32];
	return levels
		.map((children) => {
			const ours = num(get(cell(list, { variant, children }), "median", field));
			const naive = num(get(cell(list, { variant: "naive", children }), "median", field));
			return times(ours / naive);
		})
		.join(" / ");
}

function forkRow(results: Results, forks: number): string {
	const list = cells(results, "fork");
	const ours = cell(list, { layout: "pd-fork", forks });
	const naive = list.find((c) => get(c, "forks") === forks && get(c, "layout") !== "pd-fork");
	const share = num(get(ours, "median", "reuse"));
	const ratio = num(get(ours, "median", "forkDollars")) / num(get(naive, "median", "forkDollars"));
	return `${percent(share)} of the inherited prefix read from cache; ${times(ratio)} the dollars`;
}

interface Row {
	file: string;
	what: string;
	figure: (results: Results) => string;
	against: string;
}

const ROWS: readonly Row[] = [
	...(["burst-1", "burst-4", "burst-8", "session"] as const).map((workload) => ({
		file: "cost",
		what: `child cost, ${workload === "session" ? "a session of 12 tasks in 4 bursts" : `one burst of ${workload.slice(6)}`} (Sonnet 4.5)`,
		figure: (r: Results) => {
			const [naive, subagents, floor] = costRatios(r, workload).map(times);
			return `${naive} naive · ${subagents} pi-subagents${matchedSubagents(r, workload)} · ${floor} the floor`;
		},
		against:
			"Pi's subagent example; pi-subagents 0.67, 4 children at once as the others; the same traffic perfectly cached",
	})),
	{
		file: "cost",
		what: "child cost over the session, bursts 2 / 6 / 61 minutes apart (Sonnet 4.5)",
		figure: (r: Results) =>
			`${["session-2m", "session", "session-61m"].map((w) => times(costRatios(r, w)[0])).join(" / ")} naive`,
		against: "Pi's subagent example",
	},
	{
		file: "cost",
		what: "the parent's prefix beyond naive's (Sonnet 4.5)",
		figure: addedPrefix,
		against: "the parent of Pi's subagent example",
	},
	{
		file: "cost",
		what: "child cost on Haiku 4.5: bursts of 1 / 4 / 8, the session",
		figure: (r: Results) => {
			const rows = ["burst-1", "burst-4", "burst-8", "session"].map((w) => costRatios(r, w, "claude-haiku-4-5"));
			const subagents = rows.map(([, s]) => s);
			const span = `${times(Math.min(...subagents))}–${times(Math.max(...subagents))}`;
			return `${rows.map(([n]) => times(n)).join(" / ")} naive · ${span} pi-subagents`;
		},
		against: "Pi's subagent example; pi-subagents 0.67",
	},
	{
		file: "overhead",
		what: "tool call to a child's first request, in-process runner (1 / 8 / 32 at once)",
		figure: (r) => overheadRatio(r, "pd-in-process", "firstRequestMs"),
		against: "a `pi --mode json` process per child",
	},
	{
		file: "overhead",
		what: "the whole `task` call, end to end (1 / 8 / 32 at once)",
		figure: (r) => overheadRatio(r, "pd-task-tool", "endToEndMs"),
		against: "a `pi --mode json` process per child",
	},
	{
		file: "background",
		what: "a burst of 4 tasks in the background (Sonnet 4.5)",
		figure: (r) => times(num(get(r.background, "data", "burstOf4", "ratio"))),
		against: "the same 4 in one foreground `task` call",
	},
	{
		file: "background",
		what: "tokens `background`, the `children` tool and `resume` add to each parent request",
		figure: (r) => `${num(get(r.background, "data", "addedPrefixTokens", "total"))} tokens`,
		against: "the 200 allowed",
	},
	{
		file: "background",
		what: "a background child's end to its message in the parent",
		figure: (r) => `${num(get(r.background, "data", "deliveryMs", "median")).toFixed(1)} ms (median)`,
		against: "—",
	},
	{
		file: "fork",
		what: "4 parallel forks of an 11k-token conversation",
		figure: (r) => forkRow(r, 4),
		against: "a `pi` per brief on a copy of the branch",
	},
	{
		file: "boundary",
		what: "snapshot + diff of 10,000 tracked and 100,000 ignored files",
		figure: (r) => {
			const ratios = get(r.boundary, "data", "ratio_to_git_status");
			const [find, cli, floor] = ["find", "cli", "floor_split"].map((k) => times(num(get(ratios, k))));
			const cores = num(get(r.boundary, "data", "find_processes"));
			return `${find}; the command ${cli} (any complete check on ${cores} cores: ≥ ${floor})`;
		},
		against: "`git status --porcelain --ignored`, which misses writes inside ignored directories",
	},
	{
		file: "apply",
		what: "a task's private copy: make it, apply a change, drop it (10,000 + 100,000)",
		figure: (r) => {
			const ratio = times(num(get(r.apply, "data", "ratio_whole", "copy_root")));
			const mib = (name: string) => (num(get(r.apply, "data", "disk", name, "allocated_kib")) / 1024).toFixed(1);
			return `${ratio}; ${mib("copy_root")} MiB on disk against ${mib("worktree")} MiB`;
		},
		against: "`git worktree add`, `git diff --binary` piped to `git apply`, `git worktree remove`",
	},
	{
		file: "startup",
		what: "Pi's start-up with the package installed",
		figure: (r) => {
			const medians = get(r.startup, "data", "pi", "medians");
			const none = num(get(medians, "pi, nothing installed"));
			const ours = num(get(medians, "pi + pi-delegate (local path)"));
			const tarball = num(get(medians, "pi + pi-delegate (tarball)"));
			const empty = num(get(medians, "reference: pi + an empty extension"));
			const sources = num(get(medians, "pi + pi-delegate (local path, sources)"));
			return `${times(tarball / none)} from npm, a clone ${times(ours / none)} (its sources ${times(sources / none)}; an empty extension ${times(empty / none)})`;
		},
		against: "Pi with nothing installed",
	},
	{
		file: "first-prompt",
		what: "a cold first prompt: Enter to its echo (to the model's request)",
		figure: (r) => {
			const m = get(r["first-prompt"], "data", "medians");
			const vs = (route: string, field: string) => num(get(m, route, field)) / num(get(m, "none", field));
			return `${times(vs("tarball", "echo_ms"))} from npm, a clone ${times(vs("clone", "echo_ms"))} (${times(vs("tarball", "request_ms"))}, ${times(vs("clone", "request_ms"))}); its sources ${times(vs("sources", "echo_ms"))}`;
		},
		against: "Pi with nothing installed",
	},
	{
		file: "startup",
		what: "a `validate` / `gate` process, as an installed copy runs it",
		figure: (r) => {
			const startup = get(r.startup, "data", "cli", "medians");
			const validate = num(get(startup, "installed: validate")) / num(get(startup, "node -e 0"));
			const variants = get(r.gate, "data", "process", "variants");
			if (!Array.isArray(variants)) throw new Error("no process variants");
			const gate = variants.find((v) => String(get(v, "variant")).startsWith("gate, installed"));
			return `${times(validate)} / ${times(num(get(gate, "ratio")))}`;
		},
		against: "`node -e 0`",
	},
	{
		file: "sandbox",
		what: "one bash command, contained / sandboxed",
		figure: (r) => {
			const m = get(r.sandbox, "data", "medians", "bash command");
			const none = num(get(m, "none"));
			return `${times(num(get(m, "contained")) / none)} / ${times(num(get(m, "enforce")) / none)}`;
		},
		against: "the same command without a PID namespace",
	},
	{
		file: "gate",
		what: "fork-gate on its labelled briefs (tuned on / held out)",
		figure: (r) => {
			const score = (name: string) => {
				const s = get(r.gate, "data", "corpus", name);
				const blocks = `${num(get(s, "falsePositives"))} of ${num(get(s, "forks"))} forks blocked`;
				return `recall ${num(get(s, "recall")).toFixed(3)}, ${blocks}`;
			};
			const split = (name: string) => `${name}: ${score(name)}`;
			// The newest held-out file was scored once, after the last rule change: the honest estimate.
			const newest = get(r.gate, "data", "newestHeldOut");
			return `${split("tuning")}; ${split("held-out")}${typeof newest === "string" ? ` (its newest file alone, ${newest}: ${score(newest)})` : ""}`;
		},
		against: "the briefs' labels (test/fixtures/briefs)",
	},
];

function dateOf(results: Results, file: string): string {
	const date = get(results[file], "date");
	return typeof date === "string" ? date.slice(0, 10) : "?";
}

export function benchFigures(results: Results): Figures {
	const missing: string[] = [];
	const rows = ROWS.map((row) => {
		let figure = "—";
		try {
			figure = row.figure(results);
		} catch (error) {
			missing.push(`bench/results/${row.file}.json: ${row.what}: ${(error as Error).message}`);
		}
		return [row.what, figure, row.against, `\`${row.file}.json\` (${dateOf(results, row.file)})`];
	});
	return { markdown: markdownTable(["measured", "pi-delegate", "against", "results of"], rows), missing };
}
