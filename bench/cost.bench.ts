/**
 * Child cost: one parent `pi` session hands the same scripted work (read a file, report its first
 * line) to 1, 4 and 8 sibling children; the emulator bills every request of parent and children as
 * Anthropic would. Reported per layout: total dollars, cache hit ratio cacheRead / (input +
 * cacheRead + cacheWrite), the same for the children alone, the parent's wall time, and the dollars
 * and hit ratio as ratios to the naive layout measured in the same run. Medians over repetitions.
 *
 * The layouts (support/layouts.ts): naive is Pi's shipped subagent example, unchanged. pi-delegate
 * is the package as a user runs it: the parent loads the build, calls `task` once per child, and
 * each child is a task worker whose system prompt and tools are exactly what buildChildView and
 * renderChildView decide (focused mode), sent by Pi's real Anthropic provider.
 *
 * What is held equal, so that only the layout differs:
 * - the work: each child reads one copy of the same file (read tool) and reports the same line;
 *   two requests per child. The report travels as the layout's own protocol — plain text for the
 *   naive child, one `submit_result` call with an evidence pointer for pi-delegate's — and is billed
 *   as such;
 * - the parent: the same `pi --mode json -p` command, prompt and two scripted turns; it differs only
 *   in the extension it loads, whose tool (and its result, the children's reports) it pays for;
 * - the model: claude-sonnet-4-5 at list prices for parent and children in both layouts;
 * - the concurrency limit: the example runs at most 4 children at once, and so does the headline
 *   pi-delegate layout (its tasks whose roots overlap run in turn, so its children watch 4 root
 *   lanes); two more pi-delegate rows show its other natural shapes, one shared root (in turn) and
 *   disjoint roots (all at once), labelled as such;
 * - the time to first byte: the emulator waits TTFT_MS before every answer, because a cache entry
 *   becomes readable only once the response that wrote it has started, for siblings as on the real
 *   service; each measurement starts with a fresh emulator and an empty cache.
 *
 * Nothing is tuned in pi-delegate's favour: the output ends with a line for every row where a
 * pi-delegate layout costs more or caches less than the naive one, and with what a child's first
 * request is made of (tools, system prompt, first message), which is where the difference comes from.
 */
import { renderTable } from "../src/format/table.ts";
import { type LogEntry, type Script, totals } from "./emulator/index.ts";
import type { Bench } from "./run.ts";
import { type BenchEnv, openBenchEnv } from "./support/bench-env.ts";
import { childPromptShape, losses, type PromptShape, promptNotes } from "./support/cost-notes.ts";
import { CHILD_LAYOUTS, type ChildLayout } from "./support/layouts.ts";
import { assistantMessages, runPiProcess } from "./support/pi-process.ts";
import { median, ratio, show } from "./support/stats.ts";

/** Time to first token the emulator imitates (a low figure for Sonnet-class models). */
const TTFT_MS = 300;

interface Measurement {
	dollars: number;
	hitRatio: number;
	parentDollars: number;
	childDollars: number;
	childHitRatio: number;
	requests: number;
	wallMs: number;
	problems: string[];
	/** What the run's first child request was made of. */
	childPrompt: PromptShape | undefined;
}

function script(env: BenchEnv, layout: ChildLayout, tasks: string[]): Script {
	return {
		conversations: [
			{
				match: "[cost-parent]",
				label: "parent",
				turns: [{ text: "Delegating.", tools: layout.delegateCalls(env, tasks) }, "All children reported."],
			},
			{
				match: "[cost-child",
				label: "child",
				turns: [
					(req) => ({
						tools: [{ name: "read", input: { path: /Read (\S+) and report/.exec(req.firstUserText)?.[1] } }],
					}),
					(req) => layout.finalTurn(`Report: ${req.toolResults[0]?.text.split("\n")[0] ?? "(nothing read)"}`),
				],
			},
		],
	};
}

/** Problems the parent's own events show: a pi-delegate task that did not PASS. */
function verdictProblems(events: ReadonlyArray<Record<string, unknown>>): string[] {
	return events
		.filter((e) => e.type === "tool_execution_end" && e.toolName === "task")
		.flatMap((e) => {
			const result = (
				e.result as { details?: { result?: { verdict?: string; problems?: Array<{ message: string }> } } }
			).details?.result;
			return result?.verdict === "PASS"
				? []
				: [
						`task ${result?.verdict ?? "without a result"}: ${result?.problems?.map((p) => p.message).join("; ") ?? ""}`,
					];
		});
}

function measure(
	entries: readonly LogEntry[],
	children: number,
	parentProblems: string[],
	wallMs: number,
): Measurement {
	const all = totals(entries);
	const parent = totals(entries.filter((e) => e.label === "parent"));
	const child = totals(entries.filter((e) => e.label === "child"));
	const problems = [...parentProblems];
	const childConversations = new Set(
		entries.filter((e) => e.label === "child" && e.outcome === "ok").map((e) => e.conversation),
	);
	if (childConversations.size !== children)
		problems.push(`${childConversations.size} of ${children} children answered`);
	for (const e of entries) if (e.outcome !== "ok") problems.push(`#${e.seq} ${e.outcome}: ${e.error?.message ?? ""}`);
	return {
		dollars: all.cost.total,
		hitRatio: all.hitRatio,
		parentDollars: parent.cost.total,
		childDollars: child.cost.total,
		childHitRatio: child.hitRatio,
		requests: all.requests,
		wallMs,
		problems,
		childPrompt: childPromptShape(entries),
	};
}

