/**
 * The least the traffic of a run could have cost: every prompt block billed as if the cache had
 * been placed perfectly. A block (a prefix hash, as the emulator chains them) is paid in full the
 * first time it is sent — as a cache write when a later request sends it again (the 1-hour price
 * when a later use comes more than five minutes after the one before it), as plain input when
 * nothing sends it again — and at the read price every later time; a block whose prefix is under
 * the model's minimum cacheable length is input every time. No entry lives longer than an hour, so
 * a block sent again more than an hour after its last use is paid in full again. Output is output.
 *
 * That is "every child's own tokens once, the shared prefix written once, the rest read". The
 * floor of a workload is the lowest of these over the layouts measured: what the same work costs
 * at least with the leanest prompts any layout sent.
 */
import type { EmulatedModel, LogEntry } from "../emulator/index.ts";

const FIVE_MINUTES = 5 * 60_000;
/** The longest lifetime a cache entry can have. */
const ONE_HOUR = 60 * 60_000;

/** One time a block was sent: when, and whether that request could read it from the cache. */
interface Sent {
	at: number;
	read: boolean;
}

interface Block {
	tokens: number;
	sent: Sent[];
}

/**
 * Every block's sends, in order. A request can read the blocks up to the deepest one an earlier
 * request sent, provided that prefix reaches the model's minimum cacheable length (a cache read
 * ends at a breakpoint, and a breakpoint's prefix must be that long).
 */
function sends(entries: readonly LogEntry[], minTokens: number): { blocks: Map<string, Block>; loose: number } {
	const blocks = new Map<string, Block>();
	let loose = 0;
	for (const entry of entries) {
		const chain = entry.prompt!.chain;
		const live = (hash: string) => {
			const last = blocks.get(hash)?.sent.at(-1);
			return last !== undefined && entry.clockAt - last.at <= ONE_HOUR;
		};
		const deepest = chain.findLastIndex((b) => live(b.hash));
		const readable = deepest >= 0 && chain[deepest]!.end >= minTokens;
		let previous = 0;
		chain.forEach((b, i) => {
			const block = blocks.get(b.hash) ?? { tokens: b.end - previous, sent: [] };
			block.sent.push({ at: entry.clockAt, read: readable && i <= deepest });
			blocks.set(b.hash, block);
			previous = b.end;
		});
		loose += entry.prompt!.tokens - previous;
	}
	return { blocks, loose };
}

/** A block's sends cut where one comes more than an hour after the one before: each part is paid anew. */
function lifetimes(sent: readonly Sent[]): Sent[][] {
	const runs: Sent[][] = [];
	sent.forEach((s, i) => {
		if (i === 0 || s.at - sent[i - 1]!.at > ONE_HOUR) runs.push([{ ...s, read: false }]);
		else runs.at(-1)!.push(s);
	});
	return runs;
}

/** Dollars of the requests in `entries` under a perfect cache, at `model`'s list prices. */
export function idealDollars(entries: readonly LogEntry[], model: EmulatedModel): number {
	const billed = entries
		.filter((e) => e.usage && e.prompt?.chain)
		.sort((a, b) => a.clockAt - b.clockAt || a.seq - b.seq);
	const { blocks, loose } = sends(billed, model.minCacheableTokens);
	const p = model.prices;
	let tokens = loose * p.input;
	for (const { tokens: size, sent } of blocks.values()) {
		for (const run of lifetimes(sent)) {
			const reads = run.filter((s) => s.read).length;
			const longGap = run.some((s, i) => i > 0 && s.read && s.at - run[i - 1]!.at > FIVE_MINUTES);
			const first = reads === 0 ? p.input : longGap ? p.cacheWrite1h : p.cacheWrite5m;
			tokens += size * (first + reads * p.cacheRead + (run.length - 1 - reads) * p.input);
		}
	}
	const output = billed.reduce((sum, e) => sum + e.usage!.output_tokens, 0);
	return (tokens + output * p.output) / 1_000_000;
}
