import { describe, expect, it } from "vitest";
import { checkSubmission, type EnvelopeParse, parseEnvelope, submissionErrorText } from "../../src/envelope/parse.ts";
import type { Envelope } from "../../src/envelope/schema.ts";
import { formatPath } from "../../src/problems.ts";

const GOOD: Envelope = {
	deliverable: "the answer",
	evidence: [{ claim: "a claim", pointer: "src/a.ts:1" }],
	unsure: [],
	did_not_do: [],
	status: "ok",
};
const block = (value: unknown, tag = "json") => `\`\`\`${tag}\n${JSON.stringify(value, null, 2)}\n\`\`\``;

function valid(result: EnvelopeParse) {
	if (!result.ok) throw new Error(`expected a valid envelope: ${result.reason}`);
	return result;
}

function invalid(result: EnvelopeParse) {
	if (result.ok) throw new Error("expected an invalid envelope");
	return result;
}

describe("parseEnvelope: where the envelope comes from", () => {
	it("takes a submit_result call", () => {
		const result = valid(parseEnvelope({ submissions: [GOOD], finalText: "Done, submitted." }));
		expect(result).toEqual({ ok: true, envelope: GOOD, source: { kind: "submit_result", call: 1 }, notes: [] });
	});

	it("takes one fenced json block after prose", () => {
		const result = valid(parseEnvelope({ submissions: [], finalText: `I did it.\n\n${block(GOOD)}\n\nBye.` }));
		expect(result.source).toEqual({ kind: "fenced", line: 3 });
		expect(result.envelope).toEqual(GOOD);
	});

	it("takes an untagged block, and a tag in capitals", () => {
		expect(valid(parseEnvelope({ submissions: [], finalText: block(GOOD, "") })).envelope).toEqual(GOOD);
		expect(valid(parseEnvelope({ submissions: [], finalText: block(GOOD, "JSON") })).envelope).toEqual(GOOD);
	});

	it("takes a final message that is nothing but the envelope as JSON", () => {
		const result = valid(parseEnvelope({ submissions: [], finalText: `\n${JSON.stringify(GOOD)}\n` }));
		expect(result.source).toEqual({ kind: "bare" });
	});

	it("never takes a block tagged with another language, but says it saw one that names envelope fields", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: block(GOOD, "ts") }));
		expect(result.reason).toBe(
			"no envelope: submit_result was never called and the final message has no envelope; the ts block at line 1 is not read (only json or untagged)",
		);
		expect(result.problems[1]).toMatchObject({
			source: "final message, line 1",
			path: [],
			fix: "tag the block json, or submit the envelope separately",
		});
		const code = invalid(parseEnvelope({ submissions: [], finalText: "```ts\nconst x = 1;\n```" }));
		expect(code.reason).toBe("no envelope: submit_result was never called and the final message has no envelope");
	});

	it("tolerates trailing commas, and says so", () => {
		const text = `\`\`\`json\n${JSON.stringify(GOOD, null, 2).replace(/\n}$/, ",\n}")}\n\`\`\``;
		expect(valid(parseEnvelope({ submissions: [], finalText: text })).notes).toEqual([
			"ignored trailing commas in the fenced json block at line 1 (line 12)",
		]);
	});

	it("skips JSON blocks that are not envelopes, and says so", () => {
		const text = `Config:\n${block({ compilerOptions: {} })}\n${block(GOOD)}`;
		const result = valid(parseEnvelope({ submissions: [], finalText: text }));
		expect(result.source).toEqual({ kind: "fenced", line: 7 });
		expect(result.notes).toEqual([
			"skipped the fenced block at line 2: it has none of the envelope fields (it has: compilerOptions)",
		]);
	});

	it("does not let a non-envelope block conflict with a submission", () => {
		const text = `${block({ name: "pkg" })}\n${block([1, 2])}\n\`\`\`\nnot json at all\n\`\`\``;
		expect(valid(parseEnvelope({ submissions: [GOOD], finalText: text })).source).toEqual({
			kind: "submit_result",
			call: 1,
		});
	});
});

