/** The floor: a run's traffic billed as if every cache write had been placed perfectly. */
import { describe, expect, it } from "vitest";
import { HAIKU, type LogEntry, SONNET } from "../../bench/emulator/index.ts";
import { idealDollars } from "../../bench/support/floor.ts";

function request(seq: number, clockAt: number, chain: Array<[string, number]>, output = 0): LogEntry {
	return {
		seq,
		receivedAt: 0,
		respondedAt: 0,
		clockAt,
		path: "/v1/messages",
		stream: true,
		status: 200,
		outcome: "ok",
		prompt: {
			tokens: chain.at(-1)?.[1] ?? 0,
			blocks: chain.length,
			toolsHash: "",
			systemHash: "",
			breakpoints: [],
			chain: chain.map(([hash, end]) => ({ hash, end })),
		},
		usage: {
			input_tokens: 0,
			cache_creation_input_tokens: 0,
			cache_read_input_tokens: 0,
			cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
			output_tokens: output,
			service_tier: "standard",
		},
		writes: [],
		belowMinimum: [],
	};
}

const usd = (perMillion: number, tokens: number) => (perMillion * tokens) / 1_000_000;

describe("idealDollars", () => {
	it("writes a shared prefix once, reads it after, and pays each child's own tokens once", () => {
		const p = SONNET.prices;
		const entries = [
			request(
				1,
				0,
				[
					["prefix", 2000],
					["a", 2500],
				],
				10,
			),
			request(
				2,
				0,
				[
					["prefix", 2000],
					["b", 2600],
				],
				10,
			),
		];
		const expected = usd(p.cacheWrite5m, 2000) + usd(p.cacheRead, 2000) + usd(p.input, 500 + 600) + usd(p.output, 20);
		expect(idealDollars(entries, SONNET)).toBeCloseTo(expected, 12);
	});

	it("prices a write at the 1-hour rate when a later use comes more than five minutes after the one before", () => {
		const p = SONNET.prices;
		const entries = [request(1, 0, [["prefix", 2000]]), request(2, 6 * 60_000, [["prefix", 2000]])];
		expect(idealDollars(entries, SONNET)).toBeCloseTo(usd(p.cacheWrite1h, 2000) + usd(p.cacheRead, 2000), 12);
	});

	it("pays a prefix again when it comes back more than an hour after its last use", () => {
		const p = SONNET.prices;
		const hour = 60 * 60_000;
		const entries = [request(1, 0, [["prefix", 2000]]), request(2, hour + 60_000, [["prefix", 2000]])];
		expect(idealDollars(entries, SONNET)).toBeCloseTo(usd(p.input, 4000), 12);
		const kept = [...entries, request(3, hour + 120_000, [["prefix", 2000]])];
		expect(idealDollars(kept, SONNET)).toBeCloseTo(
			usd(p.input, 2000) + usd(p.cacheWrite5m, 2000) + usd(p.cacheRead, 2000),
			12,
		);
	});

	it("pays a prefix under the model's minimum as input every time", () => {
		const entries = [request(1, 0, [["prefix", 3000]]), request(2, 0, [["prefix", 3000]])];
		expect(idealDollars(entries, HAIKU)).toBeCloseTo(usd(HAIKU.prices.input, 6000), 12);
	});

	it("reads a short block as part of a long prefix, but never a shared prefix that is itself too short", () => {
		const p = SONNET.prices;
		// A 300-token tool and a 1700-token system prompt: cached together (2000 ≥ 1024).
		const long = [
			request(1, 0, [
				["tool", 300],
				["system", 2000],
			]),
			request(2, 0, [
				["tool", 300],
				["system", 2000],
			]),
		];
		expect(idealDollars(long, SONNET)).toBeCloseTo(usd(p.cacheWrite5m, 2000) + usd(p.cacheRead, 2000), 12);
		// Siblings sharing only the 300-token tool cannot read it: everything is input.
		const short = [
			request(1, 0, [
				["tool", 300],
				["a", 2000],
			]),
			request(2, 0, [
				["tool", 300],
				["b", 2000],
			]),
		];
		expect(idealDollars(short, SONNET)).toBeCloseTo(usd(p.input, 4000), 12);
	});
});
