import { type ToolCall, validateToolArguments } from "@earendil-works/pi-ai";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { EnvelopeSchema, SUBMIT_RESULT_TOOL_NAME } from "../../src/envelope/schema.ts";
import { shapeProblems } from "../../src/envelope/shape.ts";
import { formatPath } from "../../src/problems.ts";

const GOOD = {
	deliverable: "the answer",
	evidence: [{ claim: "a claim", pointer: "src/a.ts:1" }],
	unsure: ["one doubt"],
	did_not_do: [],
	status: "ok",
};

function paths(value: unknown): string[] {
	return shapeProblems(value).map((p) => `${formatPath(p)}: ${p.message}`);
}

describe("shapeProblems", () => {
	it("accepts a complete envelope, in any key order, and an empty evidence list with status ok", () => {
		expect(shapeProblems(GOOD)).toEqual([]);
		expect(shapeProblems(Object.fromEntries(Object.entries(GOOD).reverse()))).toEqual([]);
		expect(shapeProblems({ ...GOOD, evidence: [] })).toEqual([]);
	});

	it("rejects anything but an object at the root", () => {
		for (const value of [null, [], "text", 3, undefined]) expect(paths(value)).toHaveLength(1);
		expect(paths([GOOD])).toEqual(["(root): must be an object, not a list"]);
	});

	it("reports every missing field at once, in schema order", () => {
		expect(paths({})).toEqual(["deliverable: is missing", "evidence: is missing", "status: is missing"]);
	});

	it("takes an envelope without unsure and did_not_do: a child with nothing to say there need not write them", () => {
		const { unsure: _u, did_not_do: _d, ...short } = GOOD;
		expect(shapeProblems(short)).toEqual([]);
		expect(paths({ ...short, unsure: "x" })).toEqual(["unsure: must be a list of text, not a string"]);
	});

	it("treats a field whose value is undefined as missing", () => {
		expect(paths({ ...GOOD, deliverable: undefined })).toEqual(["deliverable: is missing"]);
	});

	it("rejects a status outside ok | partial | failed, suggesting the lower-case spelling when that is all", () => {
		const done = shapeProblems({ ...GOOD, status: "done" })[0]!;
		expect(done).toMatchObject({
			path: ["status"],
			code: "invalid_value",
			value: "done",
			message: 'must be one of "ok", "partial", "failed"',
		});
		expect(shapeProblems({ ...GOOD, status: "OK" })[0]?.fix).toBe('write "ok"');
	});

	it("rejects blank text in every text field", () => {
		expect(
			paths({ ...GOOD, deliverable: " \n", evidence: [{ claim: "", pointer: "\t" }], unsure: [""], did_not_do: [" "] }),
		).toEqual([
			"deliverable: is empty",
			"evidence[0].claim: is empty",
			"evidence[0].pointer: is empty",
			"unsure[0]: is empty",
			"did_not_do[0]: is empty",
		]);
	});

	it("rejects wrong types with the type found", () => {
		expect(
			paths({ ...GOOD, deliverable: { text: "x" }, evidence: "src/a.ts", unsure: "none", did_not_do: [1, null] }),
		).toEqual([
			"deliverable: must be text, not an object",
			"evidence: must be a list of {claim, pointer}, not a string",
			"unsure: must be a list of text, not a string",
			"did_not_do[0]: must be text, not an integer",
			"did_not_do[1]: must be text, not null",
		]);
		expect(shapeProblems({ ...GOOD, unsure: "none" })[0]?.fix).toBe('write ["none"]');
	});

	it("rejects an evidence entry without a pointer, saying why a pointer is needed", () => {
		expect(shapeProblems({ ...GOOD, evidence: [GOOD.evidence[0], { claim: "x" }] })).toEqual([
			{
				path: ["evidence", 1, "pointer"],
				code: "required",
				value: undefined,
				message: "is missing: a claim without a pointer cannot be checked",
				fix: "add pointer: path:line, path:start-end, path, or cmd: <command>; every claim needs one",
			},
		]);
	});

	it("rejects an evidence entry that is not an object", () => {
		expect(paths({ ...GOOD, evidence: ["src/a.ts:1"] })).toEqual([
			"evidence[0]: must be an object {claim, pointer}, not a string",
		]);
	});

	it("rejects unknown fields, at the top and in evidence, and names the field a misspelling meant", () => {
		const problems = shapeProblems({ ...GOOD, Status: "ok", notes: "x", evidence: [{ ...GOOD.evidence[0], line: 3 }] });
		expect(problems.map((p) => [formatPath(p), p.fix])).toEqual([
			["evidence[0].line", "fold it into the claim, and drop the field"],
			["Status", "rename it to status"],
			["notes", "move what it says into deliverable, unsure or did_not_do, and drop the field"],
		]);
		expect(shapeProblems({ ...GOOD, did_not_do: undefined, didNotDo: [] }).map((p) => p.fix)).toEqual([
			"rename it to did_not_do",
		]);
	});
});

