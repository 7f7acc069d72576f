/**
 * Delegation overhead: how long from the tool call until a child's first model request, how long a
 * one-turn child takes end to end, and how much memory each child costs — at 1, 8 and 32 children
 * started at once. Every variant in CHILD_VARIANTS runs side by side in the same run against the same
 * emulator (which answers instantly, so the figures are the harness's own cost); figures are medians
 * over children and repetitions, and each is also given as a ratio to the naive baseline.
 *
 * First request: the emulator's log timestamp of the child's first request minus the moment the child
 * was asked for. Memory: a subprocess child's own peak RSS; for in-process children, the growth of this
 * process's RSS during the batch divided by the number of children.
 */
import { renderTable } from "../src/cli/table.ts";
import type { Bench } from "./run.ts";
import { openBenchEnv } from "./support/bench-env.ts";
import { CHILD_VARIANTS, type ChildOutcome, type ChildRunner, type ChildVariant } from "./support/children.ts";
import { median, ratio, show } from "./support/stats.ts";

interface Cell {
	variant: string;
	label: string;
	standIn?: string;
	children: number;
	firstRequestMs: number[];
	endToEndMs: number[];
	memoryPerChildMiB: number[];
	failures: string[];
}

async function batch(runner: ChildRunner, variant: ChildVariant, markers: string[]) {
	const before = process.memoryUsage().rss;
	let peak = before;
	const poll = setInterval(() => {
		peak = Math.max(peak, process.memoryUsage().rss);
	}, 10);
	try {
		const outcomes: ChildOutcome[] = await Promise.all(
			markers.map((marker) => runner.run({ marker, task: `${marker} Reply with the word done.` })),
		);
		peak = Math.max(peak, process.memoryUsage().rss);
		const perChildInProcess = (peak - before) / 2 ** 20 / markers.length;
		return outcomes.map((o) => ({
			...o,
			memoryMiB: variant.memory === "child-process" ? (o.peakRssKiB ?? Number.NaN) / 1024 : perChildInProcess,
		}));
	} finally {
		clearInterval(poll);
	}
}

const bench: Bench = async ({ quick }) => {
	const levels = quick ? [1, 8] : [1, 8, 32];
	const reps = quick ? 1 : 3;
	const env = await openBenchEnv({ script: { default: ["done"] } });
	const runners = new Map<string, ChildRunner>();
	const cells = new Map<string, Cell>();
	try {
		for (const variant of CHILD_VARIANTS) {
			const runner = await variant.open(env);
			runners.set(variant.id, runner);
			await runner.run({
				marker: `[warm-up ${variant.id}]`,
				task: `[warm-up ${variant.id}] Reply with the word done.`,
			});
		}
		for (let rep = 1; rep <= reps; rep++) {
			for (const children of levels) {
				for (const variant of CHILD_VARIANTS) {
					process.stderr.write(`  rep ${rep}/${reps}: ${children} × ${variant.id}\n`);
					const key = `${variant.id}/${children}`;
					const cell: Cell = cells.get(key) ?? {
						variant: variant.id,
						label: variant.label,
						...(variant.standIn ? { standIn: variant.standIn } : {}),
						children,
						firstRequestMs: [],
						endToEndMs: [],
						memoryPerChildMiB: [],
						failures: [],
					};
					cells.set(key, cell);
					const markers = Array.from(
						{ length: children },
						(_, i) => `[overhead ${variant.id} n${children} r${rep} #${i}]`,
					);
					const outcomes = await batch(runners.get(variant.id)!, variant, markers);
					const conversations = env.emulator.conversations();
					outcomes.forEach((o, i) => {
						if (!o.ok) cell.failures.push(o.detail ?? "failed");
						const conversation = conversations.find((c) => c.firstUserText.includes(markers[i]!));
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

	const summary = [...cells.values()].map((c) => ({
		...c,
		median: {
			firstRequestMs: median(c.firstRequestMs),
			endToEndMs: median(c.endToEndMs),
			memoryPerChildMiB: median(c.memoryPerChildMiB),
		},
	}));
	const baseline = (children: number) =>
		summary.find((s) => s.variant === CHILD_VARIANTS[0]!.id && s.children === children)!;
	const rows = summary.map((s) => {
		const base = baseline(s.children).median;
		return [
			`${s.label}${s.standIn ? " *" : ""}`,
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
	const notes = CHILD_VARIANTS.filter((v) => v.standIn).map((v) => `* ${v.label}: ${v.standIn}`);
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
		`medians over children × ${reps} repetition(s); ratios below 1 are better than the naive baseline`,
		...notes,
	].join("\n");
	return { name: "overhead", table, data: { levels, reps, cells: summary } };
};

export default bench;
