import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../bench/emulator/index.ts";
import { childPromptShape, losses, promptNotes } from "../../bench/support/cost-notes.ts";

const cell = (role: string, children: number, dollars: number, childHitRatio: number) => ({
	label: role === "baseline" ? "naive" : "pi-delegate",
	role,
	children,
	median: { dollars, childDollars: dollars, childHitRatio },
});

describe("losses", () => {
	it("names every pi-delegate row that costs more or caches less than naive with as many children", () => {
		const lines = losses([
			cell("baseline", 1, 1, 0.5),
			cell("pi-delegate", 1, 1.5, 0.5),
			cell("baseline", 4, 2, 0.5),
			cell("pi-delegate", 4, 1, 0.4),
			cell("baseline", 8, 2, 0.5),
			cell("pi-delegate", 8, 1, 0.6),
		]);
		expect(lines).toEqual([
			"LOSES  pi-delegate, 1 children: 1.50× the naive dollars",
			"LOSES  pi-delegate, 4 children: children hit 40.0% against naive 50.0%",
		]);
	});

	it("says so when pi-delegate loses nowhere, and compares only against the same number of children", () => {
		expect(losses([cell("baseline", 1, 1, 0.5), cell("baseline", 4, 9, 0.9), cell("pi-delegate", 1, 1, 0.5)])).toEqual([
			"pi-delegate costs no more and caches no less than naive in any row.",
		]);
	});
});

function entry(label: string, tokens: number, breakpoints: Array<[string, number]>): LogEntry {
	return {
		seq: 1,
		receivedAt: 0,
		respondedAt: 0,
		clockAt: 0,
		path: "/v1/messages",
		label,
		stream: true,
		status: 200,
		outcome: "ok",
		prompt: {
			tokens,
			blocks: 0,
			toolsHash: "",
			systemHash: "",
			breakpoints: breakpoints.map(([path, t]) => ({ path, ttl: "5m", tokens: t, hash: "" })),
		},
		writes: [],
		belowMinimum: [],
	};
}

describe("childPromptShape", () => {
	it("splits the first child request at its tools and system breakpoints, skipping the parent", () => {
		const shape = childPromptShape([
			entry("parent", 5000, [["tools.3", 4000]]),
			entry("child", 2206, [
				["tools.4", 1314],
				["system.0", 1446],
				["messages.0.content.0", 2206],
			]),
		]);
		expect(shape).toEqual({ total: 2206, tools: 1314, system: 132, messages: 760 });
	});

	it("counts a prompt without a system breakpoint as tools and messages only", () => {
		expect(childPromptShape([entry("child", 900, [["tools.1", 600]])])).toEqual({
			total: 900,
			tools: 600,
			system: 0,
			messages: 300,
		});
	});
});

describe("promptNotes", () => {
	it("names the models whose minimum cacheable length is above every child prompt", () => {
		const notes = promptNotes([{ label: "x", shape: { total: 2000, tools: 1000, system: 500, messages: 500 } }]);
		expect(notes.join("\n")).toContain("claude-haiku-4-5 (minimum 4096)");
		expect(notes.join("\n")).not.toContain("claude-sonnet-4-5");
	});

	it("claims nothing about minimums when a child prompt is above all of them", () => {
		const notes = promptNotes([{ label: "x", shape: { total: 5000, tools: 1000, system: 500, messages: 3500 } }]);
		expect(notes.join("\n")).not.toContain("derived");
	});
});
