/**
 * Timing processes for the start-up benchmark: each probe is one command line, run to the end and
 * timed from outside; probes are interleaved round by round, and grouped in blocks whose ratios are
 * kept apart so the spread between blocks shows how much the machine's load moved a figure.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { delimiter, join } from "node:path";
import { REPO } from "../../test/support/pi.ts";
import { median, ratio, show } from "./stats.ts";

/**
 * The PATH of every process started here, as `npm run` sets it: node_modules/.bin first, so `pi` is
 * this tree's Pi and runs on the pinned Node 22 even when the benchmark is started with a bare node.
 */
export const PATH_ENV = { PATH: [join(REPO, "node_modules/.bin"), process.env.PATH].join(delimiter) };

export interface Probe {
	what: string;
	argv: string[];
	env?: Record<string, string>;
	cwd?: string;
}

/** Wall milliseconds of one run; throws when it fails, so a broken setup never passes for fast. */
export function time(probe: Probe): number {
	const start = performance.now();
	const out = spawnSync(probe.argv[0] ?? "", probe.argv.slice(1), {
		cwd: probe.cwd ?? REPO,
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, ...PATH_ENV, ...probe.env },
	});
	const ms = performance.now() - start;
	if (out.status !== 0) throw new Error(`${probe.what} exited ${out.status}: ${String(out.stderr).slice(0, 400)}`);
	return ms;
}

/** Every probe once per round, in a rotating order, so drift on a busy machine hits all alike. */
export function interleave(probes: readonly Probe[], rounds: number): Record<string, number[]> {
	const samples: Record<string, number[]> = Object.fromEntries(probes.map((p) => [p.what, []]));
	for (const probe of probes) time(probe); // warm the file cache, the jiti cache, the compile cache
	for (let round = 0; round < rounds; round++) {
		for (let i = 0; i < probes.length; i++) {
			const probe = probes[(i + round) % probes.length] as Probe;
			samples[probe.what]?.push(time(probe));
		}
	}
	return samples;
}

/** One block of Pi rounds: its ratios to Pi with nothing installed, and the load it ran under. */
export interface Block {
	ratios: Record<string, number>;
	load_average: number[];
}

/** The Pi probes in `blocks` blocks of `rounds` interleaved rounds; every sample, and each block's ratios. */
export function piBlocks(probes: readonly Probe[], blocks: number, rounds: number) {
	const samples: Record<string, number[]> = Object.fromEntries(probes.map((p) => [p.what, []]));
	const each: Block[] = [];
	for (let b = 0; b < blocks; b++) {
		const block = interleave(probes, rounds);
		const base = median(block[probes[0]?.what ?? ""] ?? []);
		each.push({
			ratios: Object.fromEntries(Object.entries(block).map(([what, v]) => [what, ratio(median(v), base)])),
			load_average: loadavg(),
		});
		for (const [what, v] of Object.entries(block)) samples[what]?.push(...v);
	}
	return { samples, blocks: each };
}

/** "1.04–1.12×": the lowest and highest of one probe's block ratios. */
export function spread(blocks: readonly Block[], what: string): string {
	const values = blocks.map((b) => b.ratios[what] ?? Number.NaN);
	return `${show.times(Math.min(...values))}–${show.times(Math.max(...values))}`;
}