describe("parseEnvelope: duplicates and conflicts", () => {
	it("accepts identical duplicates whatever their key order or formatting, noting them", () => {
		const reordered = Object.fromEntries(Object.entries(GOOD).reverse());
		const result = valid(parseEnvelope({ submissions: [GOOD, reordered], finalText: `Again:\n${block(reordered)}` }));
		expect(result.source).toEqual({ kind: "submit_result", call: 1 });
		expect(result.notes).toEqual([
			"submit_result call 2 repeats the same envelope",
			"the fenced json block at line 2 repeats the same envelope",
		]);
	});

	it("rejects two different submissions, naming each difference with both values", () => {
		const other = { ...GOOD, status: "partial", evidence: [{ claim: "a claim", pointer: "src/a.ts:2" }] };
		const result = invalid(parseEnvelope({ submissions: [GOOD, other], finalText: "" }));
		expect(result.reason).toBe(
			"2 different envelopes: submit_result call 1 and submit_result call 2 differ at evidence[0].pointer, status",
		);
		expect(result.problems.map((p) => [formatPath(p), p.value, p.message])).toEqual([
			[
				"evidence[0].pointer",
				"src/a.ts:2",
				'submit_result call 1 has "src/a.ts:1", submit_result call 2 has "src/a.ts:2"',
			],
			["status", "partial", 'submit_result call 1 has "ok", submit_result call 2 has "partial"'],
		]);
	});

	it("rejects a submission and a different fenced block", () => {
		const result = invalid(parseEnvelope({ submissions: [GOOD], finalText: block({ ...GOOD, unsure: ["x"] }) }));
		expect(result.reason).toBe(
			"2 different envelopes: submit_result call 1 and the fenced json block at line 1 differ at unsure[0]",
		);
		expect(result.problems[0]?.message).toBe(
			'submit_result call 1 has nothing, the fenced json block at line 1 has "x"',
		);
	});

	it("rejects two different fenced blocks, even when the second corrects the first", () => {
		const text = `${block({ ...GOOD, status: "oops" })}\n${block(GOOD)}`;
		expect(invalid(parseEnvelope({ submissions: [], finalText: text })).reason).toBe(
			"2 different envelopes: the fenced json block at line 1 and the fenced json block at line 15 differ at status",
		);
	});

	it("names all of three different envelopes", () => {
		const result = invalid(
			parseEnvelope({
				submissions: [GOOD, { ...GOOD, status: "partial" }, { ...GOOD, status: "failed" }],
				finalText: "",
			}),
		);
		expect(result.reason).toBe(
			"3 different envelopes: submit_result call 1 and submit_result call 2 and submit_result call 3 differ at status",
		);
		expect(result.problems).toHaveLength(2);
	});
});

