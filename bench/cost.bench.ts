/**
 * Child cost: one parent `pi` session hands the same scripted work (read a file, report on it) to 1,
 * 4 and 8 sibling children; the emulator bills every request of parent and children as Anthropic
 * would. Reported per layout: total dollars, cache hit ratio cacheRead / (input + cacheRead +
 * cacheWrite), and both as ratios to the naive layout measured in the same run. Medians over
 * repetitions; each measurement starts with an empty cache.
 *
 * The emulator waits TTFT_MS before answering, because a cache entry becomes readable only once the
 * response that wrote it has started: siblings that start together cannot read each other's writes
 * any sooner than that on the real service either.
 */
import { renderTable } from "../src/cli/table.ts";
import { type LogEntry, type Script, totals } from "./emulator/index.ts";
import type { Bench } from "./run.ts";
import { DATA_FILE, openBenchEnv } from "./support/bench-env.ts";
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
	problems: string[];
}

function script(layout: ChildLayout, tasks: string[]): Script {
	return {
		conversations: [
			{
				match: "[cost-parent]",
				label: "parent",
				turns: [{ text: "Delegating.", tools: [layout.delegateCall(tasks)] }, "All children reported."],
			},
			{
				match: "[cost-child",
				label: "child",
				turns: [
					{ tools: [{ name: "read", input: { path: DATA_FILE } }] },
					(req) => `Report: ${req.toolResults[0]?.text.split("\n")[0] ?? "(nothing read)"}`,
				],
			},
		],
	};
}

function measure(entries: readonly LogEntry[], children: number, parentOk: boolean): Measurement {
	const all = totals(entries);
	const parent = totals(entries.filter((e) => e.label === "parent"));
	const child = totals(entries.filter((e) => e.label === "child"));
	const problems: string[] = [];
	if (!parentOk) problems.push("parent did not finish normally");
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
		problems,
	};
}

const bench: Bench = async ({ quick }) => {
	const levels = quick ? [1, 4] : [1, 4, 8];
	const reps = quick ? 1 : 3;
	const env = await openBenchEnv({});
	const samples = new Map<string, Measurement[]>();
	try {
		for (let rep = 1; rep <= reps; rep++) {
			for (const children of levels) {
				for (const layout of CHILD_LAYOUTS) {
					process.stderr.write(`  rep ${rep}/${reps}: ${children} children, ${layout.id}\n`);
					const tasks = Array.from(
						{ length: children },
						(_, i) => `[cost-child ${i + 1}] Read ${DATA_FILE} and report what it says.`,
					);
					await env.restart({ script: script(layout, tasks), firstByteDelayMs: TTFT_MS });
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
							`[cost-parent] Ask ${children} worker(s) to read ${DATA_FILE} and report.`,
						],
						{ cwd: env.cwd, env: { ...env.dir.env, ...prepared.env }, timeoutMs: 300_000 },
					);
					const parentOk = run.code === 0 && assistantMessages(run.events).at(-1)?.stopReason === "stop";
					const key = `${layout.id}/${children}`;
					samples.set(key, [...(samples.get(key) ?? []), measure(env.emulator.log.entries, children, parentOk)]);
				}
			}
		}
	} finally {
		await env.close();
	}

	const cells = [...samples.entries()].map(([key, runs]) => {
		const [layoutId, children] = key.split("/") as [string, string];
		const layout = CHILD_LAYOUTS.find((l) => l.id === layoutId)!;
		const pick = (f: (m: Measurement) => number) => median(runs.map(f));
		return {
			layout: layout.id,
			label: layout.label,
			...(layout.standIn ? { standIn: layout.standIn } : {}),
			children: Number(children),
			median: {
				dollars: pick((m) => m.dollars),
				hitRatio: pick((m) => m.hitRatio),
				parentDollars: pick((m) => m.parentDollars),
				childDollars: pick((m) => m.childDollars),
				childHitRatio: pick((m) => m.childHitRatio),
				requests: pick((m) => m.requests),
			},
			runs,
		};
	});
	const base = (children: number) =>
		cells.find((c) => c.layout === CHILD_LAYOUTS[0]!.id && c.children === children)!.median;
	const rows = cells.map((c) => {
		const b = base(c.children);
		const problems = c.runs.flatMap((r) => r.problems);
		return [
			`${c.label}${c.standIn ? " *" : ""}`,
			String(c.children),
			String(c.median.requests),
			show.usd(c.median.dollars),
			show.usd(c.median.childDollars),
			show.pct(c.median.hitRatio),
			show.pct(c.median.childHitRatio),
			show.times(ratio(c.median.dollars, b.dollars)),
			show.times(ratio(c.median.hitRatio, b.hitRatio)),
			problems.length === 0 ? "ok" : `${problems.length} problem(s): ${problems[0]}`,
		];
	});
	const notes = CHILD_LAYOUTS.filter((l) => l.standIn).map((l) => `* ${l.label}: ${l.standIn}`);
	const table = [
		renderTable(
			[
				"layout",
				"children",
				"requests",
				"total $",
				"children $",
				"hit ratio",
				"children hit",
				"$ ÷ naive",
				"hit ÷ naive",
				"check",
			],
			rows,
			["left", "right", "right", "right", "right", "right", "right", "right", "right", "left"],
		),
		"",
		`claude-sonnet-4-5 list prices; medians over ${reps} repetition(s); first byte after ${TTFT_MS} ms; each run starts with an empty cache`,
		...notes,
	].join("\n");
	return { name: "cost", table, data: { levels, reps, ttftMs: TTFT_MS, cells } };
};

export default bench;
