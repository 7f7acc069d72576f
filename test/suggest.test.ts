import { describe, expect, it } from "vitest";
import { closest, didYouMean, editDistance } from "../src/suggest.ts";

describe("closest", () => {
	it("measures edits", () => {
		expect(editDistance("kitten", "sitting")).toBe(3);
		expect(editDistance("", "abc")).toBe(3);
		expect(editDistance("same", "same")).toBe(0);
		expect(editDistance("grpe", "grep")).toBe(1);
	});

	it("finds a one-letter typo", () => {
		expect(closest("focsued", ["focused", "isolated", "scoped"])).toBe("focused");
		expect(closest("inheritSkill", ["inheritSkills", "inheritMainRules"])).toBe("inheritSkills");
	});

	it("ignores case and separators", () => {
		expect(closest("context_mode", ["contextMode", "tools"])).toBe("contextMode");
		expect(closest("INHERIT-PROMPT", ["inheritPrompt"])).toBe("inheritPrompt");
	});

	it("offers nothing when no candidate is plausibly meant", () => {
		expect(closest("banana", ["focused", "isolated"])).toBeUndefined();
		expect(closest("ab", ["xy"])).toBeUndefined();
		expect(closest("x", [])).toBeUndefined();
		expect(didYouMean("banana", ["focused"])).toBe("");
		expect(didYouMean("scopd", ["scoped"])).toBe(' (did you mean "scoped"?)');
	});
});
