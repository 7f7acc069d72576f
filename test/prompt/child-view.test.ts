/**
 * The one function, as a pure function: the precedence table layer by layer, every mode's shape,
 * both strategies, the skills allowlist, the legacy escape hatch, and the per-channel report that
 * preview prints. Parents are the committed real Pi 1.6.0 renders (test/fixtures/pi-renders).
 */
import { describe, expect, it } from "vitest";
import { type ContextMode, createModeRegistry } from "../../src/context/modes.ts";
import type { ContextFields, ContextPrimitives } from "../../src/context/primitives.ts";
import type { LayerName } from "../../src/context/resolve.ts";
import type { ParentPrompt } from "../../src/prompt/channels.ts";
import { activeAgentTag, buildChildView, type ChildKind, type ChildViewRequest } from "../../src/prompt/child-view.ts";
import { GENERIC_BASE } from "../../src/prompt/generic-base.ts";
import { CASES } from "../fixtures/pi-renders/cases.ts";
import { loadRender, PI_IDENTITIES } from "./renders.ts";

const render = (name: string) => loadRender("1.6.0", CASES.find((c) => c.name === name)!);
const DEFAULT = render("default");
const CUSTOM = render("custom");
const structured = (r: ReturnType<typeof render>): ParentPrompt => ({ options: r.options, rendered: r.rendered });
const SYSTEM_MD = CUSTOM.options.customPrompt!;

