import { describe, expect, it } from "vitest";
import { EVIDENCE_OPTIONAL_BRIEF, emptyProofProblem, relaxedProofNote } from "../../src/envelope/proof.ts";

const pointer = [{ claim: "c", pointer: "a.ts:1" }];

describe("the empty-proof rule", () => {
	it("rejects an ok with no evidence by default, and when the rule is not given at all", () => {
		for (const rule of ["required", undefined] as const) {
			expect(emptyProofProblem({ status: "ok", evidence: [] }, rule)).toMatchObject({
				path: ["evidence"],
				message: "is empty, but status is ok: an ok result must point at something checkable",
			});
		}
	});

	it("accepts an ok that cites something, and a partial or failed that cites nothing", () => {
		expect(emptyProofProblem({ status: "ok", evidence: pointer }, "required")).toBeUndefined();
		expect(emptyProofProblem({ status: "partial", evidence: [] }, "required")).toBeUndefined();
		expect(emptyProofProblem({ status: "failed", evidence: [] }, "required")).toBeUndefined();
	});

	it("is relaxed only by an explicit optional, and then the report says so", () => {
		expect(emptyProofProblem({ status: "ok", evidence: [] }, "optional")).toBeUndefined();
		expect(relaxedProofNote({ status: "ok", evidence: [] }, "optional")).toContain("cites nothing to check");
		expect(relaxedProofNote({ status: "ok", evidence: pointer }, "optional")).toContain("still verified");
		expect(relaxedProofNote({ status: "ok", evidence: [] }, "required")).toBeUndefined();
		expect(relaxedProofNote(undefined, undefined)).toBeUndefined();
	});

	it("has a brief sentence for the relaxed rule (the default is stated in submit_result's definition)", () => {
		expect(EVIDENCE_OPTIONAL_BRIEF).toContain("every pointer you do give is checked");
	});
});
