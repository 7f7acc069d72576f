/**
 * The least the traffic of a run could have cost: every prompt block billed as if the cache had
 * been placed perfectly. A block (a prefix hash, as the emulator chains them) is paid in full the
 * first time it is sent — as a cache write when a later request sends it again (the 1-hour price
 * when a later use comes more than five minutes after the one before it), as plain input when
 * nothing sends it again — and at the read price every later time; a block whose prefix is under
 * the model's minimum cacheable length is input every time. Output is output.
 *
 * That is "every child's own tokens once, the shared prefix written once, the rest read". The
 * floor of a workload is the lowest of these over the layouts measured: what the same work costs
 * at least with the leanest prompts any layout sent.
 */
import type { EmulatedModel, LogEntry } from "../emulator/index.ts";

const FIVE_MINUTES = 5 * 60_000;

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
		const deepest = chain.findLastIndex((b) => blocks.has(b.hash));
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

/** Dollars of the requests in `entries` under a perfect cache, at `model`'s list prices. */
export function idealDollars(entries: readonly LogEntry[], model: EmulatedModel): number {
	const billed = entries
		.filter((e) => e.usage && e.prompt?.chain)
		.sort((a, b) => a.clockAt - b.clockAt || a.seq - b.seq);
	const { blocks, loose } = sends(billed, model.minCacheableTokens);
	const p = model.prices;
	let tokens = loose * p.input;
	for (const { tokens: size, sent } of blocks.values()) {
		const reads = sent.filter((s) => s.read).length;
		const longGap = sent.some((s, i) => i > 0 && s.read && s.at - sent[i - 1]!.at > FIVE_MINUTES);
		const first = reads === 0 ? p.input : longGap ? p.cacheWrite1h : p.cacheWrite5m;
		tokens += size * (first + reads * p.cacheRead + (sent.length - 1 - reads) * p.input);
	}
	const output = billed.reduce((sum, e) => sum + e.usage!.output_tokens, 0);
	return (tokens + output * p.output) / 1_000_000;
}
