import { describe, expect, it } from "vitest";
import { parsePreviewArgs } from "../../src/pi/commands/delegate-preview.ts";

describe("/delegate-preview arguments", () => {
	it("reads every option, in any order, with extra spaces", () => {
		expect(parsePreviewArgs("  --agent reviewer   --mode scoped --strategy portable --tools read,grep ")).toEqual({
			agent: "reviewer",
			mode: "scoped",
			strategy: "portable",
			tools: ["read", "grep"],
			extensions: [],
		});
		expect(parsePreviewArgs("")).toEqual({ extensions: [] });
		// It takes the flags `pi-delegate preview` (and so `run`) takes.
		expect(parsePreviewArgs("--model p/m --runner subprocess --extension /e.ts")).toEqual({
			model: "p/m",
			runner: "subprocess",
			extensions: ["/e.ts"],
		});
	});

	it("rejects an unknown option, a bad strategy and an empty tool name", () => {
		expect(() => parsePreviewArgs("--agnet x")).toThrow(/--agnet/);
		expect(() => parsePreviewArgs("--strategy most")).toThrow('--strategy must be full or portable, not "most"');
		expect(() => parsePreviewArgs("--tools read,,grep")).toThrow("--tools has an empty name");
		expect(() => parsePreviewArgs("reviewer")).toThrow();
	});
});
