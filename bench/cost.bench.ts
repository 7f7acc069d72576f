/**
 * Child cost: one parent `pi` session hands the same scripted read-only work (read a file, report
 * its first line) to sibling children, and the emulator bills every request of parent and children
 * as Anthropic would. Two workloads: one burst of 1, 4 or 8 children, and a session of 12 tasks in
 * 4 bursts of 3 (the session continues through `pi -p --session FILE`, one process per burst). The
 * session's bursts are 6 minutes apart on the emulator's clock (past the 5-minute cache lifetime),
 * and the gap is swept: 2 minutes (inside it) and 61 minutes (past the 1-hour lifetime too). The
 * clock is advanced, not waited for. Each on claude-sonnet-4-5 and claude-haiku-4-5 (parent and
 * children alike); the sweep's other gaps on Sonnet only.
 *
 * The layouts (support/layouts.ts): naive is Pi's shipped subagent example, unchanged; pi-delegate
 * as a user runs it (the built package; a burst is one `task` call with `tasks: [...]`, and the
 * pi-subagents 0.67 from npm (installed into a temporary prefix), fanning out through its workflow
 * `runs.all` in the foreground. And the floor (support/floor.ts): the same traffic billed as if the cache were placed
 * perfectly, lowest over the layouts — what the work costs at least.
 *
 * Held equal, so that only the layout differs: the work (each child reads one copy of the same file
 * and reports the same line; two requests per child, the report travelling as the layout's own
 * protocol), the parent (the same command, prompts and scripted turns; only the extension differs),
 * the model, the concurrency as far as the example's fixed 4 allows (pi-subagents' own setting at
 * 4, and at 8 where pi-delegate runs 8 at once; each layout's peak is checked in the log), and the
 * time to first byte (300 ms before every answer, so siblings that start together cannot read each
 * other's writes, as on the real service). Every measurement starts with a fresh emulator and an empty cache.
 *
 * Nothing is tuned in pi-delegate's favour: the output ends with the targets, met or missed by how
 * much, and a line for every row where pi-delegate costs more than a layout it is compared with.
 *
 * The sandbox: pi-delegate's children run as a user gets them by default (`sandbox: "enforce"`,
 * bubblewrap where the machine has it); they only read, so it changes no request. The naive and
 * pi-subagents children have no sandbox.
 */

import { CLOCK_OFFSET_ENV } from "../src/pi/session-clock.ts";
import {
	countTokens,
	type EmulatedModel,
	HAIKU,
	type LogEntry,
	type Script,
	SONNET,
	totals,
} from "./emulator/index.ts";
import type { Bench } from "./run.ts";
import { type BenchEnv, openBenchEnv } from "./support/bench-env.ts";
import { costParts, peakChildren } from "./support/cost-parts.ts";
import { type Measurement, report, type Workload } from "./support/cost-report.ts";
import { idealDollars } from "./support/floor.ts";
import { type BurstTask, CHILD_LAYOUTS, type ChildLayout } from "./support/layouts.ts";
import { assistantMessages, runPiProcess } from "./support/pi-process.ts";

/** Time to first token the emulator imitates (a low figure for Sonnet-class models). */
const TTFT_MS = 300;
const BURSTS: Workload[] = [1, 4, 8].map((n) => ({
	id: `burst-${n}`,
	label: `one burst of ${n}`,
	children: n,
	bursts: 1,
	gapMs: 0,
}));
/** The session at a gap between bursts; the 6-minute one (past the 5-minute lifetime) is the headline. */
const session = (minutes: number, id = `session-${minutes}m`): Workload => ({
	id,
	label: `session: 12 in 4 bursts, ${minutes} min apart`,
	children: 3,
	bursts: 4,
	gapMs: minutes * 60_000,
});
const SESSION = session(6, "session");
/** The gap sweep's other points, on Sonnet: inside the 5-minute lifetime, and past the hour. */
const SWEEP = [session(2), session(61)];

