import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { SPEC_LIMITS } from "../../src/spec/limits.ts";
import { validateSpec } from "../../src/spec/validate.ts";

/** A probe that fails the test if the validator looks at the file system: limits come first. */
const untouched = {
	probe: () => {
		throw new Error("a root was looked at");
	},
	subdirs: () => {
		throw new Error("a directory was listed");
	},
	cwd: "/",
	home: "/root",
};
const base = { id: "t", goal: "g", deliverable: "d", roots: ["/tmp"] };
const problemsOf = (input: Record<string, unknown>) => {
	const r = validateSpec(input, untouched);
	return r.ok ? [] : r.problems;
};

describe("the limits of a spec", () => {
	it("refuse a 50 MB goal at once, before any root is looked at, naming the size, the limit and the fix", () => {
		const problems = problemsOf({ ...base, goal: "x".repeat(50 * 1024 * 1024) });
		expect(problems).toHaveLength(1);
		expect(problems[0] && formatPath(problems[0])).toBe("goal");
		expect(problems[0]?.message).toBe(
			`is 52,428,800 characters; the most it may be is ${SPEC_LIMITS.goal.toLocaleString("en-US")}`,
		);
		expect(problems[0]?.fix).toMatch(/context\.files/);
		expect(String(problems[0]?.value).length).toBeLessThan(80);
	});

	it("report every limit broken at once", () => {
		const problems = problemsOf({
			...base,
			deliverable: "d".repeat(SPEC_LIMITS.deliverable + 1),
			roots: Array.from({ length: SPEC_LIMITS.roots + 1 }, (_, i) => `/r/${i}`),
			context: {
				facts: ["f".repeat(SPEC_LIMITS.fact + 1)],
				files: Array.from({ length: SPEC_LIMITS.files + 1 }, (_, i) => `/f/${i}`),
				commands: ["c".repeat(SPEC_LIMITS.command + 1)],
			},
		});
		expect(problems.map((p) => formatPath(p))).toEqual([
			"deliverable",
			"roots",
			"context.facts[0]",
			"context.files",
			"context.commands[0]",
		]);
	});

	it("count the facts in all, too", () => {
		const fact = "f".repeat(SPEC_LIMITS.fact);
		const count = Math.ceil(SPEC_LIMITS.factsTotal / SPEC_LIMITS.fact) + 1;
		const problems = problemsOf({ ...base, context: { facts: Array(count).fill(fact) } });
		expect(problems.map((p) => formatPath(p))).toEqual(["context.facts"]);
		expect(problems[0]?.message).toMatch(/characters in all/);
	});

	it("let a spec at every limit through to the rest of validation", () => {
		const atLimit = { ...base, goal: "g".repeat(SPEC_LIMITS.goal), roots: ["/definitely/not/there"] };
		const looked: string[] = [];
		const r = validateSpec(atLimit, {
			...untouched,
			probe: (p: string) => {
				looked.push(p);
				return { kind: "missing" as const };
			},
			subdirs: () => [],
		});
		expect(looked.length).toBeGreaterThan(0);
		expect(r.ok).toBe(false);
		expect(r.ok ? [] : r.problems.map((p) => formatPath(p))).not.toContain("goal");
	});
});
