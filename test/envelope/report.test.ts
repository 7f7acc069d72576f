import { describe, expect, it } from "vitest";
import { parseEnvelope } from "../../src/envelope/parse.ts";
import { checkPassed, envelopeReportJson, renderEnvelopeReport } from "../../src/envelope/report.ts";
import type { Envelope } from "../../src/envelope/schema.ts";
import { flat } from "../support/text.ts";

const EMPTY: Envelope = {
	deliverable: "line one\nline two\n",
	evidence: [],
	unsure: [],
	did_not_do: [],
	status: "failed",
};

describe("renderEnvelopeReport", () => {
	it("shows a multi-line deliverable indented, empty lists as none, and the notes", () => {
		const parse = parseEnvelope({ submissions: [EMPTY, EMPTY], finalText: "" });
		expect(renderEnvelopeReport({ parse, claims: [] })).toBe(
			[
				"source: submit_result call 1",
				"status: failed",
				"deliverable:",
				"  line one",
				"  line two",
				"evidence: none",
				"unsure: none",
				"did not do: none",
				"notes:",
				"  - submit_result call 2 repeats the same envelope",
				"",
				"PASS  valid envelope, with no evidence to verify",
			].join("\n"),
		);
	});

	it("ends an invalid envelope's report with the reason", () => {
		const parse = parseEnvelope({ submissions: [], finalText: "" });
		expect(renderEnvelopeReport({ parse, claims: undefined }).split("\n").at(-1)).toBe(
			"FAIL  invalid envelope: no envelope: submit_result was never called and there is no final message",
		);
	});
});

describe("the evidence rule in an envelope check", () => {
	const bare = parseEnvelope({ submissions: [{ ...EMPTY, status: "ok" }], finalText: "" });

	it("fails an ok with no evidence by default, naming the problem and the way to relax it", () => {
		const check = { parse: bare, claims: undefined };
		expect(checkPassed(check)).toBe(false);
		const report = renderEnvelopeReport(check);
		expect(flat(report)).toContain(
			" ✗ evidence: is empty, but status is ok: an ok result must point at something checkable",
		);
		expect(report.split("\n").at(-1)).toBe(
			"FAIL  valid envelope, but status is ok with no evidence: an ok must cite something (--evidence optional relaxes this)",
		);
		expect(envelopeReportJson(check)).toMatchObject({
			pass: false,
			valid: true,
			evidence: "required",
			problems: [{ path: ["evidence"] }],
		});
	});

	it("passes it when relaxed, and says the rule was relaxed", () => {
		const check = { parse: bare, claims: undefined, evidence: "optional" as const };
		expect(checkPassed(check)).toBe(true);
		const report = renderEnvelopeReport(check);
		expect(report).toContain(
			'note: evidence not required (spec: evidence "optional"): this ok result cites nothing to check',
		);
		expect(report.split("\n").at(-1)).toBe("PASS  valid envelope, with no evidence to verify");
		expect(envelopeReportJson(check)).toMatchObject({ pass: true, evidence: "optional", problems: [] });
	});
});

describe("checkPassed", () => {
	const parse = parseEnvelope({
		submissions: [{ ...EMPTY, evidence: [{ claim: "c", pointer: "a.ts" }] }],
		finalText: "",
	});
	const claim = { index: 0, claim: "c", pointer: "a.ts" };

	it("passes a valid envelope whose pointers were not checked or all held", () => {
		expect(checkPassed({ parse, claims: undefined })).toBe(true);
		expect(checkPassed({ parse, claims: [{ ...claim, verified: true, detail: "file exists" }] })).toBe(true);
	});

	it("fails on one failed pointer, and on an invalid envelope", () => {
		const failed = { parse, claims: [{ ...claim, verified: false as const, reason: "gone" }] };
		expect(checkPassed(failed)).toBe(false);
		expect(envelopeReportJson(failed)).toMatchObject({ pass: false, valid: true });
		expect(checkPassed({ parse: parseEnvelope({ submissions: [], finalText: "" }), claims: undefined })).toBe(false);
	});
});
