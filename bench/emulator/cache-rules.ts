/**
 * Anthropic's prompt-caching rules as pure functions of a flattened prompt and a view of the cache.
 * Sources: the prompt-caching guide (docs.anthropic.com/en/docs/build-with-claude/prompt-caching) and
 * the API's own 400 messages.
 *
 * What is implemented, section by section of the guide:
 * - "When to use multiple breakpoints": at most 4 `cache_control` blocks; a fifth is a 400
 *   ("A maximum of 4 blocks with cache_control may be provided. Found 5.").
 * - "How automatic prefix checking works": from each breakpoint the lookup walks back over earlier block
 *   boundaries, about 20 blocks, and the longest cached prefix found wins. Writes happen only at
 *   breakpoints, so an earlier prefix can only be found if an earlier request put a breakpoint there.
 * - "Cache limitations": a breakpoint whose prefix (counted from the start of the prompt) is shorter
 *   than the model's minimum is not cached, without an error.
 * - "1-hour cache duration" / "Mixing different TTLs": `ttl` is 5m (default) or 1h; a 1h breakpoint may
 *   not follow a 5m one in tools → system → messages order (400). Billing uses three positions: A, the
 *   tokens of the longest hit (read); B, the last 1h breakpoint after A (1-hour write of B − A); C, the
 *   last breakpoint (5-minute write of C − B). Everything after C is plain input.
 * - "Pricing": 5m writes cost 1.25× input, 1h writes 2×, reads 0.1× (see billing.ts).
 * - Lifetime: "5 minutes from last use" — a read refreshes the entry, at no cost. A read is taken to
 *   refresh every cached prefix it contains (the guide does not say otherwise; the entries are nested).
 * - "For concurrent requests, a cache entry only becomes available after the first response begins":
 *   the server applies a plan's writes when it starts answering, not when the request arrives.
 */
import type { FlatPrompt, PromptBlock } from "./prefix.ts";
import type { Ttl } from "./wire.ts";

export const MAX_BREAKPOINTS = 4;
/** The breakpoint's own block and the 19 boundaries before it. */
export const LOOKBACK_BLOCKS = 20;
export const TTL_MS: Record<Ttl, number> = { "5m": 5 * 60_000, "1h": 60 * 60_000 };

/** A live cache entry as the planner needs it. */
export interface CachedPrefix {
	hash: string;
	tokens: number;
	ttl: Ttl;
}

export interface CacheHit {
	hash: string;
	tokens: number;
	path: string;
	/** Index of the block where the hit ends. */
	index: number;
}

export interface CacheWrite {
	hash: string;
	tokens: number;
	ttl: Ttl;
	path: string;
}

/** What one request reads, writes and pays for. */
export interface CachePlan {
	hit?: CacheHit;
	/** Entries to create when the response starts. */
	writes: CacheWrite[];
	/** Breakpoints after the hit that were too short to cache. */
	belowMinimum: CacheWrite[];
	/** Hashes of live entries inside the hit prefix; the read refreshes them. */
	refresh: string[];
	/** Token split of the prompt: uncached input, cache read, 5-minute and 1-hour writes. */
	tokens: { input: number; cacheRead: number; cacheWrite5m: number; cacheWrite1h: number };
}

function breakpoints(prompt: FlatPrompt): PromptBlock[] {
	return prompt.blocks.filter((b) => b.breakpoint !== undefined);
}

/** The 400 errors the real API returns for misplaced breakpoints, as `path: message` lines. */
export function validateBreakpoints(prompt: FlatPrompt): string[] {
	const marked = breakpoints(prompt);
	const problems: string[] = [];
	if (marked.length > MAX_BREAKPOINTS) {
		problems.push(`A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${marked.length}.`);
	}
	let seenShort = false;
	for (const block of marked) {
		if (block.breakpoint === "5m") seenShort = true;
		else if (seenShort) {
			problems.push(
				`${block.path}.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: \`tools\`, \`system\`, \`messages\`.`,
			);
			break;
		}
	}
	return problems;
}

/** The longest live prefix any breakpoint's lookback reaches. */
function findHit(prompt: FlatPrompt, lookup: (hash: string) => CachedPrefix | undefined): CacheHit | undefined {
	let best: CacheHit | undefined;
	for (const marked of breakpoints(prompt)) {
		const floor = Math.max(0, marked.index - LOOKBACK_BLOCKS + 1);
		for (let i = marked.index; i >= floor; i--) {
			const block = prompt.blocks[i]!;
			if (best && block.index <= best.index) break;
			if (lookup(block.hash)) {
				best = { hash: block.hash, tokens: block.end, path: block.path, index: block.index };
				break;
			}
		}
	}
	return best;
}

/**
 * Decides reads, writes and the token split for a valid prompt (run `validateBreakpoints` first).
 * `lookup` answers with live entries only; `minTokens` is the model's minimum cacheable length.
 */
export function planCache(
	prompt: FlatPrompt,
	lookup: (hash: string) => CachedPrefix | undefined,
	minTokens: number,
): CachePlan {
	const hit = findHit(prompt, lookup);
	const read = hit?.tokens ?? 0;
	const after = breakpoints(prompt).filter((b) => b.index > (hit?.index ?? -1));
	const toWrite = (b: PromptBlock): CacheWrite => ({ hash: b.hash, tokens: b.end, ttl: b.breakpoint!, path: b.path });
	const writes = after.filter((b) => b.end >= minTokens).map(toWrite);
	const belowMinimum = after.filter((b) => b.end < minTokens).map(toWrite);

	let longEnd = read;
	for (const w of writes) if (w.ttl === "1h") longEnd = w.tokens;
	const lastEnd = writes.at(-1)?.tokens ?? read;

	const refresh: string[] = [];
	if (hit) {
		for (const block of prompt.blocks.slice(0, hit.index + 1)) if (lookup(block.hash)) refresh.push(block.hash);
	}
	return {
		...(hit ? { hit } : {}),
		writes,
		belowMinimum,
		refresh,
		tokens: {
			input: prompt.totalTokens - lastEnd,
			cacheRead: read,
			cacheWrite1h: longEnd - read,
			cacheWrite5m: lastEnd - longEnd,
		},
	};
}
