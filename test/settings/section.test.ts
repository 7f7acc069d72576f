import { describe, expect, it } from "vitest";
import { formatPath, formatSegments } from "../../src/problems.ts";
import {
	type DelegateSettings,
	parseSettingsText,
	type SettingsFileRef,
	settingValues,
} from "../../src/settings/section.ts";

const REF: SettingsFileRef = { scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" };

describe("parseSettingsText", () => {
	it("returns the pi-delegate section and ignores Pi's own keys", () => {
		const text = JSON.stringify({ theme: "dark", "pi-delegate": { contextModes: {}, runsDir: "x" } });
		const { section, problems } = parseSettingsText(text, REF);
		expect(problems).toEqual([]);
		expect(section).toMatchObject({ status: "read", label: ".pi/settings.json", scope: "project" });
		expect(section.values).toEqual({ contextModes: {}, runsDir: "x" });
	});

	it("reads a file without our section, an empty file and a BOM as empty, not as errors", () => {
		for (const text of ['{"theme":"dark"}', "", "  \n", "\ufeff", '\ufeff{"pi-delegate":{"runner":"subprocess"}}']) {
			const { section, problems } = parseSettingsText(text, REF);
			expect(problems, JSON.stringify(text)).toEqual([]);
			expect(section.status).toBe("read");
		}
		expect(parseSettingsText('\ufeff{"pi-delegate":{"runner":"subprocess"}}', REF).section.values).toEqual({
			runner: "subprocess",
		});
	});

	it("names the file, line and column of malformed JSON", () => {
		const { section, problems } = parseSettingsText('{\n  "pi-delegate": {\n    "a": 1\n    "b": 2\n  }\n}', REF);
		expect(section.status).toBe("invalid");
		expect(section.values).toEqual({});
		expect(problems).toHaveLength(1);
		expect(problems[0] && formatPath(problems[0])).toBe(".pi/settings.json:4:5");
		expect(problems[0]?.message).toBe(
			"not valid JSON at line 4, column 5: expected ',' or '}' after a property value but found a double quote",
		);
		expect(problems[0]?.value).toBe('"b": 2');
		expect(problems[0]?.fix).toContain("line 4, column 5");
		expect(problems[0]?.fix).toContain("Pi cannot read this file either");
	});

	it("refuses a file that is not an object, and a section that is not an object", () => {
		const list = parseSettingsText("[1]", REF);
		expect(list.problems[0]).toMatchObject({ source: ".pi/settings.json", path: [], value: [1] });
		expect(list.problems[0]?.message).toContain("a list");
		const section = parseSettingsText('{"pi-delegate": "on"}', REF);
		expect(section.section.status).toBe("invalid");
		expect(section.problems[0]).toMatchObject({ source: ".pi/settings.json:1:2", path: ["pi-delegate"], value: "on" });
	});
});

describe("settings keys", () => {
	it("spell a path the way a user writes it", () => {
		expect(formatSegments(["pi-delegate", "contextModes", "lean-builder", "inheritSkills"], "name")).toBe(
			"pi-delegate.contextModes.lean-builder.inheritSkills",
		);
		expect(formatSegments(["pi-delegate", "contextModes", "has space", 2], "name")).toBe(
			'pi-delegate.contextModes["has space"][2]',
		);
	});

	it("are read from each file in override order, global first", () => {
		const settings: DelegateSettings = {
			sections: [
				{ scope: "global", file: "/g", label: "g", status: "read", values: { effortProfiles: 1 } },
				{ scope: "project", file: "/p", label: "p", status: "read", values: { effortProfiles: 2, other: 3 } },
			],
			problems: [],
		};
		expect(settingValues(settings, "effortProfiles").map((v) => [v.section.scope, v.value])).toEqual([
			["global", 1],
			["project", 2],
		]);
		expect(settingValues(settings, "missing")).toEqual([]);
	});
});
