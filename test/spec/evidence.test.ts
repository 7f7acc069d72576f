/** The spec's evidence field: whether an ok result must cite evidence (src/envelope/proof.ts). */
import { describe, expect, it } from "vitest";
import { TaskSpecSchema } from "../../src/spec/schema.ts";
import { validateSpec } from "../../src/spec/validate.ts";
import { REPO_ONLY } from "../support/spec-probe.ts";

const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo"] };
const check = (input: unknown) => validateSpec(input, REPO_ONLY);

describe("the spec's evidence field", () => {
	it('defaults to "required", and records that it was defaulted', () => {
		const result = check(base);
		if (!result.ok) throw new Error("expected valid");
		expect(result.spec.evidence).toBe("required");
		expect(result.defaulted).toContain("evidence");
	});

	it('keeps "optional" when the spec asks for it', () => {
		const result = check({ ...base, evidence: "optional" });
		expect(result.ok && result.spec.evidence).toBe("optional");
	});

	it("rejects any other value, with the near miss and the choices", () => {
		const result = check({ ...base, evidence: "require" });
		expect(result.ok).toBe(false);
		expect(!result.ok && result.problems).toEqual([
			{
				path: ["evidence"],
				code: "invalid_value",
				value: "require",
				message: 'must be one of "required", "optional"; did you mean "required"?',
				fix: 'use "required" (an ok result must cite evidence) or "optional", or leave it out for "required"',
			},
		]);
	});

	it("turns a boolean into the word it meant", () => {
		const result = check({ ...base, evidence: false });
		expect(!result.ok && result.problems[0]?.fix).toBe('write "optional"');
	});

	it("points a misspelt key at evidence instead of ignoring it (a typo must not relax the rule)", () => {
		for (const key of ["evidense", "proof", "evidence_required"]) {
			const result = check({ ...base, [key]: "optional" });
			expect(result.ok).toBe(false);
			expect(!result.ok && result.problems[0]?.message).toContain('did you mean "evidence"?');
		}
	});

	it("is described in the schema that `pi-delegate schema` prints", () => {
		const field = JSON.parse(JSON.stringify(TaskSpecSchema)).properties.evidence;
		expect(field).toMatchObject({ type: "string", enum: ["required", "optional"], default: "required" });
		expect(field.description).toContain("the report says the rule was relaxed");
	});
});
