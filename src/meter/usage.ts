/**
 * Tokens and dollars: reading Pi's `Usage` shape (tolerantly: records of older Pi versions and
 * hand-edited files may lack fields), adding them up, and the hit ratio. Pi reports cache writes as
 * one number with the 1-hour part as a subset (`cacheWrite1h`); the meter keeps the lifetimes apart
 * because they are billed at different rates and expire at different times.
 */

import { isRecord } from "../values.ts";
import type { RequestDollars, RequestRecord, RequestTokens, SpendTotals } from "./types.ts";

export const ZERO_TOKENS: Readonly<RequestTokens> = Object.freeze({
	input: 0,
	cacheWrite5m: 0,
	cacheWrite1h: 0,
	cacheRead: 0,
	output: 0,
});

export const ZERO_DOLLARS: Readonly<RequestDollars> = Object.freeze({
	input: 0,
	cacheWrite: 0,
	cacheRead: 0,
	output: 0,
	total: 0,
});

/** A finite, non-negative number, else 0: a broken field must not poison a sum. */
function amount(value: unknown): number {
	return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Tokens from Pi's Usage (`input`, `output`, `cacheRead`, `cacheWrite`, optional `cacheWrite1h`). */
export function tokensFromUsage(usage: unknown): RequestTokens {
	if (!isRecord(usage)) return { ...ZERO_TOKENS };
	const write = amount(usage.cacheWrite);
	const long = Math.min(write, amount(usage.cacheWrite1h));
	return {
		input: amount(usage.input),
		cacheWrite5m: write - long,
		cacheWrite1h: long,
		cacheRead: amount(usage.cacheRead),
		output: amount(usage.output),
	};
}

/**
 * Dollars from Pi's Usage `cost` (or pi-delegate's ChildUsage, whose total is `costUsd`). A missing
 * total is the parts added up.
 */
export function dollarsFromUsage(usage: unknown): RequestDollars {
	if (!isRecord(usage)) return { ...ZERO_DOLLARS };
	const cost = isRecord(usage.cost) ? usage.cost : {};
	const parts = {
		input: amount(cost.input),
		cacheWrite: amount(cost.cacheWrite),
		cacheRead: amount(cost.cacheRead),
		output: amount(cost.output),
	};
	const stated = typeof cost.total === "number" ? cost.total : usage.costUsd;
	const sum = parts.input + parts.cacheWrite + parts.cacheRead + parts.output;
	return { ...parts, total: typeof stated === "number" && Number.isFinite(stated) ? amount(stated) : sum };
}

export function addTokens(a: RequestTokens, b: RequestTokens): RequestTokens {
	return {
		input: a.input + b.input,
		cacheWrite5m: a.cacheWrite5m + b.cacheWrite5m,
		cacheWrite1h: a.cacheWrite1h + b.cacheWrite1h,
		cacheRead: a.cacheRead + b.cacheRead,
		output: a.output + b.output,
	};
}

export function addDollars(a: RequestDollars, b: RequestDollars): RequestDollars {
	return {
		input: a.input + b.input,
		cacheWrite: a.cacheWrite + b.cacheWrite,
		cacheRead: a.cacheRead + b.cacheRead,
		output: a.output + b.output,
		total: a.total + b.total,
	};
}

/** Every prompt token, however it was billed. */
export function promptTokens(t: RequestTokens): number {
	return t.input + t.cacheWrite5m + t.cacheWrite1h + t.cacheRead;
}

export function cacheWrite(t: RequestTokens): number {
	return t.cacheWrite5m + t.cacheWrite1h;
}

/** cacheRead / every prompt token, as Pi's /session computes its "Cached" share; undefined without prompt tokens. */
export function hitRatio(t: RequestTokens): number | undefined {
	const prompt = promptTokens(t);
	return prompt > 0 ? t.cacheRead / prompt : undefined;
}

/** Totals of a set of requests. */
export function totalsOf(requests: readonly RequestRecord[]): SpendTotals {
	let tokens: RequestTokens = { ...ZERO_TOKENS };
	let dollars: RequestDollars = { ...ZERO_DOLLARS };
	for (const r of requests) {
		tokens = addTokens(tokens, r.tokens);
		dollars = addDollars(dollars, r.dollars);
	}
	return { requests: requests.length, tokens, dollars, hitRatio: hitRatio(tokens) };
}

/** Adds totals (of rows, or of groups). */
export function addTotals(a: SpendTotals, b: SpendTotals): SpendTotals {
	const tokens = addTokens(a.tokens, b.tokens);
	return {
		requests: a.requests + b.requests,
		tokens,
		dollars: addDollars(a.dollars, b.dollars),
		hitRatio: hitRatio(tokens),
	};
}

export const EMPTY_TOTALS: Readonly<SpendTotals> = Object.freeze({
	requests: 0,
	tokens: ZERO_TOKENS,
	dollars: ZERO_DOLLARS,
	hitRatio: undefined,
});
