import { parseToolCallArguments, type ToolCall, validateToolArguments } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { checkSubmission, submissionErrorText } from "../../src/envelope/parse.ts";
import {
	acceptedCallNumbers,
	describeRejections,
	SECOND_RESULT_ERROR,
	summarizeRejection,
} from "../../src/envelope/rejected.ts";
import { EnvelopeSchema, SUBMIT_RESULT_TOOL_NAME } from "../../src/envelope/schema.ts";

const tool = { name: SUBMIT_RESULT_TOOL_NAME, description: "", parameters: EnvelopeSchema };

/** The error Pi's own argument check ends a submit_result call in, for raw arguments text. */
function piError(argumentsText: string): string {
	const call = { type: "toolCall", id: "c1", name: SUBMIT_RESULT_TOOL_NAME, ...parseToolCallArguments(argumentsText) };
	try {
		validateToolArguments(tool, call as ToolCall);
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error("Pi accepted the arguments");
}

describe("summarizeRejection", () => {
	it("says where arguments that are not JSON broke, by line and column", () => {
		const text = '{"deliverable": "x",\n "status": "ok" "evidence": []}';
		expect(summarizeRejection(piError(text))).toEqual({
			kind: "json",
			reason: expect.stringMatching(/^its arguments were not valid JSON: .+ at line 2, column 17$/),
		});
	});

	it("says so when the arguments are JSON but not an object", () => {
		expect(summarizeRejection(piError('"{\\"status\\": \\"ok\\"}"')).reason).toBe(
			"its arguments were a string, not a JSON object",
		);
	});

	it("lists what Pi's schema check found", () => {
		const missing = summarizeRejection(piError(JSON.stringify({ deliverable: "x", status: "done" })));
		expect(missing).toEqual({
			kind: "schema",
			reason:
				'its arguments did not fit the schema: evidence: missing; status: expected one of ["ok","partial","failed"]',
		});
		const wrong = { deliverable: "x", evidence: [], unsure: [], did_not_do: [], status: "done" };
		expect(summarizeRejection(piError(JSON.stringify(wrong))).reason).toMatch(
			/^its arguments did not fit the schema: status: /,
		);
	});

	it("reads the submit tool's own rejection, without the fixes", () => {
		const error = submissionErrorText(
			checkSubmission({ deliverable: "x", evidence: [], unsure: [], did_not_do: [], status: "ok" }),
		);
		expect(summarizeRejection(error)).toEqual({
			kind: "check",
			reason: "evidence: is empty, but status is ok: an ok result must point at something checkable",
		});
	});

	it("names a second, different result", () => {
		expect(summarizeRejection(`${SECOND_RESULT_ERROR}; stop now.`).kind).toBe("second");
	});

	it("falls back to the first line of an error it does not know", () => {
		expect(summarizeRejection("\nsomething broke\nmore")).toEqual({ kind: "other", reason: "something broke" });
	});
});

describe("describeRejections", () => {
	it("counts the calls and gives each one's reason", () => {
		const text = describeRejections([
			{ call: 1, error: "first" },
			{ call: 2, error: "second" },
		]);
		expect(text).toBe("submit_result was called 2 times and rejected each time (call 1: first; call 2: second)");
		expect(describeRejections([{ call: 1, error: "x" }])).toBe(
			"submit_result was called once and rejected (call 1: x)",
		);
	});
});

describe("acceptedCallNumbers", () => {
	it("numbers accepted calls by their place among all calls", () => {
		expect(acceptedCallNumbers(1, [])).toEqual([1]);
		expect(
			acceptedCallNumbers(2, [
				{ call: 1, error: "" },
				{ call: 3, error: "" },
			]),
		).toEqual([2, 4]);
	});
});
