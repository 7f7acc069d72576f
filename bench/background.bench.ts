/**
 * Background children, three figures:
 *
 * - the prefix tokens they add to every request of a parent: the `background` field of the `task`
 *   and `fork` tools and the `children` tool's definition (support/background-tokens.ts; the issue's
 *   target is 200 in all, with a `resume` field);
 * - the time from a background child's end (its execution has returned its result) to the parent
 *   receiving its message (the message's `message_start` in the parent session), the parent idle:
 *   the median over every child of every repetition;
 * - what a burst of 4 tasks costs when the parent calls them in the background against the same 4
 *   in one foreground `task` call, on the loopback emulator (Sonnet prices, 300 ms to first byte as
 *   in cost.bench.ts), as a ratio of dollars: the background parent pays for the turns each
 *   result message starts.
 *
 * Everything runs in this process: an SDK parent with the whole extension (support/background-parent.ts),
 * in-process children, a fresh emulator per measurement.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sessionBackground } from "../src/pi/background.ts";
import { totals } from "./emulator/index.ts";
import type { Bench } from "./run.ts";
import { type BackgroundParent, backgroundParent, backgroundTasks } from "./support/background-parent.ts";
import { backgroundAddedTokens } from "./support/background-tokens.ts";

const TAGS = ["A", "B", "C", "D"];
const TTFT_MS = 300;

const median = (values: readonly number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function withParent<T>(
	options: { background: boolean; ttft?: number },
	body: (p: BackgroundParent) => Promise<T>,
): Promise<T> {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-bench-bg-"));
	let p: BackgroundParent | undefined;
	try {
		p = await backgroundParent({
			root,
			runner: "in-process",
			backgroundLimit: TAGS.length,
			...(options.ttft !== undefined && { firstByteDelayMs: options.ttft }),
			parent: (_request, turn) => {
				if (turn === 0) return backgroundTasks(p?.cwd ?? "", TAGS, options.background ? {} : { background: false });
				return options.background && turn === 1 ? "They run on." : "Noted.";
			},
		});
		return await body(p);
	} finally {
		await p?.close();
		rmSync(root, { recursive: true, force: true });
	}
}

/** Milliseconds from each child's end to its message reaching the idle parent. */
async function deliveryLatencies(): Promise<number[]> {
	return withParent({ background: true }, async (p) => {
		const seen = new Map<string, number>();
		p.session.subscribe((event) => {
			const m =
				event.type === "message_start"
					? (event.message as { customType?: string; details?: { key?: string } })
					: undefined;
			if (m?.customType === "pi-delegate.background-result" && m.details?.key)
				seen.set(m.details.key, performance.now());
		});
		await p.session.prompt("[bg-parent] measure");
		const hub = sessionBackground(p.session.sessionManager.getSessionId());
		const ended = new Map<string, number>();
		for (const run of hub.runs.values()) void run.ended.then(() => ended.set(run.key, performance.now()));
		// One at a time, the parent idle each time: the figure is the delivery's, not a queue's.
		for (const tag of TAGS) {
			const before = p.delivered().length;
			p.release(tag);
			await p.until(() => p.delivered().length === before + 1);
		}
		return [...ended].map(([key, at]) => (seen.get(key) ?? Number.NaN) - at);
	});
}

/** Dollars and requests of one burst of 4, background or foreground. */
async function burstCost(background: boolean) {
	return withParent({ background, ttft: TTFT_MS }, async (p) => {
		for (const tag of TAGS) p.release(tag);
		await p.session.prompt("[bg-parent] a burst of four");
		if (background) await p.until(() => p.delivered().length === TAGS.length, 120_000);
		const all = totals(p.emulator.log.entries);
		return { dollars: all.cost.total, requests: all.requests, parentRequests: p.parentRequests.length };
	});
}

const bench: Bench = async ({ quick }) => {
	const reps = quick ? 1 : 3;
	const tokens = backgroundAddedTokens();
	const latencies: number[] = [];
	const costs: Array<{
		background: Awaited<ReturnType<typeof burstCost>>;
		foreground: Awaited<ReturnType<typeof burstCost>>;
	}> = [];
	for (let rep = 1; rep <= reps; rep++) {
		process.stderr.write(`  rep ${rep}/${reps}\n`);
		latencies.push(...(await deliveryLatencies()));
		costs.push({ foreground: await burstCost(false), background: await burstCost(true) });
	}
	const ratio = median(costs.map((c) => c.background.dollars / c.foreground.dollars));
	const data = {
		addedPrefixTokens: tokens,
		deliveryMs: { median: median(latencies), samples: latencies },
		burstOf4: { ratio, ttftMs: TTFT_MS, runs: costs },
	};
	const table = [
		"Background children",
		`  added to every parent request: ${tokens.total} of 200 tokens (task background ${tokens.taskBackground}, fork background ${tokens.forkBackground}, children tool ${tokens.childrenTool}, resume ${tokens.resume})`,
		`  child's end → parent's message: median ${median(latencies).toFixed(1)} ms over ${latencies.length} children`,
		`  burst of 4, background vs foreground: ${ratio.toFixed(2)}× the dollars (median of ${reps}; background ${median(costs.map((c) => c.background.dollars)).toFixed(4)} $, foreground ${median(costs.map((c) => c.foreground.dollars)).toFixed(4)} $; parent requests ${costs[0]?.background.parentRequests} vs ${costs[0]?.foreground.parentRequests})`,
	].join("\n");
	return { name: "background", table, data };
};

export default bench;