/** Values near the envelope's shape: each one flips one rule. */
function variants(): unknown[] {
	const out: unknown[] = [
		GOOD,
		{ ...GOOD, evidence: [] },
		{ ...GOOD, status: "partial" },
		{ ...GOOD, status: "failed" },
	];
	for (const key of Object.keys(GOOD)) {
		const { [key]: _dropped, ...rest } = GOOD as Record<string, unknown>;
		out.push(rest);
		for (const v of [null, 1, "", " ", "x", [], [""], ["x"], [1], {}, [{}], true]) out.push({ ...GOOD, [key]: v });
	}
	for (const item of [
		{},
		{ claim: "c" },
		{ pointer: "p" },
		{ claim: "c", pointer: "" },
		{ claim: 1, pointer: "p" },
		{ claim: "c", pointer: "p", x: 1 },
		"c",
	]) {
		out.push({ ...GOOD, evidence: [item] });
	}
	out.push({ ...GOOD, extra: 1 }, null, [], "x");
	return out;
}

describe("shapeProblems and EnvelopeSchema agree", () => {
	it.each(variants().map((v) => [JSON.stringify(v), v]))("on %s", (_name, value) => {
		expect(shapeProblems(value).length === 0).toBe(Value.Check(EnvelopeSchema, value));
	});
});

/** What Pi's own tool-argument check (with its coercion) makes of a value: the coerced value, or undefined when rejected. */
function throughPi(value: unknown): unknown {
	const tool = { name: SUBMIT_RESULT_TOOL_NAME, description: "", parameters: EnvelopeSchema };
	const call = { type: "toolCall", id: "call-1", name: SUBMIT_RESULT_TOOL_NAME, arguments: value } as ToolCall;
	try {
		return validateToolArguments(tool, call);
	} catch {
		return undefined;
	}
}

describe("the schema inside Pi's tool-argument check", () => {
	it.each(variants().map((v) => [JSON.stringify(v), v]))(
		"never accepts what the parser then rejects: %s",
		(_name, value) => {
			const accepted = throughPi(value);
			if (accepted !== undefined) expect(shapeProblems(accepted)).toEqual([]);
		},
	);

	it("rejects what the parser rejects when coercion cannot rescue it", () => {
		expect(throughPi({ ...GOOD, deliverable: " " })).toBeUndefined();
		expect(throughPi({ ...GOOD, status: "done" })).toBeUndefined();
		expect(throughPi({ ...GOOD, extra: 1 })).toBeUndefined();
		expect(throughPi({ ...GOOD, evidence: [{ claim: "c" }] })).toBeUndefined();
	});

	it("coerces some raw values the parser would reject, so the runner must hand the parser the coerced arguments", () => {
		expect(shapeProblems({ ...GOOD, unsure: "one doubt" })).not.toEqual([]);
		expect(throughPi({ ...GOOD, unsure: "one doubt" })).toEqual({ ...GOOD, unsure: ["one doubt"] });
	});
});
