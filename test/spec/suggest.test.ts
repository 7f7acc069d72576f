import { describe, expect, it } from "vitest";
import { BudgetSchema, TailSchema } from "../../src/request/spec-parts.ts";
import { ContextSchema, TaskSpecSchema } from "../../src/spec/schema.ts";
import { SPEC_KEYS, suggestKey } from "../../src/spec/suggest.ts";
import { editDistance } from "../../src/suggest.ts";

describe("suggestKey", () => {
	it.each([
		["write-allowed", "", "write_allowed"],
		["writeAllowed", "", "write_allowed"],
		["WRITE_ALLOWED", "", "write_allowed"],
		["write_alowed", "", "write_allowed"],
		["readonly", "", "read_only"],
		["raed_only", "", "read_only"],
		["root", "", "roots"],
		["deliverables", "", "deliverable"],
		["files", "", "context.files"],
		["wall_s", "", "budget.wall_s"],
		["timeout", "", "budget.wall_s"],
		["cost", "", "budget.usd"],
		["writable", "", "write_allowed"],
		["fact", "context", "context.facts"],
		["cmds", "context", "context.commands"],
		["wall", "budget", "budget.wall_s"],
		["max_turns", "budget", "budget.turns"],
		["timeout", "context", "budget.wall_s"],
		["token", "context.tail", "context.tail.tokens"],
		["history", "", "context.tail"],
	])("%s in %o → %s", (key, level, meant) => {
		expect(suggestKey(key, level)).toBe(meant);
	});

	it.each([
		["colour", ""],
		["x", ""],
		["---", ""],
		["constructor", ""],
		["__proto__", "budget"],
		["toString", "context"],
	])("offers nothing for %s in %o", (key, level) => {
		expect(suggestKey(key, level)).toBeUndefined();
	});

	it("prefers a slip at the same level over a misplaced key", () => {
		// "file" is one edit from context.files; at the top level nothing is closer.
		expect(suggestKey("file", "context")).toBe("context.files");
		expect(suggestKey("file", "")).toBe("context.files");
	});

	it("knows exactly the schema's keys, level by level", () => {
		expect(SPEC_KEYS).toEqual({
			"": Object.keys(TaskSpecSchema.properties),
			context: Object.keys(ContextSchema.properties),
			"context.tail": Object.keys(TailSchema.properties),
			budget: Object.keys(BudgetSchema.properties),
			delegate: ["depth"],
		});
	});
});

describe("editDistance", () => {
	it.each([
		["", "", 0],
		["abc", "abc", 0],
		["abc", "ab", 1],
		["abc", "acb", 1],
		["kitten", "sitting", 3],
		["", "abc", 3],
	])("%s ↔ %s = %i", (a, b, d) => {
		expect(editDistance(a, b)).toBe(d);
		expect(editDistance(b, a)).toBe(d);
	});
});
