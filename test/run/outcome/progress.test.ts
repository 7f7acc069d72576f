import { describe, expect, it } from "vitest";
import { addMessageUsage, bashCommand, emptyUsage, summarizeToolCall } from "../../../src/run/outcome/progress.ts";

describe("tool call summaries", () => {
	it("names the call by the argument a user recognises it by", () => {
		expect(summarizeToolCall("bash", { command: "npm test", timeout: 60 })).toBe("bash: npm test");
		expect(summarizeToolCall("read", { path: "src/a.ts", offset: 10 })).toBe("read: src/a.ts");
		expect(summarizeToolCall("grep", { pattern: "TODO", path: "src" })).toBe("grep: TODO");
		expect(summarizeToolCall("custom", { n: 1, label: "x" })).toBe("custom: x");
	});

	it("puts the summary on one short line", () => {
		expect(summarizeToolCall("bash", { command: "cd a &&\n  make\tall" })).toBe("bash: cd a && make all");
		const long = summarizeToolCall("bash", { command: "x".repeat(500) });
		expect(long.length).toBe("bash: ".length + 80);
		expect(long.endsWith("…")).toBe(true);
	});

	it("is just the tool's name when no argument tells more", () => {
		expect(summarizeToolCall("ls", {})).toBe("ls");
		expect(summarizeToolCall("ls", null)).toBe("ls");
		expect(summarizeToolCall("bash", { command: "" })).toBe("bash");
	});
});

describe("bash commands", () => {
	it("takes the command of a bash call, exactly", () => {
		expect(bashCommand("bash", { command: "  npm  test " })).toBe("  npm  test ");
		expect(bashCommand("read", { command: "x" })).toBeUndefined();
		expect(bashCommand("bash", { command: 3 })).toBeUndefined();
	});
});

describe("usage totals", () => {
	const message = {
		role: "assistant",
		usage: { input: 100, output: 20, cacheRead: 300, cacheWrite: 40, cost: { input: 0.1, output: 0.2, total: 0.5 } },
	};

	it("adds an assistant message's tokens and dollars without changing the total it was given", () => {
		const total = emptyUsage();
		const once = addMessageUsage(total, message);
		expect(total).toEqual(emptyUsage());
		expect(addMessageUsage(once, message)).toEqual({
			input: 200,
			output: 40,
			cacheRead: 600,
			cacheWrite: 80,
			costUsd: 1,
			cost: { input: 0.2, output: 0.4, cacheRead: 0, cacheWrite: 0 },
		});
	});

	it("adds nothing for other messages or malformed usage", () => {
		expect(addMessageUsage(emptyUsage(), { ...message, role: "user" })).toEqual(emptyUsage());
		expect(addMessageUsage(emptyUsage(), { role: "assistant" })).toEqual(emptyUsage());
		const odd = { role: "assistant", usage: { input: -5, output: Number.NaN, cacheRead: "7", cost: null } };
		expect(addMessageUsage(emptyUsage(), odd)).toEqual(emptyUsage());
	});
});
