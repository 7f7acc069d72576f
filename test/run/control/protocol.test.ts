/** The control protocol's lines, read as data from anyone: only the four requests, and answers that match what was asked. */
import { describe, expect, it } from "vitest";
import { MESSAGE_LIMIT, parseAnswer, parseRequest } from "../../../src/run/control/protocol.ts";

describe("parseRequest", () => {
	it("takes the four requests and refuses anything else with a reason", () => {
		expect(parseRequest('{"op":"status"}')).toEqual({ op: "status" });
		expect(parseRequest('{"op":"wait","extra":1}')).toEqual({ op: "wait" });
		expect(parseRequest('{"op":"send","message":"hi"}')).toEqual({ op: "send", message: "hi" });
		for (const line of ["", "null", "[]", '{"op":"exec"}', '{"op":"send"}', '{"op":"send","message":"  "}', "{"])
			expect(parseRequest(line), line).toHaveProperty("error");
		expect(parseRequest(JSON.stringify({ op: "send", message: "é".repeat(MESSAGE_LIMIT) }))).toHaveProperty("error");
	});
});

describe("parseAnswer", () => {
	it("reads only an answer to what was asked", () => {
		expect(parseAnswer('{"ok":true,"op":"send","queued":true}', "send")).toEqual({
			ok: true,
			op: "send",
			queued: true,
		});
		expect(parseAnswer('{"ok":true,"op":"send","queued":true}', "wait")).toBeUndefined();
		expect(parseAnswer('{"ok":true,"op":"wait","end":{"state":"PASS","verdict":"PASS"}}', "wait")).toMatchObject({
			end: { state: "PASS" },
		});
		expect(parseAnswer('{"ok":true,"op":"wait","end":{"state":"WON","verdict":"PASS"}}', "wait")).toBeUndefined();
		expect(parseAnswer('{"ok":true,"op":"status","status":{"state":"PASS"}}', "status")).toBeUndefined();
		expect(parseAnswer('{"ok":false}', "stop")).toEqual({ ok: false, error: "refused" });
	});
});
