import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import {
	ContextFieldsSchema,
	ContextPrimitivesSchema,
	isPrimitiveValue,
	PRIMITIVE_NAMES,
	pickPrimitives,
} from "../../src/context/primitives.ts";

describe("context primitive schemas", () => {
	it("describe every field, so tool parameters explain themselves to the model", () => {
		for (const schema of [ContextFieldsSchema, ContextPrimitivesSchema]) {
			for (const [key, field] of Object.entries(schema.properties)) {
				expect(typeof (field as { description?: unknown }).description, key).toBe("string");
			}
		}
	});

	it("accept valid call fields and refuse wrong types and unknown keys", () => {
		expect(Value.Check(ContextFieldsSchema, {})).toBe(true);
		expect(Value.Check(ContextFieldsSchema, { contextMode: "scoped", inheritMainRules: true, skills: [] })).toBe(true);
		expect(Value.Check(ContextFieldsSchema, { inheritSkills: "yes" })).toBe(false);
		expect(Value.Check(ContextFieldsSchema, { systemPromptMode: "prepend" })).toBe(false);
		expect(Value.Check(ContextFieldsSchema, { inheritSkill: true })).toBe(false);
	});

	it("require all four primitives in a complete setting", () => {
		const full = {
			inheritProjectContext: true,
			inheritMainRules: false,
			inheritSkills: true,
			systemPromptMode: "append",
		};
		expect(Value.Check(ContextPrimitivesSchema, full)).toBe(true);
		for (const name of PRIMITIVE_NAMES) {
			const partial: Record<string, unknown> = { ...full };
			delete partial[name];
			expect(Value.Check(ContextPrimitivesSchema, partial), name).toBe(false);
		}
	});

	it("agree with the hand-written value check the file parsers use", () => {
		const samples = [true, false, "append", "replace", "yes", 1, null, undefined];
		for (const name of PRIMITIVE_NAMES) {
			const field = ContextPrimitivesSchema.properties[name];
			for (const sample of samples) {
				expect(isPrimitiveValue(name, sample), `${name}=${String(sample)}`).toBe(Value.Check(field, sample));
			}
		}
	});
});

describe("pickPrimitives", () => {
	it("keeps only the primitives a layer set, not its mode or skills", () => {
		expect(pickPrimitives({ contextMode: "legacy", inheritSkills: false, skills: ["a"] })).toEqual({
			inheritSkills: false,
		});
		expect(pickPrimitives({})).toEqual({});
	});
});
