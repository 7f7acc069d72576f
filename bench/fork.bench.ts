/**
 * Fork cache reuse: a parent session reads a file (its conversation grows to a few thousand
 * tokens), then forks with 1 or 4 briefs; each fork reads one more file and answers. Measured per
 * layout (support/fork-layouts.ts) and brief count, medians over repetitions:
 *
 * - reuse: what a fork's first request read from the cache, as a share of the prefix the parent's
 *   last request left in it (its cache read + cache write: everything up to its last breakpoint).
 *   This is the figure a fork exists to get right: 1.0 means the fork paid cache-read price for the
 *   whole inherited conversation;
 * - the first request's hit ratio (read ÷ input + read + write) and dollars, the forks' dollars in
 *   all, and the wall time of the fork call (the parent's tool call, start to end).
 *
 * Held equal: the parent's conversation and model (claude-sonnet-4-5, list prices), the scripted
 * turns, the fork tool's parameters, and the emulator's 300 ms to first byte (a cache write becomes
 * readable only once its response starts, for siblings as on the real service). Every run starts
 * with an empty cache. The naive layout is the common pattern, unchanged and not tuned; the table
 * ends with a LOSES line wherever pi-delegate does worse.
 *
 * The sandbox: a fork has no sandbox setting (it runs in this process with the parent's tools), so
 * both layouts run without one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentSessionEvent } from "@earendil-works/pi-coding-agent";
import { renderTable } from "../src/format/table.ts";
import type { ForkDetails } from "../src/pi/fork-call.ts";
import type { Script, TurnRequest } from "./emulator/index.ts";
import type { Bench } from "./run.ts";
import { type BenchEnv, openBenchEnv } from "./support/bench-env.ts";
import { FORK_LAYOUTS, type ForkLayout, parentSession } from "./support/fork-layouts.ts";
import { median, ratio, show } from "./support/stats.ts";

const TTFT_MS = 300;
const PARENT = "[fork-bench-parent]";
const BRIEF = "[fork-bench-brief";
/** The file the parent reads: about 6k tokens of source, so the inherited conversation weighs something. */
const BIG = "module.ts";
const SMALL = "notes.txt";

interface Usage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	cost: { total: number };
}

interface Measurement {
	/** Per fork: its first request's cache read ÷ the prefix the parent's last request left in the cache. */
	reuse: number[];
	firstHit: number[];
	firstDollars: number;
	forkDollars: number;
	callMs: number;
	inherited: number;
	problems: string[];
}

function writeProject(env: BenchEnv): void {
	const lines = Array.from(
		{ length: 400 },
		(_, i) => `export function step${i}(input: number): number { return input * ${i % 17} + ${i}; } // step ${i}`,
	);
	writeFileSync(join(env.cwd, BIG), `${lines.join("\n")}\n`);
	writeFileSync(join(env.cwd, SMALL), "Decisions: keep the step functions pure.\n");
}

/** The brief a request belongs to, if a fork sent it, and how many of the fork's own turns came before. */
function forkOf(req: TurnRequest): { brief: string; turn: number } | undefined {
	const messages = req.request.messages;
	const at = messages.findLastIndex(
		(m) =>
			m.role === "user" && typeof m.content !== "string" && m.content.some((b) => String(b.text ?? "").includes(BRIEF)),
	);
	if (at < 0) return undefined;
	const turn = messages.slice(at).filter((m) => m.role === "assistant").length;
	return { brief: JSON.stringify(messages[at]?.content), turn };
}

function script(briefs: string[]): Script {
	return {
		default: (req) => {
			const fork = forkOf(req);
			if (fork) {
				return fork.turn === 0
					? { text: "Checking the notes.", tools: [{ name: "read", input: { path: SMALL } }] }
					: "The steps are pure, as the notes decide.";
			}
			const turn = req.request.messages.filter((m) => m.role === "assistant").length;
			if (turn === 0) return { text: "Reading it.", tools: [{ name: "read", input: { path: BIG } }] };
			if (turn === 1) return { text: "Forking.", tools: [{ name: "fork", input: { briefs } }] };
			return "Done.";
		},
	};
}

const prompt = (u: Usage) => u.input + u.cacheRead + u.cacheWrite;

/** Each fork's requests' usage, from its own record: pi-delegate's events, or the naive child's output. */
function forkUsages(details: unknown): Usage[][] {
	const d = details as ForkDetails | { children?: Usage[][] } | undefined;
	if (d && "kind" in d && d.kind === "forks") {
		return d.results.map((r) =>
			readFileSync(join(r.auditDir, "events.ndjson"), "utf8")
				.split("\n")
				.filter((line) => line.includes('"message_end"'))
				.map((line) => JSON.parse(line) as { message: { role: string; usage?: Usage } })
				.filter((e) => e.message.role === "assistant" && e.message.usage)
				.map((e) => e.message.usage as Usage),
		);
	}
	return (d as { children?: Usage[][] } | undefined)?.children ?? [];
}

