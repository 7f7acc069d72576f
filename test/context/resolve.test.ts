import { describe, expect, it } from "vitest";
import { type ContextMode, createModeRegistry } from "../../src/context/modes.ts";
import type { ContextFields, ContextPrimitives, PrimitiveName } from "../../src/context/primitives.ts";
import { PRIMITIVE_NAMES } from "../../src/context/primitives.ts";
import {
	formatProvenance,
	LAYERS,
	type LayerName,
	type ResolveContextInput,
	resolveContext,
} from "../../src/context/resolve.ts";
import { formatPath } from "../../src/problems.ts";

const mode = (name: string, primitives: ContextPrimitives): ContextMode => ({
	name,
	primitives,
	description: "",
	source: { kind: "settings", scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" },
});

/** Two opposite settings, so any layer can be made to disagree with the one below it. */
const A: ContextPrimitives = {
	inheritProjectContext: true,
	inheritMainRules: true,
	inheritSkills: true,
	systemPromptMode: "replace",
};
const B: ContextPrimitives = {
	inheritProjectContext: false,
	inheritMainRules: false,
	inheritSkills: false,
	systemPromptMode: "append",
};
const registry = createModeRegistry([mode("mode-a", A), mode("mode-b", B)]);

/** An input in which `layer` says `top` and every layer below it (but the default) says `rest`. */
function stack(layer: LayerName, top: "a" | "b", name: PrimitiveName): ResolveContextInput {
	const values = { a: A, b: B };
	const rest = top === "a" ? "b" : "a";
	const index = LAYERS.indexOf(layer);
	const says = (l: LayerName) => (l === layer ? top : LAYERS.indexOf(l) > index ? rest : undefined);
	const call: ContextFields = {};
	const agent: ContextFields = {};
	const field = (l: LayerName, target: ContextFields) => {
		const which = says(l);
		if (which) Object.assign(target, { [name]: values[which][name] });
	};
	field("call-field", call);
	field("agent-field", agent);
	const modeOf = (l: LayerName) => {
		const which = says(l);
		return which ? `mode-${which}` : undefined;
	};
	const callMode = modeOf("call-mode");
	const agentMode = modeOf("agent-mode");
	if (callMode) call.contextMode = callMode;
	if (agentMode) agent.contextMode = agentMode;
	return { registry, call, agent, runMode: modeOf("run-mode") };
}

describe("resolveContext precedence", () => {
	for (const name of PRIMITIVE_NAMES) {
		for (const layer of LAYERS.filter((l) => l !== "default")) {
			for (const top of ["a", "b"] as const) {
				it(`${name}: ${layer} beats every layer below it (${top})`, () => {
					const resolved = resolveContext(stack(layer, top, name));
					expect(resolved.primitives[name]).toBe((top === "a" ? A : B)[name]);
					expect(resolved.decisions[name].layer).toBe(layer);
					expect(resolved.warnings).toEqual([]);
				});
			}
		}
	}

	it("uses the default mode, focused, when no layer says anything", () => {
		const resolved = resolveContext({ registry });
		expect(resolved.primitives).toEqual({
			inheritProjectContext: true,
			inheritMainRules: false,
			inheritSkills: true,
			systemPromptMode: "append",
		});
		for (const name of PRIMITIVE_NAMES) {
			expect(resolved.decisions[name]).toMatchObject({ layer: "default", reason: 'default mode "focused"' });
		}
	});

	it("lets an explicit primitive override its own layer's mode, per primitive", () => {
		const call = resolveContext({ registry, call: { contextMode: "isolated", inheritSkills: true } });
		expect(call.primitives).toEqual({ ...B, inheritSkills: true, systemPromptMode: "replace" });
		expect(call.decisions.inheritSkills.layer).toBe("call-field");
		expect(call.decisions.inheritProjectContext.layer).toBe("call-mode");

		const agent = resolveContext({ registry, agent: { contextMode: "scoped", systemPromptMode: "append" } });
		expect(agent.primitives.systemPromptMode).toBe("append");
		expect(agent.decisions.systemPromptMode.layer).toBe("agent-field");
		expect(agent.primitives.inheritSkills).toBe(false);
		expect(agent.decisions.inheritSkills.layer).toBe("agent-mode");
	});

	it("takes the other primitives from lower layers when a layer sets only some", () => {
		const resolved = resolveContext({ registry, call: { inheritMainRules: true }, runMode: "isolated" });
		expect(resolved.primitives).toEqual({
			inheritProjectContext: false,
			inheritMainRules: true,
			inheritSkills: false,
			systemPromptMode: "replace",
		});
		expect(resolved.decisions.inheritSkills.reason).toBe('run-level mode "isolated"');
	});

	it("treats inherit as legacy and names the alias in the reason", () => {
		const resolved = resolveContext({ registry, agent: { contextMode: "inherit" } });
		expect(resolved.primitives.inheritMainRules).toBe(true);
		expect(resolved.decisions.inheritMainRules.reason).toBe('agent .md mode "inherit" (alias of "legacy")');
		expect(resolved.warnings).toEqual([]);
	});
});

describe("unknown modes", () => {
	it("fall back to the default at their layer, with a warning that suggests the near name", () => {
		const resolved = resolveContext({ registry, call: { contextMode: "isolatd" }, agent: { contextMode: "legacy" } });
		expect(resolved.primitives).toEqual(createModeRegistry().modes.get("focused")?.primitives);
		expect(resolved.decisions.inheritMainRules).toMatchObject({
			layer: "call-mode",
			reason: 'per-call mode "isolatd" (unknown; default "focused" used)',
		});
		expect(resolved.warnings).toHaveLength(1);
		expect(resolved.warnings[0]).toMatchObject({ path: ["call", "contextMode"], value: "isolatd" });
		expect(resolved.warnings[0]?.message).toContain('did you mean "isolated"?');
		expect(resolved.warnings[0]?.fix).toContain("mode-a");
	});

	it("warn once per layer, naming the agent file and the run", () => {
		const resolved = resolveContext({
			registry,
			agent: { contextMode: "nope", label: ".pi/agents/reviewer.md" },
			runMode: "zzz",
		});
		expect(resolved.warnings.map(formatPath)).toEqual([".pi/agents/reviewer.md: contextMode", "run.mode"]);
		expect(resolved.decisions.inheritSkills.layer).toBe("agent-mode");
	});
});

describe("provenance", () => {
	it("prints each primitive with the layer that decided it", () => {
		const resolved = resolveContext({
			registry,
			call: { inheritMainRules: true },
			agent: { contextMode: "scoped", label: ".pi/agents/reviewer.md" },
		});
		expect(formatProvenance(resolved)).toEqual([
			'inheritProjectContext: true — agent .md mode "scoped"',
			"inheritMainRules: true — per-call field",
			'inheritSkills: false — agent .md mode "scoped"',
			'systemPromptMode: replace — agent .md mode "scoped"',
			"skills: (no allowlist) — no allowlist; inheritSkills decides",
		]);
	});

	it("names the agent file when an agent field decides", () => {
		const resolved = resolveContext({ registry, agent: { inheritSkills: false, label: ".pi/agents/x.md" } });
		expect(resolved.decisions.inheritSkills.reason).toBe("agent .md field (.pi/agents/x.md)");
	});
});

describe("the skills allowlist", () => {
	it("comes from the call before the agent", () => {
		const resolved = resolveContext({ registry, call: { skills: ["a"] }, agent: { skills: ["b"] } });
		expect(resolved.skills).toMatchObject({ value: ["a"], layer: "call-field" });
	});

	it("comes from the agent when the call gives none", () => {
		const resolved = resolveContext({ registry, agent: { skills: ["b"], label: ".pi/agents/x.md" } });
		expect(resolved.skills).toMatchObject({ value: ["b"], layer: "agent-field" });
		expect(formatProvenance(resolved).at(-1)).toBe("skills: [b] — agent .md skills (.pi/agents/x.md)");
	});

	it("treats a call's empty list as a fence that beats the agent's list, not as 'unset'", () => {
		const resolved = resolveContext({ registry, call: { skills: [] }, agent: { skills: ["b"] } });
		expect(resolved.skills.value).toEqual([]);
		expect(resolved.skills.layer).toBe("call-field");
	});

	it("is absent when nobody gives one", () => {
		expect(resolveContext({ registry, call: {} }).skills.value).toBeUndefined();
	});
});

describe("the skills allowlist's origin", () => {
	it("is named for the warnings selectSkills gives", () => {
		expect(formatPath(resolveContext({ registry, call: { skills: ["a"] } }).skills.where!)).toBe("call.skills");
		expect(
			formatPath(resolveContext({ registry, agent: { skills: ["a"], label: ".pi/agents/x.md" } }).skills.where!),
		).toBe(".pi/agents/x.md: skills");
		expect(resolveContext({ registry }).skills.where).toBeUndefined();
	});
});
