import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { countTokens } from "../../bench/emulator/index.ts";
import {
	completeEnvelope,
	ENVELOPE_FIELDS,
	EnvelopeSchema,
	SUBMIT_RESULT_TOOL_DESCRIPTION,
	SUBMIT_RESULT_TOOL_NAME,
	SubmitParamsSchema,
} from "../../src/envelope/schema.ts";

/** Every schema node that describes a value a model fills in, with its path. */
function nodes(schema: Record<string, unknown>, path = "(root)"): Array<[string, Record<string, unknown>]> {
	const out: Array<[string, Record<string, unknown>]> = [[path, schema]];
	const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
	for (const [key, child] of Object.entries(properties ?? {})) out.push(...nodes(child, `${path}.${key}`));
	const items = schema.items as Record<string, unknown> | undefined;
	if (items) out.push(...nodes(items, `${path}[]`));
	return out;
}

describe("EnvelopeSchema", () => {
	it("describes every field the model fills in, and no item its field already explains", () => {
		const all = nodes(EnvelopeSchema as unknown as Record<string, unknown>);
		// A field is a named property; its items and the root are explained by the field and the tool.
		const fields = all.filter(([path]) => path !== "(root)" && !path.endsWith("[]"));
		const undescribed = fields
			.filter(([, node]) => typeof node.description !== "string" || node.description.length < 10)
			.map(([path]) => path);
		expect(undescribed).toEqual([]);
		expect(fields.map(([path]) => path)).toEqual([
			"(root).deliverable",
			"(root).evidence",
			"(root).evidence[].claim",
			"(root).evidence[].pointer",
			"(root).unsure",
			"(root).did_not_do",
			"(root).status",
		]);
		// Every other description would be paid for by every sibling child on every request.
		const extra = all.filter(([path, node]) => (path === "(root)" || path.endsWith("[]")) && "description" in node);
		expect(extra.map(([path]) => path)).toEqual([]);
	});

	it("takes exactly the five envelope fields, in the documented order, and nothing else; the two lists may be left out", () => {
		expect(Object.keys(EnvelopeSchema.properties)).toEqual([...ENVELOPE_FIELDS]);
		expect([...EnvelopeSchema.required].sort()).toEqual(["deliverable", "evidence", "status"]);
		expect(JSON.parse(JSON.stringify(EnvelopeSchema)).additionalProperties).toBe(false);
	});

	it("reads a list left out as [], in the schema's field order, and leaves a complete envelope as it is", () => {
		const sent = { status: "ok" as const, deliverable: "d", evidence: [] };
		expect(Object.entries(completeEnvelope(sent))).toEqual([
			["deliverable", "d"],
			["evidence", []],
			["unsure", []],
			["did_not_do", []],
			["status", "ok"],
		]);
		const whole = { deliverable: "d", evidence: [], unsure: ["u"], did_not_do: [], status: "ok" as const };
		expect(completeEnvelope(whole)).toBe(whole);
		expect(completeEnvelope({ ...sent, unsure: ["u"] }).unsure).toEqual(["u"]);
	});

	it("offers status as a plain string enum, which every provider's tool schema accepts", () => {
		expect(JSON.parse(JSON.stringify(EnvelopeSchema.properties.status))).toMatchObject({
			type: "string",
			enum: ["ok", "partial", "failed"],
		});
	});

	it("explains the pointer grammar where the model writes a pointer", () => {
		const pointer = JSON.parse(JSON.stringify(EnvelopeSchema)).properties.evidence.items.properties.pointer.description;
		for (const form of ["'path:line'", "'path:start-end'", "'path'", "'cmd: <"]) expect(pointer).toContain(form);
	});

	it("accepts a good envelope", () => {
		expect(
			Value.Check(EnvelopeSchema, { deliverable: "x", evidence: [], unsure: [], did_not_do: [], status: "partial" }),
		).toBe(true);
	});
});

describe("the submit_result tool text", () => {
	it("names the tool and tells the model the call ends its work and must stand alone", () => {
		expect(SUBMIT_RESULT_TOOL_NAME).toBe("submit_result");
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION).toContain("once, as your last action");
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION).toContain("a task not finished with it fails");
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION).toContain("A rejected call names what to fix: fix it and call again.");
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION).toContain("Leave out unsure and did_not_do if none");
	});

	it("stays small: every sibling child pays for it on every request", () => {
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION.length + JSON.stringify(EnvelopeSchema).length).toBeLessThan(1800);
	});

	it("holds nothing that varies between runs, so sibling children share a prompt cache", () => {
		const text = SUBMIT_RESULT_TOOL_DESCRIPTION + JSON.stringify(EnvelopeSchema);
		expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\/tmp\/|[0-9a-f]{16}/);
	});
});

describe("the schema submit_result sends (SubmitParamsSchema)", () => {
	it("has the envelope's fields, required as the envelope's, and accepts every envelope EnvelopeSchema accepts", () => {
		expect(Object.keys(SubmitParamsSchema.properties)).toEqual([...ENVELOPE_FIELDS]);
		expect([...SubmitParamsSchema.required]).toEqual([...EnvelopeSchema.required]);
		expect(JSON.parse(JSON.stringify(SubmitParamsSchema)).additionalProperties).toBe(false);
		const good = { deliverable: "d", evidence: [{ claim: "c", pointer: "a.ts:1" }], status: "ok" };
		for (const value of [good, { ...good, unsure: [], did_not_do: ["x"] }, { ...good, evidence: [] }]) {
			expect(Value.Check(EnvelopeSchema, value)).toBe(true);
			expect(Value.Check(SubmitParamsSchema, value)).toBe(true);
		}
		// What only EnvelopeSchema refuses (a blank text) the tool's own check refuses first (submit-tool.ts).
		expect(Value.Check(EnvelopeSchema, { ...good, deliverable: " " })).toBe(false);
	});

	it("is at most 260 tokens as the provider receives it, description included", () => {
		const sent = JSON.parse(JSON.stringify(SubmitParamsSchema));
		const definition = JSON.stringify({
			name: SUBMIT_RESULT_TOOL_NAME,
			description: SUBMIT_RESULT_TOOL_DESCRIPTION,
			input_schema: {
				type: "object",
				properties: sent.properties,
				required: sent.required,
				additionalProperties: false,
			},
		});
		expect(countTokens(definition)).toBeLessThanOrEqual(260);
	});
});
