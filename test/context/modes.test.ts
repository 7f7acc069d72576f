import { describe, expect, it } from "vitest";
import {
	BUILTIN_MODE_NAMES,
	builtinModes,
	type ContextMode,
	createModeRegistry,
	DEFAULT_MODE,
	defaultMode,
	isReservedModeName,
	lookupMode,
	modeNames,
} from "../../src/context/modes.ts";

const settingsMode = (name: string, systemPromptMode: "append" | "replace" = "append"): ContextMode => ({
	name,
	primitives: { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode },
	description: "",
	source: { kind: "settings", scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" },
});

describe("built-in modes", () => {
	it.each([
		[
			"focused",
			{ inheritProjectContext: true, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" },
		],
		[
			"isolated",
			{ inheritProjectContext: false, inheritMainRules: false, inheritSkills: false, systemPromptMode: "replace" },
		],
		[
			"scoped",
			{ inheritProjectContext: true, inheritMainRules: false, inheritSkills: false, systemPromptMode: "replace" },
		],
		[
			"legacy",
			{ inheritProjectContext: true, inheritMainRules: true, inheritSkills: true, systemPromptMode: "append" },
		],
	])("%s expands to its four primitives", (name, primitives) => {
		expect(lookupMode(createModeRegistry(), name)?.mode.primitives).toEqual(primitives);
	});

	it("are exactly the four named ones, each with a description", () => {
		expect(builtinModes().map((m) => m.name)).toEqual(["focused", "isolated", "scoped", "legacy"]);
		for (const mode of builtinModes()) expect(mode.description.length).toBeGreaterThan(10);
	});

	it("default to focused, which keeps the main agent's rules out", () => {
		const registry = createModeRegistry();
		expect(DEFAULT_MODE).toBe("focused");
		expect(defaultMode(registry).name).toBe("focused");
		expect(defaultMode(registry).primitives.inheritMainRules).toBe(false);
	});

	it("hand out copies, so a caller cannot change a built-in for everyone", () => {
		const first = builtinModes()[0];
		if (first) first.primitives.inheritMainRules = true;
		expect(lookupMode(createModeRegistry(), "focused")?.mode.primitives.inheritMainRules).toBe(false);
	});
});

describe("lookupMode", () => {
	it("finds inherit as an alias of legacy and says so", () => {
		const found = lookupMode(createModeRegistry(), "inherit");
		expect(found?.mode.name).toBe("legacy");
		expect(found?.alias).toBe("inherit");
	});

	it("matches names exactly and returns undefined for an unknown one", () => {
		const registry = createModeRegistry();
		expect(lookupMode(registry, "Focused")).toBeUndefined();
		expect(lookupMode(registry, "nope")).toBeUndefined();
	});

	it("finds settings modes next to the built-ins and lists every name", () => {
		const registry = createModeRegistry([settingsMode("lean")]);
		expect(lookupMode(registry, "lean")?.mode.source.kind).toBe("settings");
		expect(modeNames(registry)).toEqual([...BUILTIN_MODE_NAMES, "lean", "inherit"]);
	});
});

describe("reserved names", () => {
	it.each(["focused", "isolated", "scoped", "legacy", "inherit", "FOCUSED", "Inherit"])("%s is reserved", (name) => {
		expect(isReservedModeName(name)).toBe(true);
	});

	it("leaves other names free", () => {
		expect(isReservedModeName("lean")).toBe(false);
		expect(isReservedModeName("focused2")).toBe(false);
	});

	it("cannot be taken over by a settings mode, even if one slips past the parser", () => {
		const registry = createModeRegistry([settingsMode("focused", "replace"), settingsMode("inherit", "replace")]);
		expect(lookupMode(registry, "focused")?.mode.source.kind).toBe("built-in");
		expect(lookupMode(registry, "inherit")?.mode.name).toBe("legacy");
	});
});
