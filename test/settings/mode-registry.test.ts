import { describe, expect, it } from "vitest";
import { lookupMode } from "../../src/context/modes.ts";
import { formatPath } from "../../src/problems.ts";
import { mergeSettings } from "../../src/settings/merge.ts";
import {
	modeRegistryFromSettings,
	modeRegistryFromValidated,
	modesFromSettings,
	parseContextModes,
} from "../../src/settings/mode-registry.ts";
import {
	type DelegateSettings,
	parseSettingsText,
	type SettingsFileRef,
	type SettingsSection,
	validateSettingsText,
} from "../../src/settings/section.ts";

const GLOBAL: SettingsFileRef = {
	scope: "global",
	file: "/home/u/.pi/agent/settings.json",
	label: "~/.pi/agent/settings.json",
};
const PROJECT: SettingsFileRef = { scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" };

const LEAN = { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" };

/** Settings from file texts (read and validated) or from objects (sections built in code), global first. */
function settings(files: { global?: unknown; project?: unknown }): DelegateSettings {
	const sections: SettingsSection[] = [];
	const problems = [];
	for (const [ref, content] of [
		[GLOBAL, files.global],
		[PROJECT, files.project],
	] as const) {
		if (content === undefined) {
			sections.push({ ...ref, status: "missing", values: {} });
			continue;
		}
		if (typeof content !== "string") {
			// A section built in code: parseContextModes checks it with the settings rules itself.
			const values = (content as { "pi-delegate"?: Record<string, unknown> })["pi-delegate"] ?? {};
			sections.push({ ...ref, status: "read", values });
			continue;
		}
		const parsed = parseSettingsText(content, ref);
		sections.push(parsed.section);
		problems.push(...parsed.problems);
	}
	return { sections, problems };
}

const modes = (contextModes: unknown) => ({ "pi-delegate": { contextModes } });

describe("project-defined modes", () => {
	it("reads a valid mode with its primitives, description and file", () => {
		const result = parseContextModes(settings({ project: modes({ lean: { ...LEAN, description: "no AGENTS.md" } }) }));
		expect(result.problems).toEqual([]);
		expect(result.modes).toEqual([
			{
				name: "lean",
				primitives: LEAN,
				description: "no AGENTS.md",
				source: { kind: "settings", ...PROJECT },
			},
		]);
	});

	it("names the file and the full key of a missing primitive", () => {
		const { inheritSkills: _, ...partial } = LEAN;
		const result = parseContextModes(settings({ global: modes({ lean: partial }) }));
		expect(result.modes).toEqual([]);
		expect(result.problems).toHaveLength(1);
		expect(result.problems[0]).toMatchObject({
			source: "~/.pi/agent/settings.json",
			path: ["pi-delegate", "contextModes", "lean", "inheritSkills"],
			value: undefined,
		});
		expect(result.problems[0]?.message).toContain("missing");
		expect(result.problems[0]?.fix).toContain('"inheritSkills": true or false');
	});

	it("reports every missing primitive at once", () => {
		const result = parseContextModes(settings({ project: modes({ empty: {} }) }));
		expect(result.problems.map((p) => formatPath(p))).toEqual([
			".pi/settings.json: pi-delegate.contextModes.empty.inheritProjectContext",
			".pi/settings.json: pi-delegate.contextModes.empty.inheritMainRules",
			".pi/settings.json: pi-delegate.contextModes.empty.inheritSkills",
			".pi/settings.json: pi-delegate.contextModes.empty.systemPromptMode",
		]);
	});

	it("refuses wrong types, naming the key and the value", () => {
		const result = parseContextModes(
			settings({ global: modes({ lean: { ...LEAN, inheritSkills: "yes", systemPromptMode: "prepend" } }) }),
		);
		expect(result.problems).toMatchObject([
			{
				source: "~/.pi/agent/settings.json",
				path: ["pi-delegate", "contextModes", "lean", "inheritSkills"],
				value: "yes",
			},
			{
				source: "~/.pi/agent/settings.json",
				path: ["pi-delegate", "contextModes", "lean", "systemPromptMode"],
				value: "prepend",
			},
		]);
		expect(result.problems[0]?.fix).toBe("use true or false (unquoted)");
		expect(result.problems[1]?.fix).toBe('use "append" or "replace"');
	});

	it.each(["focused", "isolated", "scoped", "legacy", "inherit", "Scoped"])("reserves the built-in name %s", (name) => {
		const result = parseContextModes(settings({ project: modes({ [name]: LEAN }) }));
		expect(result.modes).toEqual([]);
		expect(result.problems).toHaveLength(1);
		expect(result.problems[0] && formatPath(result.problems[0])).toBe(
			`.pi/settings.json: pi-delegate.contextModes.${name}`,
		);
		expect(result.problems[0]?.message).toContain("built-in");
	});

	it("refuses an unknown key and suggests the near one", () => {
		const { inheritSkills: _, ...rest } = LEAN;
		const result = parseContextModes(settings({ project: modes({ lean: { ...rest, inheritSkill: true } }) }));
		const paths = result.problems.map((p) => formatPath(p));
		expect(paths).toContain(".pi/settings.json: pi-delegate.contextModes.lean.inheritSkill");
		expect(paths).toContain(".pi/settings.json: pi-delegate.contextModes.lean.inheritSkills");
		expect(result.problems.find((p) => p.value === true)?.message).toContain('did you mean "inheritSkills"?');
	});

	it("writes a dashed mode name as a plain dotted key", () => {
		const result = parseContextModes(
			settings({ project: modes({ "lean-builder": { ...LEAN, inheritMainRules: 1 } }) }),
		);
		expect(result.problems[0] && formatPath(result.problems[0])).toBe(
			".pi/settings.json: pi-delegate.contextModes.lean-builder.inheritMainRules",
		);
	});

	it("refuses a bad name, a non-object mode, a non-object contextModes and a non-string description", () => {
		const bad = parseContextModes(
			settings({
				global: modes([LEAN]),
				project: modes({ "has space": LEAN, flag: true, described: { ...LEAN, description: 3 } }),
			}),
		);
		expect(bad.modes).toEqual([]);
		expect(bad.problems.map((p) => formatPath(p))).toEqual([
			"~/.pi/agent/settings.json: pi-delegate.contextModes",
			'.pi/settings.json: pi-delegate.contextModes["has space"]',
			".pi/settings.json: pi-delegate.contextModes.flag",
			".pi/settings.json: pi-delegate.contextModes.described.description",
		]);
	});

	it("lets the project file override the global one per mode name, and keeps the rest", () => {
		const result = parseContextModes(
			settings({
				global: modes({ lean: LEAN, wide: { ...LEAN, inheritProjectContext: true } }),
				project: modes({ lean: { ...LEAN, inheritSkills: false } }),
			}),
		);
		expect(result.problems).toEqual([]);
		const lean = result.modes.find((m) => m.name === "lean");
		expect(lean?.primitives.inheritSkills).toBe(false);
		expect(lean?.source).toMatchObject({ scope: "project" });
		expect(lean?.overrides).toMatchObject({ scope: "global", label: "~/.pi/agent/settings.json" });
		expect(result.modes.find((m) => m.name === "wide")?.source).toMatchObject({ scope: "global" });
	});

	it("reports a malformed settings file by name and position, and builds no mode from it", () => {
		const text = '{\n  "pi-delegate": {\n    "contextModes": { "lean": { "inheritSkills": true, } }\n  }\n}';
		const result = modeRegistryFromSettings(settings({ project: text }));
		expect(result.problems).toHaveLength(1);
		expect(result.problems[0] && formatPath(result.problems[0])).toBe(".pi/settings.json:3:56");
		expect(result.problems[0]?.message).toContain("line 3, column 56");
		expect(lookupMode(result.registry, "lean")).toBeUndefined();
	});

	it("builds a registry in which project modes resolve by name", () => {
		const result = modeRegistryFromSettings(settings({ project: modes({ lean: LEAN }) }));
		expect(result.problems).toEqual([]);
		expect(lookupMode(result.registry, "lean")?.mode.primitives).toEqual(LEAN);
	});

	it("reports a bad mode read from a file once, with its position, and still builds the good ones", () => {
		const text = JSON.stringify(modes({ lean: LEAN, broken: { ...LEAN, inheritSkills: "yes" } }));
		const result = modeRegistryFromSettings(settings({ project: text }));
		expect(result.problems.map((p) => formatPath(p))).toEqual([
			".pi/settings.json:1:211: pi-delegate.contextModes.broken.inheritSkills",
		]);
		expect(lookupMode(result.registry, "lean")).toBeDefined();
		expect(lookupMode(result.registry, "broken")).toBeUndefined();
	});
});

describe("modes from validated settings", () => {
	it("become registry entries with their file, and the global mode a project mode hides", () => {
		const read = (ref: SettingsFileRef, contextModes: unknown) =>
			validateSettingsText(JSON.stringify(modes(contextModes)), ref).section;
		const validated = mergeSettings(
			[read(GLOBAL, { lean: LEAN, wide: LEAN }), read(PROJECT, { lean: { ...LEAN, inheritSkills: false } })],
			{ cwd: "/p", home: "/home/u", agentDir: "/home/u/.pi/agent" },
		);
		const lean = modesFromSettings(validated).find((m) => m.name === "lean");
		expect(lean).toEqual({
			name: "lean",
			primitives: { ...LEAN, inheritSkills: false },
			description: "",
			source: { kind: "settings", ...PROJECT },
			overrides: { kind: "settings", ...GLOBAL },
		});
		const registry = modeRegistryFromValidated(validated);
		expect(lookupMode(registry, "wide")?.mode.source).toEqual({ kind: "settings", ...GLOBAL });
		expect(lookupMode(registry, "focused")?.mode.source).toEqual({ kind: "built-in" });
	});
});
