import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { EFFORTS } from "../../src/request/choices.ts";
import { DEFAULT_BUDGETS, ID_MAX_LENGTH } from "../../src/request/limits.ts";
import { TaskSpecSchema } from "../../src/spec/schema.ts";

interface Node {
	type?: string;
	description?: string;
	properties?: Record<string, Node>;
	items?: Node;
	additionalProperties?: boolean;
}

/** Every schema node with its path. */
function nodes(node: Node, path = "(root)"): Array<[string, Node]> {
	const out: Array<[string, Node]> = [[path, node]];
	for (const [key, child] of Object.entries(node.properties ?? {})) out.push(...nodes(child, `${path}.${key}`));
	if (node.items) out.push(...nodes(node.items, `${path}[]`));
	return out;
}

const schema = JSON.parse(JSON.stringify(TaskSpecSchema)) as Node;

describe("TaskSpecSchema", () => {
	it("describes every field, item and object", () => {
		const all = nodes(schema);
		expect(all.length).toBeGreaterThan(20);
		for (const [path, node] of all) expect(node.description ?? "", path).not.toBe("");
	});

	it("closes every object against unknown fields", () => {
		const objects = nodes(schema).filter(([, n]) => n.type === "object");
		expect(objects.map(([p]) => p)).toEqual([
			"(root)",
			"(root).context",
			"(root).context.tail",
			"(root).budget",
			"(root).delegate",
		]);
		for (const [path, node] of objects) expect(node.additionalProperties, path).toBe(false);
	});

	it("documents the budget defaults that validation applies", () => {
		const budget = schema.properties?.budget?.properties ?? {};
		for (const effort of EFFORTS) {
			const d = DEFAULT_BUDGETS[effort];
			expect(budget.wall_s?.description).toContain(`${d.wall_s} s for ${effort}`);
			expect(budget.usd?.description).toContain(`$${d.usd} for ${effort}`);
			expect(budget.turns?.description).toContain(`${d.turns} for ${effort}`);
		}
	});

	it("is plain JSON Schema: a string enum for effort, no typebox internals", () => {
		expect(schema.properties?.effort).toMatchObject({ type: "string", enum: [...EFFORTS], default: "balanced" });
		expect(JSON.stringify(schema)).not.toContain("~kind");
	});

	it("draws the id line where the audit directory needs it", () => {
		const id = (value: string) => Value.Check(TaskSpecSchema.properties.id as TSchema, value);
		for (const ok of ["a", "fix-typo", "adv-T4-incidental-write", "v1.2_rc", "x".repeat(ID_MAX_LENGTH)]) {
			expect(id(ok), ok).toBe(true);
		}
		for (const bad of ["", "-a", "a-", "a--b", "a/b", "..", ".hidden", "a b", "é", "x".repeat(ID_MAX_LENGTH + 1)]) {
			expect(id(bad), bad).toBe(false);
		}
	});

	it("rejects non-finite and non-positive budgets", () => {
		const budget = (value: unknown) => Value.Check(TaskSpecSchema.properties.budget as TSchema, value);
		expect(budget({ wall_s: 0.5, usd: 0.01, turns: 1 })).toBe(true);
		for (const bad of [
			{ wall_s: Infinity },
			{ usd: Number.NaN },
			{ wall_s: 0 },
			{ usd: -1 },
			{ turns: 0 },
			{ turns: 2.5 },
		]) {
			expect(budget(bad), JSON.stringify(bad)).toBe(false);
		}
	});
});
