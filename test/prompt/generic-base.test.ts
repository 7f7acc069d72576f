import { describe, expect, it } from "vitest";
import { childBase, GENERIC_BASE } from "../../src/prompt/generic-base.ts";
import { inheritPrompt } from "../../src/prompt/inherit.ts";

describe("the generic base", () => {
	it("is one or two sentences", () => {
		const sentences = GENERIC_BASE.split(/(?<=[.!?])\s+/).filter(Boolean);
		expect(sentences.length).toBeGreaterThanOrEqual(1);
		expect(sentences.length).toBeLessThanOrEqual(2);
	});

	it("asserts nothing about a child's tools, domain or role", () => {
		const claims =
			/\b(tools?|shell|bash|files?|code|coding|edit|read|write|commands?|repositor(y|ies)|assistant|expert|pi|harness|agent|user|project|engineer|developer)\b/i;
		expect(GENERIC_BASE).not.toMatch(claims);
	});

	it("is static text, so sibling children send identical prompts", () => {
		expect(GENERIC_BASE).not.toMatch(/\d|\$\{|<|>/);
	});
});

describe("childBase", () => {
	it("stands the child on the operator's custom prompt, byte for byte, when the parent has one", () => {
		const customPrompt = "Reviewer.\n\n<tools>\n- ours\n</tools>\n";
		expect(childBase(inheritPrompt({ options: { customPrompt } }))).toEqual({ text: customPrompt, source: "operator" });
	});

	it("uses the generic base when the parent runs Pi's own prompt, never the parent's prompt", () => {
		const base = childBase(inheritPrompt({ options: { appendSystemPrompt: "Main rules." } }));
		expect(base).toEqual({ text: GENERIC_BASE, source: "generic" });
	});
});