describe("parseEnvelope: invalid candidates", () => {
	it("rejects a result with no envelope, distinguishing no message from prose", () => {
		expect(invalid(parseEnvelope({ submissions: [], finalText: "  " })).reason).toBe(
			"no envelope: submit_result was never called and there is no final message",
		);
		const prose = invalid(parseEnvelope({ submissions: [], finalText: "It works, trust me." }));
		expect(prose.reason).toBe("no envelope: submit_result was never called and the final message has no envelope");
		expect(prose.problems[0]?.fix).toBe(
			"call submit_result once with deliverable, evidence, unsure, did_not_do, status, or end the final message with one fenced json block holding them",
		);
	});

	it("says which JSON blocks were found when none is an envelope", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: `x\n${block({ result: "done" })}` }));
		expect(result.reason).toBe(
			"no envelope: submit_result was never called and the final message has no envelope; 1 JSON block found, none an envelope",
		);
		expect(result.problems[1]).toMatchObject({
			source: "final message, line 2",
			path: [],
			message: "the fenced block there has none of the envelope fields (it has: result)",
		});
	});

	it("rejects a block that tries to be an envelope but is not JSON, with its line and column in the message", () => {
		const text = 'Result:\n```json\n{\n  "status": "ok"\n  "deliverable": "x"\n}\n```';
		const result = invalid(parseEnvelope({ submissions: [], finalText: text }));
		expect(result.reason).toBe(
			"the fenced json block at line 2 is not valid JSON: expected ',' or '}' after a property value but found a double quote at line 5, column 3 of the message",
		);
	});

	it("rejects a cut-off envelope (unclosed fence)", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: '```json\n{"status": "ok", "deliv' }));
		expect(result.reason).toBe(
			"the fenced json block at line 1 is not valid JSON: unterminated string at line 2, column 18 of the message",
		);
	});

	it("rejects a broken block even when a valid submission exists", () => {
		const result = invalid(parseEnvelope({ submissions: [GOOD], finalText: '```json\n{"status": ok}\n```' }));
		expect(result.reason).toBe(
			"the fenced json block at line 1 is not valid JSON: expected a value but found 'ok' at line 2, column 12 of the message",
		);
	});

	it("ignores a broken untagged block that names no envelope field", () => {
		const text = "```\nstatus: 200 OK\n```";
		expect(valid(parseEnvelope({ submissions: [GOOD], finalText: text })).notes).toEqual([]);
	});

	it("rejects a wrong shape with every problem and its path", () => {
		const result = invalid(
			parseEnvelope({ submissions: [{ ...GOOD, status: "done", extra: 1, unsure: "x" }], finalText: "" }),
		);
		expect(result.reason).toBe("submit_result call 1 is not a valid envelope: 3 problems (unsure, status, extra)");
		expect(result.problems.map(formatPath)).toEqual(["unsure", "status", "extra"]);
	});

	it("rejects evidence whose pointer does not parse", () => {
		const result = invalid(
			parseEnvelope({ submissions: [{ ...GOOD, evidence: [{ claim: "c", pointer: "a.ts:5-2" }] }], finalText: "" }),
		);
		expect(result.reason).toBe("submit_result call 1 is not a valid envelope: 1 problem (evidence[0].pointer)");
		expect(result.problems[0]).toEqual({
			path: ["evidence", 0, "pointer"],
			code: "invalid_value",
			value: "a.ts:5-2",
			message: "has a line range that starts after it ends (5 > 2)",
			fix: "write a.ts:2-5",
		});
	});

	it("rejects a whole message that tries to be an envelope but is not JSON", () => {
		expect(invalid(parseEnvelope({ submissions: [], finalText: '{"status": }' })).reason).toBe(
			"the JSON text is not valid JSON: expected a value but found '}' at line 1, column 12 of the message",
		);
	});

	it("rejects a whole message that is a JSON object but not an envelope, with the shape problems", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: '{"answer": "42"}' }));
		expect(result.reason).toBe(
			"the JSON text is not a valid envelope: 4 problems (deliverable, evidence, status, answer)",
		);
	});
});

const JSON_ERROR =
	'Invalid arguments for tool "submit_result": Expected \',\' or \'}\' after property value in JSON at position 16\n\nReceived arguments:\n{"status": "ok" "deliverable": "x"}';

describe("parseEnvelope: rejected submit_result calls", () => {
	it("says the tool was called and rejected, and why, instead of 'never called'", () => {
		const result = invalid(
			parseEnvelope({ submissions: [], finalText: "I submitted it.", rejected: [{ call: 1, error: JSON_ERROR }] }),
		);
		expect(result.reason).toBe(
			"no envelope: submit_result was called once and rejected (call 1: its arguments were not valid JSON: expected ',' or '}' after a property value but found a double quote at line 1, column 17) and the final message has no envelope",
		);
		expect(result.problems[1]).toEqual({
			source: "submit_result call 1",
			path: [],
			code: "invalid_syntax",
			value: undefined,
			message:
				"was rejected: its arguments were not valid JSON: expected ',' or '}' after a property value but found a double quote at line 1, column 17",
			fix: "send the arguments as one JSON object: double-quoted keys and strings, nothing cut off",
		});
	});

	it("counts every rejected call", () => {
		const rejected = [
			{ call: 1, error: JSON_ERROR },
			{ call: 2, error: submissionErrorText(checkSubmission({ ...GOOD, status: "done" })) },
		];
		const result = invalid(parseEnvelope({ submissions: [], finalText: "", rejected }));
		expect(result.reason).toMatch(
			/^no envelope: submit_result was called 2 times and rejected each time \(call 1: .*; call 2: status: must be one of "ok", "partial", "failed"\) and there is no final message$/,
		);
		expect(result.problems.map(formatPath)).toEqual(["(result)", "submit_result call 1", "submit_result call 2"]);
	});

	it("lists the rejected calls among the problems whatever else made the result invalid", () => {
		const rejected = [{ call: 1, error: JSON_ERROR }];
		const result = invalid(parseEnvelope({ submissions: [], finalText: '```json\n{"status": }\n```', rejected }));
		expect(result.reason).toMatch(/^the fenced json block at line 1 is not valid JSON/);
		expect(result.problems.map(formatPath)).toEqual(["final message, line 2", "submit_result call 1"]);
	});

	it("numbers an accepted call by its place among all calls, and notes the rejected ones", () => {
		const rejected = [{ call: 1, error: JSON_ERROR }];
		const result = valid(parseEnvelope({ submissions: [GOOD], finalText: "", rejected }));
		expect(result.source).toEqual({ kind: "submit_result", call: 2 });
		expect(result.notes).toEqual([
			"submit_result call 1 was rejected: its arguments were not valid JSON: expected ',' or '}' after a property value but found a double quote at line 1, column 17",
		]);
		const bad = invalid(parseEnvelope({ submissions: [{ ...GOOD, status: "done" }], finalText: "", rejected }));
		expect(bad.reason).toBe("submit_result call 2 is not a valid envelope: 1 problem (status)");
	});
});

