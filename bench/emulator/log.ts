/**
 * The request log: one entry per request, in arrival order, with what the cache did and what was
 * billed. Tests assert on it ("request 3 read the prefix request 1 wrote"); benchmarks add it up.
 */
import { addCosts, type Cost } from "./billing.ts";
import type { CacheWrite } from "./cache-rules.ts";
import type { StopReason, Ttl, WireUsage } from "./wire.ts";

export type Outcome = "ok" | "error" | "cut" | "stream-error" | "unscripted" | "rejected";

export interface LogEntry {
	/** 1-based arrival order. */
	seq: number;
	/** Wall-clock time (epoch ms, sub-millisecond) when the request arrived. */
	receivedAt: number;
	/** Wall-clock time when the answer's first byte was sent. */
	respondedAt: number;
	/** Emulator-clock time the cache rules used. */
	clockAt: number;
	path: string;
	model?: string;
	conversation?: string;
	label?: string;
	turn?: number;
	attempt?: number;
	stream: boolean;
	status: number;
	outcome: Outcome;
	error?: { type: string; message: string };
	prompt?: {
		tokens: number;
		blocks: number;
		/** Hash at the end of the tool definitions: equal across requests ⇔ identical tools. */
		toolsHash: string;
		/** The tool definitions' names, in order: `chain[i]` ends tool `toolNames[i]` (for attributing tokens). */
		toolNames?: string[];
		/** Hash at the end of the system prompt: equal ⇔ identical tools and system prompt. */
		systemHash: string;
		breakpoints: Array<{ path: string; ttl: Ttl; tokens: number; hash: string }>;
		/** Every block's prefix hash and the prompt tokens up to its end, in order (for ideal-cache arithmetic). */
		chain: Array<{ hash: string; end: number }>;
	};
	/** The longest cached prefix this request read. */
	read?: { hash: string; tokens: number; path: string };
	/** Prefixes this request wrote. */
	writes: CacheWrite[];
	/** Breakpoints after the hit that were too short to cache. */
	belowMinimum: CacheWrite[];
	usage?: WireUsage;
	cost?: Cost;
	stopReason?: StopReason;
}

/** Token and dollar sums over a set of billed requests. */
export interface Totals {
	requests: number;
	input: number;
	cacheRead: number;
	cacheWrite: number;
	cacheWrite1h: number;
	output: number;
	cost: Cost;
	/** cacheRead / (input + cacheRead + cacheWrite); 0 when nothing was read or written. */
	hitRatio: number;
}

export function totals(entries: readonly LogEntry[]): Totals {
	const billed = entries.filter((e) => e.usage !== undefined && e.cost !== undefined);
	let input = 0;
	let cacheRead = 0;
	let cacheWrite = 0;
	let cacheWrite1h = 0;
	let output = 0;
	for (const { usage } of billed) {
		input += usage!.input_tokens;
		cacheRead += usage!.cache_read_input_tokens;
		cacheWrite += usage!.cache_creation_input_tokens;
		cacheWrite1h += usage!.cache_creation.ephemeral_1h_input_tokens;
		output += usage!.output_tokens;
	}
	const prompt = input + cacheRead + cacheWrite;
	return {
		requests: billed.length,
		input,
		cacheRead,
		cacheWrite,
		cacheWrite1h,
		output,
		cost: addCosts(billed.map((e) => e.cost!)),
		hitRatio: prompt === 0 ? 0 : cacheRead / prompt,
	};
}

export class RequestLog {
	readonly entries: LogEntry[] = [];
	readonly #listeners = new Set<(entry: LogEntry) => void>();

	add(entry: LogEntry): void {
		this.entries.push(entry);
		for (const listener of this.#listeners) listener(entry);
	}

	/** Calls `listener` for every entry added from now on; returns the unsubscribe function. */
	subscribe(listener: (entry: LogEntry) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Entries of one conversation, by id (`c2`) or script label. */
	conversation(idOrLabel: string): LogEntry[] {
		return this.entries.filter((e) => e.conversation === idOrLabel || e.label === idOrLabel);
	}

	totals(filter: (entry: LogEntry) => boolean = () => true): Totals {
		return totals(this.entries.filter(filter));
	}

	clear(): void {
		this.entries.length = 0;
	}
}
