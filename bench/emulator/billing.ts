/**
 * Dollars for one response, from its token split and the model's list prices (see models.ts for the
 * source). Writes are billed at the rate of their lifetime: 5-minute writes at 1.25× input, 1-hour
 * writes at 2× input; reads at 0.1× input.
 */
import type { ModelPrices } from "./models.ts";

/** The token split one response is billed for. */
export interface BilledTokens {
	input: number;
	cacheRead: number;
	cacheWrite5m: number;
	cacheWrite1h: number;
	output: number;
}

/** Dollars by line item. */
export interface Cost {
	input: number;
	cacheRead: number;
	cacheWrite: number;
	output: number;
	total: number;
}

export function bill(tokens: BilledTokens, prices: ModelPrices): Cost {
	const perToken = (price: number) => price / 1_000_000;
	const input = tokens.input * perToken(prices.input);
	const cacheRead = tokens.cacheRead * perToken(prices.cacheRead);
	const cacheWrite =
		tokens.cacheWrite5m * perToken(prices.cacheWrite5m) + tokens.cacheWrite1h * perToken(prices.cacheWrite1h);
	const output = tokens.output * perToken(prices.output);
	return { input, cacheRead, cacheWrite, output, total: input + cacheRead + cacheWrite + output };
}

/** Adds costs line by line. */
export function addCosts(costs: readonly Cost[]): Cost {
	const sum: Cost = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0, total: 0 };
	for (const c of costs) {
		sum.input += c.input;
		sum.cacheRead += c.cacheRead;
		sum.cacheWrite += c.cacheWrite;
		sum.output += c.output;
		sum.total += c.total;
	}
	return sum;
}
