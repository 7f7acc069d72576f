/**
 * Delegation overhead: how long from the tool call until a child's first model request, how long a
 * one-turn child takes end to end, and how much memory each child costs — at 1, 8 and 32 children
 * started at once. Every variant in CHILD_VARIANTS runs side by side in the same run against the same
 * emulator (which answers at once, so the figures are the harness's own cost); figures are medians
 * over children and repetitions, and each is also given as a ratio to the naive baseline.
 *
 * The variants: the naive baseline (Pi's shipped subagent example: `pi --mode json -p` with Pi's
 * default prompt and the role appended); pi-delegate's subprocess and in-process runners, timed from
 * the runner call with a real task-worker launch prepared beforehand; pi-delegate's `task` tool in
 * an in-process parent session, timed from the tool call and so including everything the tool does
 * (see task-tool-parent.ts); and a bare SDK session as a labelled reference floor. Each variant says
 * in the footer what its clock starts at. A naive or reference child answers "done" in text; a
 * pi-delegate child answers with one `submit_result` call, which ends it: one request each.
 *
 * First request: the emulator's log timestamp of the child's first request minus the child's
 * start. Memory: a subprocess child's own peak RSS (VmHWM); for in-process children, the growth of
 * this process's peak RSS during the batch divided by the number of children (small and noisy: a
 * garbage collection in the batch can make it zero).
 *
 * The emulator, the in-process children and the parent all share this process's event loop and the
 * machine's cores, so at 32 children the in-process figures include waiting for one another.
 *
 * The sandbox: pi-delegate's children run with the default settings, so under `sandbox: "enforce"`
 * where this machine has bubblewrap (a subprocess child's Pi in its namespace; an in-process child's
 * commands, of which these children run none). The naive and reference children have none.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderTable } from "../src/format/table.ts";
import type { Bench } from "./run.ts";
import { type BenchEnv, DATA_FILE, openBenchEnv } from "./support/bench-env.ts";
import type { ChildOutcome, ChildRunner, ChildTask, ChildVariant } from "./support/child-variant.ts";
import { CHILD_VARIANTS } from "./support/children.ts";
import { ONE_TURN_SCRIPT } from "./support/one-turn.ts";
import { median, ratio, show } from "./support/stats.ts";

interface Cell {
	variant: string;
	label: string;
	role: ChildVariant["role"];
	children: number;
	firstRequestMs: number[];
	endToEndMs: number[];
	memoryPerChildMiB: number[];
	failures: string[];
}

/** A directory per concurrent child, each with the data file: disjoint roots, so no task waits for another. */
function childRoots(env: BenchEnv, count: number): string[] {
	return Array.from({ length: count }, (_, i) => {
		const root = join(env.cwd, "roots", `r${i}`);
		mkdirSync(root, { recursive: true });
		writeFileSync(join(root, DATA_FILE), "line 1: the measured value is 0\n");
		return root;
	});
}

async function batch(runner: ChildRunner, variant: ChildVariant, tasks: ChildTask[]) {
	let before = process.memoryUsage().rss;
	let peak = before;
	const poll = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 10);
	const ready = () => {
		before = process.memoryUsage().rss;
		peak = before;
	};
	try {
		const outcomes: ChildOutcome[] = runner.runBatch
			? await runner.runBatch(tasks, ready)
			: await Promise.all(tasks.map((task) => runner.run(task)));
		peak = Math.max(peak, process.memoryUsage().rss);
		const perChildInProcess = (peak - before) / 2 ** 20 / tasks.length;
		return outcomes.map((o) => ({
			...o,
			memoryMiB: variant.memory === "child-process" ? (o.peakRssKiB ?? Number.NaN) / 1024 : perChildInProcess,
		}));
	} finally {
		clearInterval(poll);
	}
}

function task(marker: string, root: string): ChildTask {
	return { marker, task: `${marker} Reply with the word done.`, root };
}

