/** The spec's `context.tail` field: its shape, every problem at once, and the normalized spec. */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { validateSpec } from "../../src/spec/validate.ts";
import { REPO_ONLY } from "../support/spec-probe.ts";

const check = (context: unknown) =>
	validateSpec({ id: "t", goal: "g", deliverable: "d", roots: ["/v/repo"], context }, REPO_ONLY);

describe("context.tail", () => {
	it("is kept in the normalized spec, and absent when not given", () => {
		const given = check({ tail: { tokens: 4000 } });
		expect(given.ok && given.spec.context).toEqual({ facts: [], files: [], commands: [], tail: { tokens: 4000 } });
		const absent = check({ files: [] });
		expect(absent.ok && "tail" in absent.spec.context).toBe(false);
	});

	it("reports every problem of a bad tail at once, each with its path and fix", () => {
		const bad = check({ tail: { tokens: 0, token: 5 }, facts: [""] });
		expect(bad.ok).toBe(false);
		if (bad.ok) return;
		expect(bad.problems.map((p) => [formatPath(p), p.message])).toEqual([
			["context.facts[0]", "is empty; it must be a non-empty string"],
			[
				"context.tail.token",
				'unknown field "token" in context.tail (did you mean "context.tail.tokens"?); unknown fields are rejected so that a misspelling cannot silently change what the child may do',
			],
			["context.tail.tokens", "must be a positive whole number of tokens; 0 is not positive"],
		]);
		expect(bad.problems[1]?.fix).toBe('rename it to "tokens"');
	});

	it("says how to write a bare number, and a missing or fractional budget", () => {
		const bare = check({ tail: 4000 });
		expect(!bare.ok && bare.problems[0]).toMatchObject({
			path: ["context", "tail"],
			fix: 'write "tail": {"tokens": 4000}',
		});
		const missing = check({ tail: {} });
		expect(!missing.ok && missing.problems[0]?.message).toBe("is required: a positive whole number of tokens");
		const fraction = check({ tail: { tokens: 2.5 } });
		expect(!fraction.ok && fraction.problems[0]?.message).toBe(
			"must be a positive whole number of tokens; 2.5 is not whole",
		);
	});

	it("points a tail given at the top of the spec to its place", () => {
		const result = validateSpec(
			{ id: "t", goal: "g", deliverable: "d", roots: ["/v/repo"], transcript: { tokens: 10 } },
			REPO_ONLY,
		);
		expect(!result.ok && result.problems[0]?.fix).toBe('move it to "context.tail"');
	});
});
