import { describe, expect, it } from "vitest";
import { prepareSubmission } from "../../src/envelope/arguments.ts";

const GOOD = {
	deliverable: "d",
	evidence: [{ claim: "c", pointer: "a.ts:1" }],
	unsure: [],
	did_not_do: [],
	status: "ok",
};

describe("prepareSubmission", () => {
	it("passes what Pi accepts as the same object, and asks Pi nothing about empty arguments", () => {
		let asked = 0;
		const accepts = () => {
			asked++;
			return true;
		};
		expect(prepareSubmission(GOOD, accepts)).toEqual({ ok: true, value: GOOD });
		expect((prepareSubmission(GOOD, accepts) as { value: unknown }).value).toBe(GOOD);
		expect(prepareSubmission({}, accepts)).toEqual({ ok: true, value: {} });
		expect(asked).toBe(2);
	});

	it("rejects in the envelope's words what Pi rejects", () => {
		const result = prepareSubmission({ ...GOOD, status: "done" }, () => false);
		expect(result).toMatchObject({ ok: false, problems: [{ path: ["status"], value: "done" }] });
	});

	it("lets Pi speak when Pi rejects something the envelope check finds nothing wrong with", () => {
		expect(prepareSubmission(GOOD, () => false)).toEqual({ ok: true, value: GOOD });
	});

	it("reads text lists sent as JSON, and leaves other text in a text list for Pi to wrap", () => {
		const raw = { ...GOOD, unsure: '["a", "b"]', did_not_do: "[not json" };
		expect(prepareSubmission(raw, () => true)).toEqual({ ok: true, value: { ...raw, unsure: ["a", "b"] } });
	});
});