describe("checkSubmission", () => {
	it("applies the evidence rule the verdict applies: an ok must cite something unless the task says optional", () => {
		const bare = { ...GOOD, evidence: [] };
		expect(checkSubmission(bare).map(formatPath)).toEqual(["evidence"]);
		expect(checkSubmission(bare, "required").map(formatPath)).toEqual(["evidence"]);
		expect(checkSubmission(bare, "optional")).toEqual([]);
		expect(checkSubmission({ ...bare, status: "partial" })).toEqual([]);
	});

	it("reports shape problems alone, before the evidence rule", () => {
		expect(checkSubmission({ ...GOOD, evidence: [], status: "done" }).map(formatPath)).toEqual(["status"]);
	});

	it("finds nothing in a good envelope and the same problems the parser would", () => {
		expect(checkSubmission(GOOD)).toEqual([]);
		const bad = { ...GOOD, evidence: [{ claim: "c", pointer: "x.ts#L3" }], status: "done" };
		const parsed = invalid(parseEnvelope({ submissions: [bad], finalText: "" }));
		expect(checkSubmission(bad)).toEqual(parsed.problems);
	});

	it("writes an error the model can act on", () => {
		expect(submissionErrorText(checkSubmission({ ...GOOD, status: "done" }))).toBe(
			[
				"The result was not accepted (1 problem):",
				'- status: must be one of "ok", "partial", "failed". Fix: "ok" when all is done, "partial" when some is, "failed" when there is no usable result.',
				"Fix them and call submit_result again.",
			].join("\n"),
		);
	});
});

describe("parseEnvelope: odd messages", () => {
	it("reads a message that starts and ends with braces but is prose as prose", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: "{draft} all done {end}" }));
		expect(result.reason).toBe("no envelope: submit_result was never called and the final message has no envelope");
	});

	it("says so when the envelope is nested under a key", () => {
		const result = invalid(parseEnvelope({ submissions: [], finalText: `Result:\n${block({ result: GOOD })}` }));
		expect(result.problems[1]?.message).toBe(
			'the fenced block there holds the envelope nested under "result"; its fields belong at the top level',
		);
	});

	it("shortens the reason when there are many problems, but lists every problem", () => {
		const evidence = Array.from({ length: 9 }, () => ({ claim: "c" }));
		const result = invalid(parseEnvelope({ submissions: [{ ...GOOD, evidence }], finalText: "" }));
		expect(result.reason).toBe(
			"submit_result call 1 is not a valid envelope: 9 problems (evidence[0].pointer, evidence[1].pointer, evidence[2].pointer, evidence[3].pointer, evidence[4].pointer, evidence[5].pointer and 3 more)",
		);
		expect(result.problems).toHaveLength(9);
	});
});

describe("an envelope without unsure and did_not_do", () => {
	const short = { deliverable: "d", evidence: [], status: "partial" };

	it("is read with both lists empty, from a submission or from the final text", () => {
		for (const input of [
			{ submissions: [short], finalText: "" },
			{ submissions: [], finalText: JSON.stringify(short) },
		]) {
			const out = parseEnvelope(input);
			expect(out.ok && out.envelope).toEqual({ ...short, unsure: [], did_not_do: [] });
		}
	});

	it("is the same envelope as one that writes them as []: no conflict", () => {
		const full = { ...short, unsure: [], did_not_do: [] };
		const out = parseEnvelope({ submissions: [short], finalText: JSON.stringify(full) });
		expect(out.ok).toBe(true);
	});
});