async function runOnce(env: BenchEnv, layout: ChildLayout, children: number): Promise<Measurement> {
	const tasks = Array.from(
		{ length: children },
		(_, i) => `[cost-child ${i + 1}] Read ${layout.dataPath(env, i)} and report what it says.`,
	);
	await env.restart({ script: script(env, layout, tasks), firstByteDelayMs: TTFT_MS });
	const prepared = layout.prepare(env);
	const run = await runPiProcess(
		[
			"--mode",
			"json",
			"-p",
			"--no-session",
			"--model",
			env.modelRef,
			...prepared.parentArgs,
			`[cost-parent] Ask ${children} worker(s) to read the data file and report.`,
		],
		{ cwd: env.cwd, env: { ...env.dir.env, ...prepared.env }, timeoutMs: 300_000 },
	);
	const parentOk = run.code === 0 && assistantMessages(run.events).at(-1)?.stopReason === "stop";
	const problems = [...(parentOk ? [] : ["parent did not finish normally"]), ...verdictProblems(run.events)];
	return measure(env.emulator.log.entries, children, problems, run.endedAt - run.startedAt);
}

const bench: Bench = async ({ quick }) => {
	const levels = quick ? [1, 4] : [1, 4, 8];
	const reps = quick ? 1 : 5;
	const layouts = quick ? CHILD_LAYOUTS.slice(0, 2) : CHILD_LAYOUTS;
	const env = await openBenchEnv({});
	const samples = new Map<string, Measurement[]>();
	try {
		for (let rep = 1; rep <= reps; rep++) {
			for (const children of levels) {
				for (const layout of layouts) {
					process.stderr.write(`  rep ${rep}/${reps}: ${children} children, ${layout.id}\n`);
					const key = `${layout.id}/${children}`;
					samples.set(key, [...(samples.get(key) ?? []), await runOnce(env, layout, children)]);
				}
			}
		}
	} finally {
		await env.close();
	}
	return report(levels, reps, layouts, samples);
};

function report(levels: number[], reps: number, layouts: readonly ChildLayout[], samples: Map<string, Measurement[]>) {
	const shapes = new Map(layouts.map((l) => [l.id, samples.get(`${l.id}/${levels[0]}`)?.[0]?.childPrompt]));
	const cells = levels.flatMap((children) =>
		layouts.map((layout) => {
			const runs = samples.get(`${layout.id}/${children}`) ?? [];
			const pick = (f: (m: Measurement) => number) => median(runs.map(f));
			return {
				layout: layout.id,
				label: layout.label,
				role: layout.role,
				concurrency: layout.concurrency,
				children,
				childPrompt: shapes.get(layout.id),
				median: {
					dollars: pick((m) => m.dollars),
					hitRatio: pick((m) => m.hitRatio),
					parentDollars: pick((m) => m.parentDollars),
					childDollars: pick((m) => m.childDollars),
					childHitRatio: pick((m) => m.childHitRatio),
					requests: pick((m) => m.requests),
					wallMs: pick((m) => m.wallMs),
				},
				runs,
			};
		}),
	);
	const base = (children: number) => cells.find((c) => c.layout === layouts[0]!.id && c.children === children)!.median;
	const rows = cells.map((c) => {
		const b = base(c.children);
		const problems = c.runs.flatMap((r) => r.problems);
		return [
			c.label,
			String(c.children),
			String(c.median.requests),
			show.ms(c.median.wallMs),
			show.usd(c.median.dollars),
			show.usd(c.median.parentDollars),
			show.usd(c.median.childDollars),
			show.pct(c.median.hitRatio),
			show.pct(c.median.childHitRatio),
			show.times(ratio(c.median.dollars, b.dollars)),
			show.times(ratio(c.median.childDollars, b.childDollars)),
			show.times(ratio(c.median.hitRatio, b.hitRatio)),
			problems.length === 0 ? "ok" : `${problems.length} problem(s): ${problems[0]}`,
		];
	});
	const table = [
		renderTable(
			[
				"layout",
				"children",
				"requests",
				"wall",
				"total $",
				"parent $",
				"children $",
				"hit ratio",
				"children hit",
				"$ ÷ naive",
				"children $ ÷ naive",
				"hit ÷ naive",
				"check",
			],
			rows,
			[
				"left",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"right",
				"left",
			],
		),
		"",
		`claude-sonnet-4-5 list prices for parent and children; medians over ${reps} repetition(s); first byte after ${TTFT_MS} ms;`,
		"each run starts with an empty cache; the same work per child (read one file, report its first line).",
		"hit ratio = cacheRead / (input + cacheRead + cacheWrite); $ ÷ naive below 1 and hit ÷ naive above 1 favour the layout.",
		"wall: the parent process, start to exit. parent $: its two requests, which pay for the layout's delegation tool,",
		"the calls the model writes to it (one `subagent` call for all, or one `task` call per child) and the reports it reads back.",
		...layouts.map((l) => `${l.label}: ${l.concurrency}`),
		`siblings whose first requests arrive less than ${TTFT_MS} ms apart cannot read each other's cache writes. pi-delegate`,
		"holds a sibling until the first one's response has started (its prefix gate), so the rest read that prefix; the",
		"example's `pi` processes spread over hundreds of ms as they start on a busy machine, so some of its siblings read",
		"the first one's prefix by chance (and its figures vary run to run).",
		"",
		...promptNotes(layouts.map((l) => ({ label: l.label, shape: shapes.get(l.id) }))),
		"",
		...losses(cells),
	].join("\n");
	return { name: "cost", table, data: { levels, reps, ttftMs: TTFT_MS, cells } };
}

export default bench;
