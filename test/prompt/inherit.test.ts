import type { NormalizedBuildSystemPromptOptions } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { PromptInputs } from "../../src/prompt/channels.ts";
import { inheritPrompt } from "../../src/prompt/inherit.ts";
import { CASES } from "../fixtures/pi-renders/cases.ts";
import { type BuildSystemPromptOptions, renderWithPi } from "./pi-renderer.ts";
import { loadRender } from "./renders.ts";

const PI_INPUTS = loadRender("1.6.0", CASES.find((c) => c.name === "default-bare")!)
	.options as BuildSystemPromptOptions;
const SKILL = {
	name: "notes",
	description: "Writes notes.",
	filePath: "/s/notes/SKILL.md",
	baseDir: "/s/notes",
	disableModelInvocation: false,
	sourceInfo: { path: "/s/notes/SKILL.md", source: "auto", scope: "user" as const, origin: "top-level" as const },
};
const INPUTS: BuildSystemPromptOptions = {
	appendSystemPrompt: "Main rules.\n",
	contextFiles: [{ path: "/p/AGENTS.md", content: "Cents.\n" }],
	skills: [SKILL],
	selectedTools: ["read", "bash"],
	sections: { notes: "An extension's note." },
	cwd: "C:\\work\\p",
};

// Pi's own option types, as `before_agent_start` and `getSystemPromptOptions()` hand them over, are accepted as they are.
const _fromEvent: PromptInputs = {} as NormalizedBuildSystemPromptOptions;
const _fromContext: PromptInputs = {} as BuildSystemPromptOptions;
void _fromEvent;
void _fromContext;

function deepFreeze<T>(value: T): T {
	if (value && typeof value === "object") {
		for (const inner of Object.values(value)) deepFreeze(inner);
		Object.freeze(value);
	}
	return value;
}

describe("inheritPrompt from Pi's structured inputs", () => {
	it("adopts the custom prompt byte for byte, whitespace and all", () => {
		const customPrompt = "  Reviewer.\r\n\n\t<tools>\n- ours\n</tools>\n\n<rules>\n- ours\n</rules>\n\n\u00e9\n";
		const result = inheritPrompt({ options: { ...INPUTS, customPrompt } });
		expect(result.channels.base).toEqual({ provenance: "structured", text: customPrompt });
		expect(result.omitted.map((o) => o.part)).not.toContain("identity");
	});

	it("treats an empty custom prompt as none, as Pi does, and records Pi's own text as left out", () => {
		const result = inheritPrompt({ options: { ...INPUTS, customPrompt: "" } });
		expect(result.channels.base).toBeUndefined();
		expect(result.omitted.filter((o) => ["identity", "tools", "rules", "docs"].includes(o.part))).toHaveLength(4);
		expect(result.omitted.find((o) => o.part === "tools")?.detail).toBe("the parent's tools: read, bash");
		expect(inheritPrompt({ options: { selectedTools: [] } }).omitted[1]?.detail).toBe("the parent's tools: (none)");
		expect(inheritPrompt({ options: {} }).omitted[1]?.detail).toBe("the parent's tools: read, bash, edit, write");
	});

	it("keeps the appended prompt, context files and skills as separate channels, exactly", () => {
		const result = inheritPrompt({ options: INPUTS });
		expect(result.provenance).toBe("structured");
		expect(result.channels).toEqual({
			mainRules: { provenance: "structured", text: "Main rules.\n" },
			projectContext: { provenance: "structured", files: [{ path: "/p/AGENTS.md", content: "Cents.\n" }] },
			skills: { provenance: "structured", skills: [SKILL] },
		});
	});

	it("leaves out the working directory and extension sections, saying which and why", () => {
		const result = inheritPrompt({ options: INPUTS });
		expect(result.omitted.find((o) => o.part === "cwd")?.text).toBe("C:/work/p");
		expect(result.omitted.find((o) => o.part === "extensionSection")).toMatchObject({
			name: "notes",
			text: "An extension's note.",
		});
		for (const omission of result.omitted) expect(omission.reason.length).toBeGreaterThan(20);
	});

	it("has no channel for what the parent does not have", () => {
		const result = inheritPrompt({ options: { appendSystemPrompt: "", contextFiles: [], skills: [] } });
		expect(result.channels).toEqual({});
	});

	it("never mutates the parent's inputs and shares no object with them (legacy still gets them unchanged)", () => {
		const options = deepFreeze(structuredClone(INPUTS));
		const snapshot = structuredClone(options);
		const result = inheritPrompt({ options, rendered: renderWithPi({ ...PI_INPUTS, ...options, cwd: "/p" }) });
		expect(options).toEqual(snapshot);
		result.channels.projectContext!.files[0]!.content = "changed";
		result.channels.skills!.skills[0]!.name = "changed";
		(result.channels.skills!.skills[0]!.sourceInfo as Record<string, unknown>).path = "changed";
		expect(options).toEqual(snapshot);
	});
});

