import { Value } from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPath, keywordCode } from "../../src/problems.ts";
import { parseJson } from "../../src/spec/json.ts";
import { loadSpecText } from "../../src/spec/load.ts";
import { TaskSpecSchema } from "../../src/spec/schema.ts";
import { LEAF_CODES, shapeProblems } from "../../src/spec/shape.ts";
import { INVALID, VALID } from "./corpus.ts";
import { mutations } from "./mutations.ts";
import { makeTree, type Tree } from "./tree.ts";

let tree: Tree;
beforeAll(() => {
	tree = makeTree();
});
afterAll(() => tree.remove());

const options = () => ({ cwd: "/work", home: "/home/user" });

describe("spec corpus: invalid specs", () => {
	for (const c of INVALID) {
		it(c.name, () => {
			const result = loadSpecText(tree.fill(c.json), options());
			expect(result.ok).toBe(false);
			if (result.ok) return;
			// Exact and ordered: every problem is reported, in one pass, and nothing else.
			expect(result.problems.map(formatPath)).toEqual(c.problems.map((p) => p.path));
			c.problems.forEach((want, i) => {
				const got = result.problems[i];
				for (const word of want.words) expect(got?.message).toContain(tree.fill(word));
				expect(got?.fix.trim().length).toBeGreaterThan(0);
				for (const word of want.fix ?? []) expect(got?.fix).toContain(tree.fill(word));
			});
		});
	}

	it("never shows the schema checker's own wording", () => {
		const raw = /schema is false|must match pattern|must be (>|>=|integer|number|string)\b|additional properties/;
		for (const c of INVALID) {
			const result = loadSpecText(tree.fill(c.json), options());
			if (!result.ok) for (const p of result.problems) expect(p.message).not.toMatch(raw);
		}
	});
});

describe("spec corpus: valid specs", () => {
	for (const c of VALID) {
		it(c.name, () => {
			const result = loadSpecText(tree.fill(c.json), options());
			if (!result.ok) expect(result.problems).toEqual([]);
			expect(result.ok).toBe(true);
			expect(result.warnings.map(formatPath)).toEqual(c.warnings ?? []);
		});
	}
});

describe("the shape walk agrees with typebox's own check", () => {
	for (const c of [...VALID, ...INVALID]) {
		it(c.name, () => {
			const parsed = parseJson(tree.fill(c.json));
			if (!parsed.ok) throw new Error("corpus JSON must parse");
			expect(shapeProblems(parsed.value).length === 0).toBe(Value.Check(TaskSpecSchema, parsed.value));
		});
	}
});

describe("the shape walk agrees with typebox's own check on a generated corpus", () => {
	const all = mutations();

	it("has valid and invalid specs on every keyword's both sides", () => {
		const valid = all.filter((m) => Value.Check(TaskSpecSchema, m)).length;
		expect(all.length).toBeGreaterThan(2000);
		expect(valid).toBeGreaterThan(300);
		expect(all.length - valid).toBeGreaterThan(1500);
	});

	it("passes exactly the specs typebox passes", () => {
		const disagree = all.filter((m) => (shapeProblems(m).length === 0) !== Value.Check(TaskSpecSchema, m));
		expect(disagree.map((m) => JSON.stringify(m))).toEqual([]);
	});
});

describe("the shape walk's problem codes", () => {
	it("are problems.ts's for every keyword the leaf check reports", () => {
		for (const [keyword, code] of Object.entries(LEAF_CODES))
			expect([keyword, code]).toEqual([keyword, keywordCode(keyword)]);
	});

	it("cover every keyword of the spec's schema that the walk does not handle itself", () => {
		// What the walk handles itself, and annotations, which check nothing.
		const walked = new Set([
			"properties",
			"required",
			"additionalProperties",
			"items",
			"minItems",
			"description",
			"title",
			"default",
		]);
		const keywords = new Set<string>();
		const visit = (node: Record<string, unknown>): void => {
			for (const [key, value] of Object.entries(node)) {
				keywords.add(key);
				if (key === "items") visit(value as Record<string, unknown>);
				if (key === "properties") for (const child of Object.values(value as object)) visit(child);
			}
		};
		visit(TaskSpecSchema as unknown as Record<string, unknown>);
		expect([...keywords].filter((k) => !walked.has(k) && !(k in LEAF_CODES))).toEqual([]);
	});
});
