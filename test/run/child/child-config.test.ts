import { describe, expect, it } from "vitest";
import {
	type ChildConfig,
	encodeChildConfig,
	expectedPrompt,
	joinAppended,
	parseChildConfig,
	promptMismatches,
	sha256,
} from "../../../src/run/child/child-config.ts";
import type { ChildPromptInputs } from "../../../src/run/types.ts";

const prompt: ChildPromptInputs = {
	customPrompt: "ROLE",
	appendSystemPrompt: ["A", "B"],
	contextFiles: [
		{ path: "/agent/AGENTS.md", content: "global" },
		{ path: "/p/AGENTS.md", content: "project" },
	],
	skills: [{ name: "s", description: "d", filePath: "/skills/s/SKILL.md", disableModelInvocation: false }],
};

const config: ChildConfig = {
	submit: { roots: ["/p"], cwd: "/p", maxRejections: 2 },
	turns: 4,
	usd: 1,
	prompt: expectedPrompt(prompt),
	firstMessage: sha256("Go."),
	runId: "run-1",
};

/** What Pi reports for exactly `prompt`. */
const faithful = {
	customPrompt: "ROLE",
	appendSystemPrompt: "A\n\nB",
	contextFiles: prompt.contextFiles,
	skills: [{ name: "s", filePath: "/skills/s/SKILL.md" }],
};

describe("the child configuration", () => {
	it("round-trips through its environment variable", () => {
		expect(parseChildConfig(encodeChildConfig(config))).toEqual({ config });
	});

	it("names every defect of a bad configuration", () => {
		expect(parseChildConfig(undefined)).toEqual({ problems: ["PI_DELEGATE_CHILD is not set"] });
		expect(parseChildConfig("{")).toMatchObject({ problems: [expect.stringMatching(/is not JSON/)] });
		const bad = parseChildConfig(JSON.stringify({ ...config, turns: 0, runId: "" }));
		expect("problems" in bad && bad.problems.length).toBeGreaterThanOrEqual(2);
	});

	it("joins appended prompts the way Pi does", () => {
		expect(joinAppended(["A", "", "B"])).toBe("A\n\nB");
		expect(joinAppended([])).toBe("");
	});
});

describe("prompt check", () => {
	it("accepts what Pi loaded when it is the launch's prompt", () => {
		expect(promptMismatches(config, faithful, "Go.")).toEqual([]);
	});

	it("accepts skills in another order", () => {
		const two = expectedPrompt({
			...prompt,
			skills: [...prompt.skills, { ...prompt.skills[0]!, name: "t", filePath: "/skills/t/SKILL.md" }],
		});
		const observed = {
			...faithful,
			skills: [
				{ name: "t", filePath: "/skills/t/SKILL.md" },
				{ name: "s", filePath: "/skills/s/SKILL.md" },
			],
		};
		expect(promptMismatches({ ...config, prompt: two }, observed, "Go.")).toEqual([]);
	});

	it("finds each channel that differs", () => {
		const observed = {
			customPrompt: "contents of a file named ROLE",
			appendSystemPrompt: "A\n\nB\n\nDISCOVERED",
			contextFiles: [prompt.contextFiles[0]!],
			skills: [{ name: "other", filePath: "/skills/other/SKILL.md" }],
		};
		expect(promptMismatches(config, observed, "Go, with more.")).toEqual([
			"the child's first message differs from the launch's",
			"the child's custom system prompt differs from the launch's",
			"the child's appended prompt (APPEND_SYSTEM) differs from the launch's",
			"the child discovered other context files than the launch has: expected /agent/AGENTS.md, /p/AGENTS.md; the child loaded /agent/AGENTS.md",
			"skills the child did not load: s (/skills/s/SKILL.md)",
			"skills the child loaded that the launch does not have: other (/skills/other/SKILL.md)",
		]);
	});

	it("finds a context file whose content changed, and a preamble swapped either way", () => {
		const changed = {
			...faithful,
			contextFiles: [prompt.contextFiles[0]!, { path: "/p/AGENTS.md", content: "edited" }],
		};
		expect(promptMismatches(config, changed, undefined)).toEqual([
			"the context file /p/AGENTS.md changed after the launch read it",
		]);
		expect(promptMismatches(config, { ...faithful, customPrompt: undefined }, undefined)).toEqual([
			"the child runs Pi's own preamble instead of the custom system prompt",
		]);
		const own = { ...config, prompt: expectedPrompt({ ...prompt, customPrompt: undefined }) };
		expect(promptMismatches(own, faithful, undefined)).toEqual([
			"the child loaded a custom system prompt where Pi's own preamble was expected",
		]);
	});

	it("compares paths in the spelling the canonical function gives (a symlinked directory is the same file)", () => {
		const viaLink = {
			...faithful,
			contextFiles: [prompt.contextFiles[0]!, { path: "/link/AGENTS.md", content: "project" }],
		};
		expect(promptMismatches(config, viaLink, undefined)).toHaveLength(1);
		const canonical = (path: string) => path.replace(/^\/link\//, "/p/");
		expect(promptMismatches(config, viaLink, undefined, canonical)).toEqual([]);
	});

	it("treats a missing appended prompt as empty, and an empty launch as expecting nothing", () => {
		const empty = expectedPrompt({ customPrompt: "ROLE", appendSystemPrompt: [], contextFiles: [], skills: [] });
		expect(promptMismatches({ ...config, prompt: empty }, { customPrompt: "ROLE" }, undefined)).toEqual([]);
		expect(
			promptMismatches({ ...config, prompt: empty }, { customPrompt: "ROLE", appendSystemPrompt: "rules" }, undefined),
		).toHaveLength(1);
	});
});
