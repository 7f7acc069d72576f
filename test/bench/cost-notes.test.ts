import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../bench/emulator/index.ts";
import { childPromptShape, type NoteCell, promptNotes, targetLines } from "../../bench/support/cost-notes.ts";

const cell = (
	role: string,
	workload: string,
	dollars: number,
	label = role,
	model = "claude-sonnet-4-5",
): NoteCell => ({
	workload: { id: workload, label: workload },
	model,
	label,
	role,
	median: { dollars },
});

describe("targetLines", () => {
	const cells = [
		cell("baseline", "burst-4", 2),
		cell("pi-delegate", "burst-4", 2.2),
		cell("package", "burst-4", 10),
		cell("baseline", "session", 10),
		cell("pi-delegate", "session", 6),
		cell("pi-delegate", "session", 11, "before"),
		cell("baseline", "burst-4", 2, "baseline", "claude-haiku-4-5"),
		cell("pi-delegate", "burst-4", 1, "pi-delegate", "claude-haiku-4-5"),
		cell("baseline", "session", 1, "baseline", "claude-haiku-4-5"),
		cell("pi-delegate", "session", 2, "pi-delegate", "claude-haiku-4-5"),
		cell("baseline", "session-61m", 10),
		cell("pi-delegate", "session-61m", 10.5),
	];
	const lines = targetLines(cells, () => 2);

	it("says which targets the headline layout meets and by how much it misses the others", () => {
		const s = "claude-sonnet-4-5";
		expect(lines).toContain(`TARGET MISSED by 0.10× ${s}, burst-4: 1.10× naive (target <= 1.00×)`);
		expect(lines).toContain(`TARGET met    ${s}, burst-4: 0.22× pi-subagents (target <= 0.40×)`);
		expect(lines).toContain(`TARGET met    ${s}, session: 0.60× naive (target <= 0.70×)`);
		expect(lines).toContain(`TARGET MISSED by 0.050× ${s}, session-61m: 1.05× naive (target <= 1.00×)`);
		expect(lines).toContain(`TARGET MISSED by 1.90× ${s}, session: 3.00× floor (target <= 1.10×)`);
	});

	it("holds the sizes to naive on Haiku too, and nothing else there", () => {
		expect(lines).toContain("TARGET met    claude-haiku-4-5, burst-4: 0.50× naive (target <= 1.00×)");
		expect(lines.filter((l) => l.includes("claude-haiku-4-5") && l.startsWith("TARGET"))).toHaveLength(1);
	});

	it("gives a LOSES line for every target missed and every pi-delegate row that costs more than naive", () => {
		const loses = lines.filter((l) => l.startsWith("LOSES"));
		expect(loses).toContain("LOSES  target missed: claude-sonnet-4-5, burst-4: 1.10× naive (target <= 1.00×)");
		expect(loses).toContain("LOSES  target missed: claude-sonnet-4-5, session-61m: 1.05× naive (target <= 1.00×)");
		expect(loses).toContain("LOSES  claude-sonnet-4-5, burst-4, pi-delegate: 1.10× the naive dollars");
		expect(loses).toContain("LOSES  claude-sonnet-4-5, session, before: 1.10× the naive dollars");
		expect(loses).toContain("LOSES  claude-haiku-4-5, session, pi-delegate: 2.00× the naive dollars");
		expect(loses.length).toBe(lines.filter((l) => l.startsWith("TARGET MISSED")).length + 4);
	});

	it("skips a target whose comparison was not measured", () => {
		expect(lines.some((l) => l.includes("session") && l.includes("pi-subagents"))).toBe(false);
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
			chain: [],
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