async function runOnce(env: BenchEnv, layout: ForkLayout, count: number, rep: number): Promise<Measurement> {
	const briefs = Array.from(
		{ length: count },
		(_, i) => `${BRIEF} ${rep}.${i + 1}] Is step ${i} consistent with the notes?`,
	);
	await env.restart({ script: script(briefs), firstByteDelayMs: TTFT_MS });
	const session = await parentSession(env, layout.extension(env, join(env.cwd, "..", "runs")));
	let started = 0;
	let ended = 0;
	let details: unknown;
	const off = session.subscribe((event: AgentSessionEvent) => {
		if (event.type === "tool_execution_start" && event.toolName === "fork") started = performance.now();
		if (event.type === "tool_execution_end" && event.toolName === "fork") {
			ended = performance.now();
			details = (event.result as { details?: unknown }).details;
		}
	});
	try {
		await session.prompt(`${PARENT} Read ${BIG}, then ask ${count} fork(s) about it.`);
	} finally {
		off();
	}
	const call = session.messages.findLast(
		(m) => m.role === "assistant" && JSON.stringify(m.content).includes('"name":"fork"'),
	) as { usage?: Usage } | undefined;
	session.dispose();
	const inherited = (call?.usage?.cacheRead ?? 0) + (call?.usage?.cacheWrite ?? 0);
	const forks = forkUsages(details);
	const firsts = forks.map((f) => f[0]).filter((u): u is Usage => u !== undefined);
	const problems = [
		...(firsts.length === count ? [] : [`${firsts.length} of ${count} forks answered`]),
		...(inherited > 0 ? [] : ["the parent's last request cached nothing"]),
	];
	return {
		reuse: firsts.map((u) => ratio(u.cacheRead, inherited)),
		firstHit: firsts.map((u) => ratio(u.cacheRead, prompt(u))),
		firstDollars: firsts.reduce((s, u) => s + u.cost.total, 0),
		forkDollars: forks.flat().reduce((s, u) => s + u.cost.total, 0),
		callMs: ended - started,
		inherited,
		problems,
	};
}

const bench: Bench = async ({ quick }) => {
	const levels = [1, 4];
	const reps = quick ? 1 : 5;
	const env = await openBenchEnv({});
	writeProject(env);
	const samples = new Map<string, Measurement[]>();
	try {
		for (let rep = 1; rep <= reps; rep++) {
			for (const count of levels) {
				for (const layout of FORK_LAYOUTS) {
					process.stderr.write(`  rep ${rep}/${reps}: ${count} fork(s), ${layout.id}\n`);
					const key = `${layout.id}/${count}`;
					samples.set(key, [...(samples.get(key) ?? []), await runOnce(env, layout, count, rep)]);
				}
			}
		}
	} finally {
		await env.close();
	}
	return report(levels, reps, samples);
};

function report(levels: number[], reps: number, samples: Map<string, Measurement[]>) {
	const cells = levels.flatMap((count) =>
		FORK_LAYOUTS.map((layout) => {
			const runs = samples.get(`${layout.id}/${count}`) ?? [];
			return {
				layout: layout.id,
				label: layout.label,
				forks: count,
				median: {
					reuse: median(runs.flatMap((r) => r.reuse)),
					minReuse: Math.min(...runs.flatMap((r) => r.reuse)),
					firstHit: median(runs.flatMap((r) => r.firstHit)),
					inherited: median(runs.map((r) => r.inherited)),
					firstDollars: median(runs.map((r) => r.firstDollars)),
					forkDollars: median(runs.map((r) => r.forkDollars)),
					callMs: median(runs.map((r) => r.callMs)),
				},
				runs,
			};
		}),
	);
	const naive = (count: number) => cells.find((c) => c.layout === "naive" && c.forks === count)!.median;
	const rows = cells.map((c) => {
		const b = naive(c.forks);
		const problems = c.runs.flatMap((r) => r.problems);
		return [
			c.label,
			String(c.forks),
			String(Math.round(c.median.inherited)),
			show.pct(c.median.reuse),
			show.pct(c.median.minReuse),
			show.pct(c.median.firstHit),
			show.usd(c.median.firstDollars),
			show.usd(c.median.forkDollars),
			show.times(ratio(c.median.forkDollars, b.forkDollars)),
			show.ms(c.median.callMs),
			problems.length === 0 ? "ok" : `${problems.length} problem(s): ${problems[0]}`,
		];
	});
	const losses = cells
		.filter((c) => c.layout !== "naive")
		.flatMap((c) => {
			const b = naive(c.forks);
			const out: string[] = [];
			if (c.median.forkDollars > b.forkDollars)
				out.push(`LOSES: ${c.label}, ${c.forks} fork(s): costs more than naive`);
			if (c.median.reuse < b.reuse) out.push(`LOSES: ${c.label}, ${c.forks} fork(s): reuses less than naive`);
			if (c.median.callMs > b.callMs)
				out.push(`LOSES: ${c.label}, ${c.forks} fork(s): the call takes longer than naive`);
			return out;
		});
	const table = [
		renderTable(
			[
				"layout",
				"forks",
				"inherited",
				"reuse",
				"min reuse",
				"1st hit",
				"1st req $",
				"forks $",
				"forks $ ÷ naive",
				"call",
				"check",
			],
			rows,
			["left", "right", "right", "right", "right", "right", "right", "right", "right", "right", "left"],
		),
		"",
		`claude-sonnet-4-5 list prices; medians over ${reps} repetition(s) (reuse and 1st hit over every fork); first byte after ${TTFT_MS} ms;`,
		"every run starts with an empty cache. inherited: the tokens the parent's fork-call request left in the cache (read + write).",
		"reuse: a fork's first request's cache read ÷ inherited. 1st hit: its cache read ÷ its whole prompt. forks $: every request",
		"of every fork. call: the parent's fork tool call, start to end.",
		...(losses.length > 0 ? ["", ...losses] : []),
	].join("\n");
	return { name: "fork", table, data: { levels, reps, ttftMs: TTFT_MS, cells } };
}

export default bench;
