import { describe, expect, it } from "vitest";
import { isMetadataKey } from "../../src/agents/keys.ts";
import { namesTool } from "../../src/agents/tools.ts";

describe("namesTool: whether an unknown key's value could be a tool list", () => {
	it.each([
		["Bash"],
		["Bash, Write"],
		[["Bash(rm:*)"]],
		["Read Edit"],
		["Bash(git add:*, git commit:*)"],
		[{ Bash: "deny" }],
		[["mcp__github__create_issue"]],
	])("%j names a tool", (value) => {
		expect(namesTool(value)).toBe(true);
	});

	it.each([["find the task in the list"], ["rm -rf"], ["expert"], [["python", "task-automation"]], [3], [null]])(
		"%j does not",
		(value) => {
			expect(namesTool(value)).toBe(false);
		},
	);
});

describe("isMetadataKey", () => {
	it("takes a key for metadata only when neither its name nor its value could restrict, and no known key is near", () => {
		expect(isMetadataKey("expertise_level", "senior", namesTool)).toBe(true);
		expect(isMetadataKey("when_to_use", "find the bugs a task left", namesTool)).toBe(true);
		expect(isMetadataKey("blocked_commands", "rm -rf", namesTool)).toBe(false);
		expect(isMetadataKey("readonly", true, namesTool)).toBe(false);
		expect(isMetadataKey("never", ["Bash", "Write"], namesTool)).toBe(false);
		// Near a known key: a misspelling, refused with the key it meant.
		expect(isMetadataKey("modle", "sonnet", namesTool)).toBe(false);
		// Known keys are not metadata of this kind at all.
		expect(isMetadataKey("color", "blue", namesTool)).toBe(false);
	});
});
