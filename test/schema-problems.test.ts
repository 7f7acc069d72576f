import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type Phrasebook, pathPattern, schemaIssues, schemaProblems } from "../src/schema-problems.ts";

/** A schema unlike the envelope's, to show the walk is generic. */
const Schema = Type.Object(
	{
		name: Type.String({ minLength: 1, description: "A name." }),
		size: Type.Optional(Type.Integer({ minimum: 1, description: "A size." })),
		tags: Type.Array(Type.String({ pattern: "^[a-z]+$", description: "A tag." }), {
			minItems: 1,
			description: "Tags.",
		}),
		inner: Type.Optional(
			Type.Object({ on: Type.Boolean({ description: "On." }) }, { additionalProperties: false, description: "Inner." }),
		),
	},
	{ additionalProperties: false, description: "A thing." },
);

const issues = (value: unknown, unknownKeys?: "first" | "last") =>
	schemaIssues(Schema, value, unknownKeys ? { unknownKeys } : {}).map((at) => [pathPattern(at.path), at.issue]);

describe("schemaIssues", () => {
	it("finds nothing in a valid value", () => {
		expect(issues({ name: "n", tags: ["a"], inner: { on: true } })).toEqual([]);
	});

	it("reports every issue at once, one per place, in schema order, past typebox's error cap", () => {
		const tags = Array.from({ length: 12 }, () => "BAD");
		const found = issues({ name: "", size: 1.5, tags, inner: { on: "yes" } });
		expect(found).toHaveLength(15);
		expect(found.slice(0, 3)).toEqual([
			["name", { kind: "rule", keyword: "minLength", params: { limit: 1 } }],
			["size", { kind: "type", expected: "integer" }],
			["tags[]", { kind: "rule", keyword: "pattern", params: { pattern: "^[a-z]+$" } }],
		]);
		expect(found.at(-1)).toEqual(["inner.on", { kind: "type", expected: "boolean" }]);
	});

	it("reports a missing required field, and treats undefined as missing", () => {
		expect(issues({ name: undefined, tags: ["a"] })).toEqual([["name", { kind: "missing" }]]);
	});

	it("reports unknown keys with the keys allowed there, before or after the fields as asked", () => {
		const value = { nmae: "x", tags: [] };
		expect(issues(value)).toEqual([
			["nmae", { kind: "unknown", key: "nmae", known: ["name", "size", "tags", "inner"] }],
			["name", { kind: "missing" }],
			["tags", { kind: "rule", keyword: "minItems", params: { limit: 1 } }],
		]);
		expect(issues(value, "last").map(([path]) => path)).toEqual(["name", "tags", "nmae"]);
	});

	it("does not read a key like constructor through to Object.prototype", () => {
		expect(issues({ name: "n", tags: ["a"], constructor: 1 }).map(([path]) => path)).toEqual(["constructor"]);
	});

	it("stops at a value of the wrong type instead of reporting what is inside it", () => {
		expect(issues({ name: "n", tags: "a", inner: [] })).toEqual([
			["tags", { kind: "type", expected: "array" }],
			["inner", { kind: "type", expected: "object" }],
		]);
		expect(issues("x")).toEqual([["(root)", { kind: "type", expected: "object" }]]);
	});
});

describe("schemaProblems", () => {
	it("phrases each issue with the caller's words, with the path and value", () => {
		const phrasebook: Phrasebook = {
			phrase: (at) => ({ message: `${at.issue.kind} here`, fix: `fix ${pathPattern(at.path)}` }),
		};
		expect(schemaProblems(Schema, { name: "n", tags: ["a", 3] }, phrasebook)).toEqual([
			{ path: ["tags", 1], code: "invalid_type", value: 3, message: "type here", fix: "fix tags[]" },
		]);
	});
});
