import { describe, expect, it } from "vitest";
import { parsePreviewArgs } from "../../src/pi/commands/delegate-preview.ts";

describe("/delegate-preview arguments", () => {
	it("reads every option, in any order, with extra spaces", () => {
		expect(parsePreviewArgs("  --agent reviewer   --mode scoped --strategy portable --tools read,grep ")).toEqual({
			agent: "reviewer",
			mode: "scoped",
			strategy: "portable",
			tools: ["read", "grep"],
		});
		expect(parsePreviewArgs("")).toEqual({});
	});

	it("rejects an unknown option, a bad strategy and an empty tool name", () => {
		expect(() => parsePreviewArgs("--agnet x")).toThrow(/--agnet/);
		expect(() => parsePreviewArgs("--strategy most")).toThrow('--strategy must be one of full, portable, not "most"');
		expect(() => parsePreviewArgs("--tools read,,grep")).toThrow("--tools has an empty name");
		expect(() => parsePreviewArgs("reviewer")).toThrow();
	});
});