const mode = (name: string, primitives: ContextPrimitives): ContextMode => ({
	name,
	primitives,
	description: "",
	source: { kind: "settings", scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" },
});
const ALL_IN = mode("all-in", {
	inheritProjectContext: true,
	inheritMainRules: true,
	inheritSkills: true,
	systemPromptMode: "append",
});
const ALL_OUT = mode("all-out", {
	inheritProjectContext: false,
	inheritMainRules: false,
	inheritSkills: false,
	systemPromptMode: "replace",
});
const REGISTRY = createModeRegistry([ALL_IN, ALL_OUT]);

const KIND: ChildKind = { name: "reviewer", role: "Review the change.\n", source: ".pi/agents/reviewer.md" };
const OWN = `${activeAgentTag("reviewer")}\n\nReview the change.`;

function view(overrides: Partial<ChildViewRequest> = {}) {
	return buildChildView({
		kind: KIND,
		registry: REGISTRY,
		parent: structured(CUSTOM),
		tools: ["read", "grep", "submit_result"],
		firstMessage: "Review commit abc123.",
		...overrides,
	});
}

describe("precedence, layer by layer, through buildChildView", () => {
	const LAYERS: LayerName[] = ["call-field", "call-mode", "agent-field", "agent-mode", "run-mode", "default"];
	type Primitive = keyof ContextPrimitives;
	const on = (p: Primitive): boolean | "append" => (p === "systemPromptMode" ? "append" : true);
	const off = (p: Primitive): boolean | "replace" => (p === "systemPromptMode" ? "replace" : false);
	/** What each value of a primitive does to the child's prompt, seen from outside. */
	const observed = (p: Primitive, v: ReturnType<typeof view>): boolean => {
		switch (p) {
			case "inheritProjectContext":
				return v.prompt.contextFiles.length > 0;
			case "inheritMainRules":
				return v.prompt.appendSystemPrompt.length > 0;
			case "inheritSkills":
				return v.prompt.skills.length > 0;
			default:
				return v.prompt.customPrompt !== OWN;
		}
	};
	const channelOf = { inheritProjectContext: 2, inheritMainRules: 1, inheritSkills: 3, systemPromptMode: 0 } as const;

	for (const primitive of ["inheritProjectContext", "inheritMainRules", "inheritSkills", "systemPromptMode"] as const) {
		for (const [index, layer] of LAYERS.entries()) {
			// The deciding layer says "on" unless the default's own value is "on"; every lower layer says the opposite.
			const defaultIsOn = primitive !== "inheritMainRules";
			const wantOn = layer === "default" ? defaultIsOn : index % 2 === 0;
			it(`${primitive} decided at ${layer}`, () => {
				const call: ContextFields = {};
				const agent: ContextFields = {};
				let runMode: string | undefined;
				for (const lower of LAYERS.slice(index)) {
					const isOn = lower === layer ? wantOn : !wantOn;
					const value = isOn ? on(primitive) : off(primitive);
					const modeName = isOn ? "all-in" : "all-out";
					if (lower === "call-field") Object.assign(call, { [primitive]: value });
					if (lower === "call-mode") call.contextMode = modeName;
					if (lower === "agent-field") Object.assign(agent, { [primitive]: value });
					if (lower === "agent-mode") agent.contextMode = modeName;
					if (lower === "run-mode") runMode = modeName;
				}
				const v = view({ kind: { ...KIND, context: agent }, call, ...(runMode !== undefined && { runMode }) });
				expect(v.context.decisions[primitive].layer).toBe(layer);
				expect(observed(primitive, v)).toBe(wantOn);
				expect(v.channels[channelOf[primitive]]?.decidedBy.layer).toBe(layer);
				expect(v.warnings).toEqual([]);
			});
		}
	}

	it("an unknown mode falls back to the default, with a warning naming where it was given", () => {
		const v = view({ runMode: "isolted" });
		expect(v.context.primitives).toEqual(createModeRegistry().modes.get("focused")?.primitives);
		expect(v.warnings).toHaveLength(1);
		expect(v.warnings[0]).toMatchObject({ path: ["run", "mode"], value: "isolted" });
		expect(v.warnings[0]?.message).toContain('did you mean "isolated"');
	});
});

describe("the shape of the child's prompt in each mode", () => {
	it("focused on a SYSTEM.md parent: the operator's words byte for byte, then the tag and role", () => {
		const v = view();
		expect(v.base).toBe("operator");
		expect(v.prompt.customPrompt).toBe(`${SYSTEM_MD}\n\n${OWN}`);
		expect(v.prompt.appendSystemPrompt).toEqual([]);
		expect(v.prompt.contextFiles).toEqual(CUSTOM.options.contextFiles);
		expect(v.firstMessage).toBe("Review commit abc123.");
		expect(v.role.placement).toBe("system prompt");
	});

	it("focused on a Pi's-own parent: the generic base, never Pi's identity, tool list or docs", () => {
		const v = view({ parent: structured(DEFAULT) });
		expect(v.base).toBe("generic");
		expect(v.prompt.customPrompt).toBe(`${GENERIC_BASE}\n\n${OWN}`);
		for (const identity of PI_IDENTITIES) expect(v.prompt.customPrompt).not.toContain(identity);
		expect(v.channels[0]?.omitted.map((o) => o.part)).toEqual(["identity", "tools", "rules", "docs"]);
	});

	for (const name of ["isolated", "scoped"]) {
		it(`${name}: the tag and role are the whole base`, () => {
			const v = view({ runMode: name });
			expect(v.base).toBe("role");
			expect(v.prompt.customPrompt).toBe(OWN);
			expect(v.prompt.skills).toEqual([]);
			expect(v.prompt.contextFiles.length > 0).toBe(name === "scoped");
			expect(v.channels[0]?.why).toContain(
				`the operator's custom prompt (${new TextEncoder().encode(SYSTEM_MD).length} bytes) is left out`,
			);
		});
	}

	it("legacy: the parent's channels as Pi loads them; the role leads the first message", () => {
		const custom = view({ runMode: "legacy" });
		expect(custom.legacy).toBe(true);
		expect(custom.base).toBe("operator");
		expect(custom.prompt).toEqual({
			customPrompt: SYSTEM_MD,
			appendSystemPrompt: [CUSTOM.options.appendSystemPrompt],
			contextFiles: CUSTOM.options.contextFiles,
			skills: custom.inherited.channels.skills?.skills,
		});
		expect(custom.firstMessage).toBe(`${OWN}\n\nReview commit abc123.`);
		expect(custom.role.placement).toBe("first message");
		const pi = view({ runMode: "legacy", parent: structured(DEFAULT) });
		expect(pi.base).toBe("pi");
		expect(pi.prompt.customPrompt).toBeUndefined();
		expect(pi.channels[0]?.size).toBeUndefined();
	});

	it("the inherit alias is legacy", () => {
		expect(view({ call: { contextMode: "inherit" } }).legacy).toBe(true);
	});

	it("a project mode with legacy's primitives is not legacy: only the legacy mode passes Pi's text through", () => {
		const v = view({ runMode: "all-in", parent: structured(DEFAULT) });
		expect(v.legacy).toBe(false);
		expect(v.base).toBe("generic");
		expect(v.prompt.appendSystemPrompt).toEqual([DEFAULT.options.appendSystemPrompt]);
	});

	it("legacy with a field overridden keeps legacy's shape and applies the field", () => {
		const v = view({ call: { contextMode: "legacy", inheritMainRules: false }, parent: structured(DEFAULT) });
		expect(v.base).toBe("pi");
		expect(v.prompt.appendSystemPrompt).toEqual([]);
		expect(v.channels[1]?.decidedBy.layer).toBe("call-field");
	});

	it("a replace field over legacy leaves legacy: the field decided the base", () => {
		const v = view({ call: { contextMode: "legacy", systemPromptMode: "replace" } });
		expect(v.legacy).toBe(false);
		expect(v.prompt.customPrompt).toBe(OWN);
		expect(v.prompt.appendSystemPrompt).toEqual([CUSTOM.options.appendSystemPrompt]);
	});

	it("works from the rendered prompt alone (no structured inputs), in every mode", () => {
		for (const runMode of ["focused", "isolated", "scoped", "legacy"]) {
			const fromText = view({ runMode, parent: { rendered: CUSTOM.rendered } });
			const fromInputs = view({ runMode });
			expect(fromText.prompt.customPrompt).toBe(fromInputs.prompt.customPrompt);
			expect(fromText.prompt.appendSystemPrompt).toEqual(fromInputs.prompt.appendSystemPrompt);
			expect(fromText.prompt.contextFiles).toEqual(fromInputs.prompt.contextFiles);
			expect(fromText.prompt.skills.map((s) => s.name)).toEqual(
				fromInputs.prompt.skills.filter((s) => !s.disableModelInvocation).map((s) => s.name),
			);
		}
	});
});

describe("strategies", () => {
	it("portable keeps the operator's written prompt and drops project context and skills", () => {
		const v = view({ call: { strategy: "portable", contextMode: "all-in" } });
		expect(v.prompt.customPrompt).toBe(`${SYSTEM_MD}\n\n${OWN}`);
		expect(v.prompt.appendSystemPrompt).toEqual([CUSTOM.options.appendSystemPrompt]);
		expect(v.prompt.contextFiles).toEqual([]);
		expect(v.prompt.skills).toEqual([]);
		expect(v.channels[2]).toMatchObject({ state: "out" });
		expect(v.channels[2]?.why).toContain("portable strategy");
		expect(v.channels[2]?.omitted.map((o) => o.part)).toEqual(["projectContext"]);
	});

	it("portable with an allowlist neither picks skills nor warns: there is no skills channel to pick from", () => {
		const v = view({ call: { strategy: "portable", skills: ["release-notes"] } });
		expect(v.prompt.skills).toEqual([]);
		expect(v.warnings).toEqual([]);
	});

	it("the call's strategy beats the agent's, which beats the default", () => {
		expect(view().strategy).toEqual({ value: "full", reason: "default", applies: true });
		const agent = view({ kind: { ...KIND, inheritPrompt: "portable" } });
		expect(agent.strategy).toMatchObject({
			value: "portable",
			reason: "agent .md inheritPrompt (.pi/agents/reviewer.md)",
		});
		const call = view({ kind: { ...KIND, inheritPrompt: "portable" }, call: { strategy: "full" } });
		expect(call.strategy).toMatchObject({ value: "full", reason: "per-call strategy" });
	});

	it("legacy ignores the strategy and says so", () => {
		const v = view({ call: { contextMode: "legacy", strategy: "portable" } });
		expect(v.strategy.applies).toBe(false);
		expect(v.prompt.contextFiles).toEqual(CUSTOM.options.contextFiles);
		expect(v.notes.join("\n")).toContain("portable strategy does not apply under legacy");
	});
});

describe("the skills allowlist", () => {
	const names = (v: ReturnType<typeof view>) => v.prompt.skills.map((s) => s.name);

	it("loads only the named skills, in Pi's order, whatever inheritSkills says", () => {
		const v = view({ call: { inheritSkills: false, skills: ["release-notes"] } });
		expect(names(v)).toEqual(["release-notes"]);
		expect(v.channels[3]).toMatchObject({ state: "filtered", decidedBy: { primitive: "skills", layer: "call-field" } });
		const both = view({ call: { skills: ["release-notes", "internal-audit"] } });
		expect(names(both)).toEqual(CUSTOM.options.skills?.map((s) => s.name));
	});

	it("[] is a fence: no skills at all", () => {
		const v = view({ kind: { ...KIND, context: { skills: [] } } });
		expect(names(v)).toEqual([]);
		expect(v.channels[3]?.why).toContain("[] is a fence");
	});

	it("an unknown name warns and is skipped, never fails", () => {
		const v = view({ call: { skills: ["release-note"] } });
		expect(names(v)).toEqual([]);
		expect(v.warnings).toHaveLength(1);
		expect(v.warnings[0]?.message).toContain('did you mean "release-notes"');
	});
});

describe("the per-channel report", () => {
	it("sizes each channel's content and names its items", () => {
		const v = view({ runMode: "all-in" });
		const [base, rules, context, skills] = v.channels;
		const bytes = (s: string) => new TextEncoder().encode(s).length;
		expect(base).toMatchObject({ state: "kept", size: { bytes: bytes(SYSTEM_MD) } });
		expect(rules).toMatchObject({ state: "in", size: { bytes: bytes(CUSTOM.options.appendSystemPrompt!) } });
		expect(context?.items).toEqual(CUSTOM.options.contextFiles?.map((f) => f.path));
		expect(skills?.items).toEqual(["internal-audit (hidden from the model)", "release-notes"]);
		const visible = CUSTOM.options.skills!.find((s) => s.name === "release-notes")!;
		expect(skills?.size?.bytes).toBe(bytes(visible.name + visible.description + visible.filePath));
		expect(v.role.size).toEqual({ bytes: bytes(OWN), tokens: Math.ceil(OWN.length / 4) });
	});

	it("says when the main rules are kept out and how big they are", () => {
		const rules = view().channels[1];
		expect(rules).toMatchObject({ state: "out", size: { bytes: 0 } });
		expect(rules?.why).toMatch(
			/^inheritMainRules false \(default mode "focused"\): the main agent's own rules \(\d+ bytes\) stay with it\.$/,
		);
	});

	it("notes that a child without read or bash is shown no skills", () => {
		const v = view({ tools: ["grep"] });
		expect(v.channels[3]?.state).toBe("in");
		expect(v.channels[3]?.size?.bytes).toBe(0);
		expect(v.channels[3]?.why).toContain("has neither");
	});

	it("lists the parent's working directory as not inherited", () => {
		expect(view().notInherited.map((o) => o.part)).toEqual(["cwd"]);
	});
});

describe("nothing per-run in the system prompt", () => {
	it("two first messages, one prompt", () => {
		for (const runMode of ["focused", "isolated", "scoped", "legacy", "all-in"]) {
			const a = view({ runMode, firstMessage: "run 1 at 2026-10-22T10:00:00Z in /tmp/run-1" });
			const b = view({ runMode, firstMessage: "run 2" });
			expect(a.prompt).toEqual(b.prompt);
			expect(a.tools).toEqual(b.tools);
			expect(JSON.stringify(a.prompt)).not.toContain("run-1");
		}
	});

	it("escapes the agent's name in its tag", () => {
		expect(activeAgentTag('a"b<c>&')).toBe('<active_agent name="a&#34;b&#60;c&#62;&#38;"/>');
	});
});

describe("legacy with one field overridden (docs/preview.md: only replace leaves legacy's shape)", () => {
	const legacy = (fields: ContextFields) =>
		view({ call: { contextMode: "legacy", ...fields }, parent: structured(DEFAULT) });

	it("an explicit append is legacy's own value: the shape stays, Pi's own base and the role in the first message", () => {
		for (const v of [
			legacy({ systemPromptMode: "append" }),
			view({
				kind: { ...KIND, context: { contextMode: "legacy", systemPromptMode: "append" } },
				parent: structured(DEFAULT),
			}),
		]) {
			expect(v.legacy).toBe(true);
			expect(v.base).toBe("pi");
			expect(v.role.placement).toBe("first message");
			expect(v.prompt.customPrompt).toBeUndefined();
		}
	});

	it("each channel primitive keeps the shape and applies its field", () => {
		const cases: Array<[ContextFields, (v: ReturnType<typeof view>) => void]> = [
			[{ inheritProjectContext: false }, (v) => expect(v.prompt.contextFiles).toEqual([])],
			[{ inheritMainRules: false }, (v) => expect(v.prompt.appendSystemPrompt).toEqual([])],
			[{ inheritSkills: false }, (v) => expect(v.prompt.skills).toEqual([])],
			[{ skills: [] }, (v) => expect(v.prompt.skills).toEqual([])],
		];
		for (const [fields, check] of cases) {
			const v = legacy(fields);
			expect(v.legacy, JSON.stringify(fields)).toBe(true);
			expect(v.base).toBe("pi");
			check(v);
		}
		expect(legacy({}).prompt.contextFiles.length).toBeGreaterThan(0);
	});

	it("replace, from any higher layer, leaves legacy: the role becomes the base", () => {
		for (const v of [
			legacy({ systemPromptMode: "replace" }),
			view({
				runMode: "legacy",
				kind: { ...KIND, context: { systemPromptMode: "replace" } },
				parent: structured(DEFAULT),
			}),
		]) {
			expect(v.legacy).toBe(false);
			expect(v.base).toBe("role");
			expect(v.prompt.customPrompt).toBe(OWN);
		}
	});
});

describe("a custom prompt of blank lines is nothing to adopt (ADR 0011)", () => {
	const blank = (rendered: boolean): ParentPrompt => {
		const options = { ...CUSTOM.options, customPrompt: "\n  \n\t\n", appendSystemPrompt: "  \n" };
		return rendered ? { options, rendered: CUSTOM.rendered } : { options };
	};

	it("under full and portable the child gets the generic base, and preview's notes say why", () => {
		for (const strategy of ["full", "portable"] as const) {
			const v = view({ call: { strategy }, parent: blank(false) });
			expect(v.base).toBe("generic");
			expect(v.prompt.customPrompt?.startsWith(GENERIC_BASE)).toBe(true);
			expect(v.prompt.appendSystemPrompt).toEqual([]);
			expect(v.notes.join("\n")).toMatch(/SYSTEM\.md\) holds only white space/);
			expect(v.notes.join("\n")).toMatch(/APPEND_SYSTEM\.md\) holds only white space/);
		}
	});

	it("legacy still passes the parent's prompt through as Pi loaded it, blank lines and all", () => {
		const v = view({ runMode: "legacy", parent: blank(false) });
		expect(v.prompt.customPrompt).toBe("\n  \n\t\n");
		expect(v.base).toBe("operator");
	});
});