function burstTasks(workload: Workload, layout: ChildLayout, burst: number): BurstTask[] {
	return Array.from({ length: workload.children }, (_, i) => ({
		task: `[cost-child ${burst + 1}.${i + 1}] Read ${layout.dataPath(i % 4)} and report what it says.`,
		lane: i % 4,
	}));
}

function script(env: BenchEnv, layout: ChildLayout, workload: Workload): Script {
	const parentTurns = Array.from({ length: workload.bursts }, (_, b) => [
		{ text: "Delegating.", tools: layout.delegateCalls(env, burstTasks(workload, layout, b)) },
		"All children reported.",
	]).flat();
	return {
		conversations: [
			{ match: "[cost-parent]", label: "parent", turns: parentTurns },
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

type Events = ReadonlyArray<Record<string, unknown>>;

/** Problems the parent's own events show: a pi-delegate task that did not PASS. */
function verdictProblems(events: Events): string[] {
	type Result = { verdict?: string; problems?: Array<{ message: string }> };
	return events
		.filter((e) => e.type === "tool_execution_end" && e.toolName === "task")
		.flatMap((e) => {
			const details = (e.result as { details?: { result?: Result; results?: Result[] } }).details;
			const results = details?.results ?? [details?.result];
			return results.flatMap((r) =>
				r?.verdict === "PASS"
					? []
					: [`task ${r?.verdict ?? "without a result"}: ${r?.problems?.map((p) => p.message).join("; ") ?? ""}`],
			);
		});
}

/** Tokens of the delegation tool's results in a run's events (what the parent reads back). */
function resultTokens(events: Events): number {
	const delegation = new Set(["task", "subagent"]);
	return events
		.filter((e) => e.type === "tool_execution_end" && delegation.has(String(e.toolName)))
		.flatMap((e) => (e.result as { content?: Array<{ text?: string }> }).content ?? [])
		.reduce((sum, c) => sum + countTokens(c.text ?? ""), 0);
}

// Kept whole: one list of the run's figures, each read from the log in a line or two.
function measure(entries: readonly LogEntry[], workload: Workload, model: EmulatedModel, run: RunFacts): Measurement {
	const parentEntries = entries.filter((e) => e.label === "parent");
	const parent = totals(parentEntries);
	const child = totals(entries.filter((e) => e.label === "child"));
	const problems = [...run.problems];
	const answered = new Set(entries.filter((e) => e.label === "child" && e.outcome === "ok").map((e) => e.conversation));
	const expected = workload.children * workload.bursts;
	if (answered.size !== expected) problems.push(`${answered.size} of ${expected} children answered`);
	for (const e of entries) if (e.outcome !== "ok") problems.push(`#${e.seq} ${e.outcome}: ${e.error?.message ?? ""}`);
	const peak = peakChildren(entries);
	if (run.atOnce !== undefined && peak > run.atOnce) problems.push(`${peak} children at once, over its ${run.atOnce}`);
	const delegating = parentEntries.filter((e) => (e.turn ?? 0) % 2 === 0);
	const firstTools = parentEntries[0]?.prompt?.breakpoints.find((b) => b.path.startsWith("tools"))?.tokens ?? 0;
	return {
		dollars: totals(entries).cost.total,
		parentDollars: parent.cost.total,
		childDollars: child.cost.total,
		childHitRatio: child.hitRatio,
		idealDollars: idealDollars(entries, model),
		requests: totals(entries).requests,
		wallMs: run.wallMs,
		parentOutput: delegating.reduce((sum, e) => sum + (e.usage?.output_tokens ?? 0), 0) / workload.bursts,
		reportTokens: run.reportTokens.reduce((a, b) => a + b, 0) / workload.bursts,
		parentTools: firstTools,
		peakChildren: peak,
		parts: costParts(entries, run.reportTokens, model),
		problems,
	};
}

interface RunFacts {
	problems: string[];
	wallMs: number;
	/** Tokens of the delegation tool's results, per burst. */
	reportTokens: number[];
	/** The most children the layout says it runs at once. */
	atOnce: number | undefined;
}

/**
 * The emulator's clock for the parent (src/pi/session-clock.ts): the gaps between bursts are
 * advanced on the emulator's clock, not waited for, so the parent's own clock is moved by as much,
 * and the pauses its cache policy weighs are the ones the emulator's cache lifetimes see.
 */
function emulatorTime(env: BenchEnv): Record<string, string> {
	return { [CLOCK_OFFSET_ENV]: String(Math.max(0, Math.round(env.emulator.clock.now() - Date.now()))) };
}

async function runOnce(env: BenchEnv, layout: ChildLayout, workload: Workload, model: EmulatedModel) {
	await env.restart({ script: script(env, layout, workload), firstByteDelayMs: TTFT_MS });
	const modelRef = env.dir.modelRef(model.id);
	const prepared = layout.prepare(env, modelRef);
	const sessionArgs =
		workload.bursts > 1 ? ["--session", `${env.cwd}/../session-${Date.now()}.jsonl`] : ["--no-session"];
	const facts: RunFacts = { problems: [], wallMs: 0, reportTokens: [], atOnce: layout.atOnce };
	for (let burst = 0; burst < workload.bursts; burst++) {
		if (burst > 0) env.emulator.clock.advance(workload.gapMs);
		const prompt = `[cost-parent] Burst ${burst + 1}: ask ${workload.children} worker(s) to read the data file and report.`;
		const run = await runPiProcess(
			["--mode", "json", "-p", ...sessionArgs, "--model", modelRef, ...prepared.parentArgs, prompt],
			{ cwd: env.cwd, env: { ...env.dir.env, ...prepared.env, ...emulatorTime(env) }, timeoutMs: 300_000 },
		);
		const ok = run.code === 0 && assistantMessages(run.events).at(-1)?.stopReason === "stop";
		if (!ok) facts.problems.push(`parent of burst ${burst + 1} did not finish normally: ${run.stderr.slice(0, 200)}`);
		facts.problems.push(...verdictProblems(run.events));
		facts.wallMs += run.endedAt - run.startedAt;
		facts.reportTokens.push(resultTokens(run.events));
	}
	return measure(env.emulator.log.entries, workload, model, facts);
}

/** What one repetition measures: every workload on each model it runs on. */
function plan(quick: boolean, rep: number): Array<{ model: EmulatedModel; workload: Workload }> {
	const only = process.env.COST_WORKLOADS?.split(",");
	const picked = (w: Workload) => only?.includes(w.id) ?? true;
	if (quick)
		return [...BURSTS, SESSION]
			.filter((w) => (only ? picked(w) : w === BURSTS[1] || w === SESSION))
			.map((workload) => ({ model: SONNET, workload }));
	const sweepReps = Number(process.env.COST_SWEEP_REPS ?? process.env.COST_REPS ?? 3);
	const all = [SONNET, HAIKU].flatMap((model) => [
		...[...BURSTS, SESSION].map((workload) => ({ model, workload })),
		...(model === SONNET && rep <= sweepReps ? SWEEP.map((workload) => ({ model, workload })) : []),
	]);
	return all.filter(({ workload }) => picked(workload));
}

const bench: Bench = async ({ quick }) => {
	const reps = quick ? 1 : Number(process.env.COST_REPS ?? 3);
	const env = await openBenchEnv({});
	const samples = new Map<string, Measurement[]>();
	try {
		for (let rep = 1; rep <= reps; rep++) {
			for (const { model, workload } of plan(quick, rep)) {
				for (const layout of CHILD_LAYOUTS.filter((l) => l.workloads?.includes(workload.id) ?? true)) {
					process.stderr.write(`  rep ${rep}/${reps}: ${model.id}, ${workload.label}, ${layout.id}\n`);
					const key = `${model.id}/${workload.id}/${layout.id}`;
					samples.set(key, [...(samples.get(key) ?? []), await runOnce(env, layout, workload, model)]);
				}
			}
		}
	} finally {
		await env.close();
	}
	const models = quick ? [SONNET] : [SONNET, HAIKU];
	return report(models, [...BURSTS, SESSION, ...(quick ? [] : SWEEP)], reps, samples, { ttftMs: TTFT_MS });
};

export default bench;
