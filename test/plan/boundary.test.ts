/**
 * What `planTask` watches and how it checks the child's answer: the roots, the ones it may write,
 * the watched-only rest and the paths left out (from the spec); the submit tool's check — the roots
 * a pointer may name, the base of a relative pointer (the first root), how many rejected
 * submissions are answered, and the evidence rule.
 */
import { describe, expect, it } from "vitest";
import { MAX_REJECTIONS } from "../../src/plan/task.ts";
import { CWD, OTHER, planOf, specOf } from "../support/plan-inputs.ts";

describe("the plan's boundary", () => {
	it("watches a read-only task's roots, none of them writable", () => {
		expect(planOf().boundary).toEqual({ roots: [CWD], writeAllowed: [], watchedOnly: [CWD], exclude: [] });
	});

	it("splits a write task's roots into the writable ones and the watched rest, and keeps the excluded paths", () => {
		const spec = specOf({ roots: [CWD, OTHER], read_only: false, write_allowed: [OTHER], exclude: [`${CWD}/dist`] });
		expect(planOf({ spec }).boundary).toEqual({
			roots: [CWD, OTHER],
			writeAllowed: [OTHER],
			watchedOnly: [CWD],
			exclude: [`${CWD}/dist`],
		});
	});
});

describe("the plan's submit check", () => {
	it("lets pointers name the roots, resolves a relative one from the first root, and answers two rejections", () => {
		expect(MAX_REJECTIONS).toBe(2);
		expect(planOf({ spec: specOf({ roots: [OTHER, CWD] }) }).submit).toEqual({
			roots: [OTHER, CWD],
			cwd: OTHER,
			maxRejections: MAX_REJECTIONS,
			evidence: "required",
		});
	});

	it("carries the spec's evidence rule", () => {
		expect(planOf({ spec: specOf({ evidence: "optional" }) }).submit.evidence).toBe("optional");
	});
});
