import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { DEFAULT_ACCEPT_S } from "../../src/request/limits.ts";
import { validateSpec } from "../../src/spec/validate.ts";
import { REPO_ONLY } from "../support/spec-probe.ts";

const check = (input: unknown) => validateSpec(input, REPO_ONLY);
const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo"] };

describe("the accept field of a spec", () => {
	it("keeps the commands and applies the default acceptance budget, recorded as a default", () => {
		const result = check({ ...base, accept: ["npm test", "npm run lint"] });
		if (!result.ok) throw new Error(JSON.stringify(result.problems));
		expect(result.spec.accept).toEqual(["npm test", "npm run lint"]);
		expect(result.spec.budget.accept_s).toBe(DEFAULT_ACCEPT_S);
		expect(result.defaulted).toContain("budget.accept_s");
	});

	it("takes a given acceptance budget", () => {
		const result = check({ ...base, accept: ["true"], budget: { accept_s: 2 } });
		expect(result.ok && result.spec.budget.accept_s).toBe(2);
	});

	it("leaves a spec without it as it was: no accept, no accept_s", () => {
		const result = check(base);
		if (!result.ok) throw new Error(JSON.stringify(result.problems));
		expect("accept" in result.spec).toBe(false);
		expect("accept_s" in result.spec.budget).toBe(false);
	});

	it("refuses an empty list, saying how to name a command", () => {
		const result = check({ ...base, accept: [] });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const problem = result.problems.find((p) => formatPath(p) === "accept");
		expect(problem?.code).toBe("too_small");
		expect(problem?.fix).toMatch(/at least one command/);
	});

	it("refuses a command that is not a string by its path, and an empty one", () => {
		const result = check({ ...base, accept: ["npm test", 3, ""] });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const paths = result.problems.map((p) => formatPath(p));
		expect(paths).toContain("accept[1]");
		expect(paths).toContain("accept[2]");
		expect(result.problems.find((p) => formatPath(p) === "accept[1]")?.fix).toMatch(/as a string/);
	});

	it("refuses a list written as one string, and a non-positive acceptance budget", () => {
		const result = check({ ...base, accept: "npm test", budget: { accept_s: 0 } });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const paths = result.problems.map((p) => formatPath(p));
		expect(paths).toEqual(expect.arrayContaining(["accept", "budget.accept_s"]));
	});
});