const bench: Bench = async ({ quick }) => {
	// A batch of one gives one sample per repetition, so it gets more repetitions than the big batches.
	const repsAt: Record<number, number> = quick ? { 1: 1, 4: 1 } : { 1: 9, 8: 3, 32: 3 };
	const levels = Object.keys(repsAt).map(Number);
	const reps = Math.max(...Object.values(repsAt));
	const env = await openBenchEnv({ script: ONE_TURN_SCRIPT });
	const roots = childRoots(env, Math.max(...levels));
	const runners = new Map<string, ChildRunner>();
	const cells = new Map<string, Cell>();
	try {
		for (const variant of CHILD_VARIANTS) {
			const runner = await variant.open(env);
			runners.set(variant.id, runner);
			const warmUp = await runner.run(task(`[warm-up ${variant.id}]`, roots[0]!));
			if (!warmUp.ok) throw new Error(`${variant.label}: the warm-up child failed: ${warmUp.detail}`);
		}
		for (let rep = 1; rep <= reps; rep++) {
			for (const children of levels.filter((n) => rep <= repsAt[n]!)) {
				for (const variant of CHILD_VARIANTS) {
					process.stderr.write(`  rep ${rep}/${repsAt[children]}: ${children} × ${variant.id}\n`);
					const key = `${variant.id}/${children}`;
					const cell: Cell = cells.get(key) ?? {
						variant: variant.id,
						label: variant.label,
						role: variant.role,
						children,
						firstRequestMs: [],
						endToEndMs: [],
						memoryPerChildMiB: [],
						failures: [],
					};
					cells.set(key, cell);
					const tasks = Array.from({ length: children }, (_, i) =>
						task(`[overhead ${variant.id} n${children} r${rep} #${i}]`, roots[i]!),
					);
					const outcomes = await batch(runners.get(variant.id)!, variant, tasks);
					// A parent's first message lists its children's markers too; only a child's own opening counts.
					const conversations = env.emulator
						.conversations()
						.filter((c) => !c.firstUserText.startsWith("[overhead-parent"));
					outcomes.forEach((o, i) => {
						if (!o.ok) cell.failures.push(o.detail ?? "failed");
						const conversation = conversations.find((c) => c.firstUserText.includes(tasks[i]!.marker));
						const first = env.emulator.log.entries.find((e) => e.conversation === conversation?.id);
						cell.firstRequestMs.push(first ? first.receivedAt - o.startedAt : Number.NaN);
						cell.endToEndMs.push(o.endedAt - o.startedAt);
						cell.memoryPerChildMiB.push(o.memoryMiB);
					});
				}
			}
		}
	} finally {
		for (const runner of runners.values()) await runner.dispose();
		await env.close();
	}
	return report(levels, repsAt, [...cells.values()]);
};

function report(levels: number[], repsAt: Record<number, number>, cells: Cell[]) {
	const summary = cells.map((c) => ({
		...c,
		median: {
			firstRequestMs: median(c.firstRequestMs),
			endToEndMs: median(c.endToEndMs),
			memoryPerChildMiB: median(c.memoryPerChildMiB),
		},
	}));
	const baseline = (children: number) =>
		summary.find((s) => s.variant === CHILD_VARIANTS[0]!.id && s.children === children)!;
	const ordered = levels.flatMap((n) =>
		CHILD_VARIANTS.map((v) => summary.find((s) => s.variant === v.id && s.children === n)!),
	);
	const rows = ordered.map((s) => {
		const base = baseline(s.children).median;
		return [
			s.label,
			String(s.children),
			show.ms(s.median.firstRequestMs),
			show.ms(s.median.endToEndMs),
			show.mib(s.median.memoryPerChildMiB),
			show.times(ratio(s.median.firstRequestMs, base.firstRequestMs)),
			show.times(ratio(s.median.endToEndMs, base.endToEndMs)),
			show.times(ratio(s.median.memoryPerChildMiB, base.memoryPerChildMiB)),
			s.failures.length === 0 ? "ok" : `${s.failures.length} failed: ${s.failures[0]}`,
		];
	});
	const table = [
		renderTable(
			[
				"variant",
				"children",
				"first request",
				"end to end",
				"memory/child",
				"first req ÷ naive",
				"e2e ÷ naive",
				"memory ÷ naive",
				"check",
			],
			rows,
			["left", "right", "right", "right", "right", "right", "right", "right", "left"],
		),
		"",
		`medians over children × repetitions (${levels.map((n) => `${repsAt[n]} at ${n}`).join(", ")}), all variants in one run`,
		"against one emulator that answers at once; variants take turns, one batch at a time;",
		"ratios below 1 are better than the naive baseline. Each variant's clock starts at:",
		...CHILD_VARIANTS.map((v) => `  ${v.label}: ${v.startsAt}`),
		"memory: a subprocess child's own peak RSS; an in-process child's share of this process's RSS growth",
		"check: naive and reference children must answer; pi-delegate children must submit an accepted result (the task tool: PASS)",
	].join("\n");
	return { name: "overhead", table, data: { levels, repetitions: repsAt, cells: summary } };
}

export default bench;
