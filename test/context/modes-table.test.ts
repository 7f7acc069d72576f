import { describe, expect, it } from "vitest";
import { createModeRegistry } from "../../src/context/modes.ts";
import { listModes, modeTableCells } from "../../src/context/modes-table.ts";

const registry = createModeRegistry([
	{
		name: "lean",
		primitives: {
			inheritProjectContext: false,
			inheritMainRules: false,
			inheritSkills: true,
			systemPromptMode: "append",
		},
		description: "No AGENTS.md.",
		source: { kind: "settings", scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" },
		overrides: { kind: "settings", scope: "global", file: "/h/s.json", label: "~/.pi/agent/settings.json" },
	},
]);

describe("the /modes listing", () => {
	it("has a row per mode: built-ins first, the default and the alias marked", () => {
		const rows = listModes(registry);
		expect(rows.map((r) => r.name)).toEqual(["focused", "isolated", "scoped", "legacy", "lean"]);
		expect(rows.filter((r) => r.isDefault).map((r) => r.name)).toEqual(["focused"]);
		expect(rows.find((r) => r.name === "legacy")?.aliases).toEqual(["inherit"]);
		expect(rows.find((r) => r.name === "lean")).toMatchObject({
			source: ".pi/settings.json",
			overrides: "~/.pi/agent/settings.json",
		});
	});

	it("renders each channel as in/out and the prompt mode as itself", () => {
		const cells = modeTableCells(listModes(registry));
		expect(cells[0]?.slice(0, 6)).toEqual(["focused (default)", "in", "out", "in", "append", "built-in"]);
		expect(cells[1]?.slice(0, 5)).toEqual(["isolated", "out", "out", "out", "replace"]);
		expect(cells[3]?.slice(0, 5)).toEqual(["legacy (alias inherit)", "in", "in", "in", "append"]);
		expect(cells[4]?.slice(0, 7)).toEqual([
			"lean",
			"out",
			"out",
			"in",
			"append",
			".pi/settings.json (over ~/.pi/agent/settings.json)",
			"No AGENTS.md.",
		]);
	});
});