describe("inheritPrompt with both readings", () => {
	it("fills in the exact text of Pi's own parts from the rendered prompt", () => {
		const rendered = renderWithPi({ ...PI_INPUTS, ...INPUTS, cwd: "/p" });
		const result = inheritPrompt({ options: INPUTS, rendered });
		const identity = result.omitted.find((o) => o.part === "identity");
		expect(identity?.text).toBe(
			"You are a coding assistant running inside pi, a coding agent harness. Help users inspect files, run commands, and modify code.",
		);
		expect(result.omitted.find((o) => o.part === "docs")?.text).toMatch(/^<docs>\nPi documentation/);
		expect(result.mismatches).toEqual([]);
	});

	it("trusts the structured inputs where text alone is ambiguous, and flags the disagreement", () => {
		// Untagged prose, then an exact copy of Pi's pair with no newline at the end of the file:
		// text alone reads it as Pi's own surface; the inputs say it is the operator's prompt.
		const customPrompt =
			"Release manager.\n\n<tools>\n- changelog: ours\n</tools>\n\n<rules>\n- Tag from main.\n</rules>";
		const options = { ...PI_INPUTS, customPrompt, appendSystemPrompt: "Main rules." };
		const rendered = renderWithPi(options);
		expect(inheritPrompt({ rendered }).channels.base).toBeUndefined();
		const result = inheritPrompt({ options, rendered });
		expect(result.channels.base?.text).toBe(customPrompt);
		expect(result.mismatches).toEqual(["base"]);
		expect(result.notes.join("\n")).toMatch(/disagree on base; the structured inputs were used/);
	});

	it("flags a rendered prompt that something outside Pi's inputs changed", () => {
		const rendered = renderWithPi({ ...PI_INPUTS, ...INPUTS, cwd: "/p" }).replace("Main rules.", "Rewritten rules.");
		expect(inheritPrompt({ options: INPUTS, rendered }).mismatches).toEqual(["mainRules"]);
	});
});

describe("inheritPrompt from rendered text", () => {
	it("narrows when only the text is known, marking every channel as narrowed", () => {
		const rendered = renderWithPi({ ...PI_INPUTS, ...INPUTS, cwd: "/p" });
		const result = inheritPrompt({ rendered });
		expect(result.provenance).toBe("narrowed");
		expect(result.mismatches).toBeUndefined();
		expect(Object.values(result.channels).map((c) => c.provenance)).toEqual(["narrowed", "narrowed", "narrowed"]);
		expect(result.channels.skills?.skills).toEqual([
			{ name: "notes", description: "Writes notes.", filePath: "/s/notes/SKILL.md", disableModelInvocation: false },
		]);
		expect(result.omitted.map((o) => o.part)).toEqual([
			"identity",
			"tools",
			"rules",
			"docs",
			"cwd",
			"extensionSection",
		]);
	});

	it("reads the replacement text when an extension forced the whole prompt", () => {
		const forced = "An extension's whole prompt.";
		const result = inheritPrompt({ options: { ...INPUTS, customPrompt: "ignored", forceSystemPrompt: forced } });
		expect(result.provenance).toBe("narrowed");
		expect(result.channels).toEqual({ base: { provenance: "narrowed", text: forced } });
		expect(result.notes.join("\n")).toMatch(/replaced the parent's whole prompt/);
	});

	it("keeps a prompt outside Pi's tagged layout whole, as the operator's, and says so", () => {
		const legacy = "You are an expert coding assistant.\n\nAvailable tools:\n- read\n\nCurrent working directory: /p";
		const result = inheritPrompt({ rendered: legacy });
		expect(result.channels).toEqual({ base: { provenance: "narrowed", text: legacy } });
		expect(result.notes.join("\n")).toMatch(/not in Pi's tagged layout/);
	});

	it("keeps nothing when the prompt is only Pi's own text", () => {
		const rendered = renderWithPi({ ...PI_INPUTS, cwd: "/p" }).replace(/\n\n<cwd>\n\/p\n<\/cwd>$/, "");
		const result = inheritPrompt({ rendered });
		expect(result.channels).toEqual({});
		expect(result.notes).toEqual([]);
	});
});

describe("the portable strategy", () => {
	it("keeps only the custom and appended prompts, and says why the rest stayed behind", () => {
		const options = { ...INPUTS, customPrompt: "Reviewer." };
		const result = inheritPrompt({ options }, "portable");
		expect(result.strategy).toBe("portable");
		expect(Object.keys(result.channels)).toEqual(["base", "mainRules"]);
		const left = result.omitted.filter((o) => o.part === "projectContext" || o.part === "skills");
		expect(left.map((o) => o.part)).toEqual(["projectContext", "skills"]);
		for (const o of left) expect(o.reason).toMatch(/^portable strategy: /);
	});

	it("records nothing as left behind that the parent did not have", () => {
		const result = inheritPrompt({ options: { customPrompt: "Reviewer." } }, "portable");
		expect(result.omitted.some((o) => o.part === "projectContext" || o.part === "skills")).toBe(false);
	});

	it("is the default strategy's opposite only in those two channels", () => {
		const full = inheritPrompt({ options: { ...INPUTS, customPrompt: "Reviewer." } });
		const portable = inheritPrompt({ options: { ...INPUTS, customPrompt: "Reviewer." } }, "portable");
		expect(full.strategy).toBe("full");
		expect(portable.channels.base).toEqual(full.channels.base);
		expect(portable.channels.mainRules).toEqual(full.channels.mainRules);
		expect(full.channels.projectContext).toBeDefined();
	});
});
