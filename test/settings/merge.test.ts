import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { mergeSettings } from "../../src/settings/merge.ts";
import { validateSettingsText } from "../../src/settings/section.ts";
import type { SettingsFileRef, ValidatedSection } from "../../src/settings/types.ts";

const GLOBAL: SettingsFileRef = {
	scope: "global",
	file: "/h/.pi/agent/settings.json",
	label: "~/.pi/agent/settings.json",
};
const PROJECT: SettingsFileRef = { scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" };
const PLACES = { cwd: "/p", home: "/h", agentDir: "/h/.pi/agent" };
const LEAN = { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" };

function sections(global: Record<string, unknown>, project: Record<string, unknown> = {}): ValidatedSection[] {
	return [
		[GLOBAL, global],
		[PROJECT, project],
	].map(([ref, section]) => {
		const { section: read, problems } = validateSettingsText(
			JSON.stringify({ "pi-delegate": section }, null, 2),
			ref as SettingsFileRef,
		);
		expect(problems).toEqual([]);
		return read;
	});
}

describe("mergeSettings", () => {
	it("gives the defaults, said to be defaults, when no file sets anything", () => {
		const settings = mergeSettings(sections({}), PLACES);
		expect(settings).toEqual({
			contextModes: [],
			effortProfiles: {},
			runsDir: undefined,
			runner: undefined,
			providerExtensions: { value: [], origin: { kind: "default" } },
			sandbox: { value: "enforce", origin: { kind: "default" } },
			delegationRule: { value: true, origin: { kind: "default" } },
			backgroundLimit: { value: 4, origin: { kind: "default" } },
			maxDelegateDepth: { value: 2, origin: { kind: "default" } },
		});
	});

	it("takes the project's value over the global one per key, saying which file and line it came from", () => {
		const settings = mergeSettings(
			sections({ runner: "in-process", sandbox: "off", delegationRule: false }, { runner: "subprocess" }),
			PLACES,
		);
		expect(settings.runner?.value).toBe("subprocess");
		expect(settings.runner?.origin).toMatchObject({ kind: "file", scope: "project", line: 3, column: 5 });
		expect(settings.runner?.origin.kind === "file" && formatPath(settings.runner.origin.place)).toBe(
			".pi/settings.json:3:5: pi-delegate.runner",
		);
		expect(settings.sandbox).toMatchObject({ value: "off", origin: { scope: "global" } });
		expect(settings.delegationRule).toMatchObject({ value: false, origin: { scope: "global", line: 5 } });
	});

	it("merges modes per name and profiles per effort, keeping what the project does not set", () => {
		const settings = mergeSettings(
			sections(
				{
					contextModes: { lean: LEAN, wide: { ...LEAN, inheritProjectContext: true } },
					effortProfiles: { fast: "g/fast", deep: "g/deep" },
				},
				{
					contextModes: { lean: { ...LEAN, inheritSkills: false } },
					effortProfiles: { deep: { model: "p/deep", thinking: "high" } },
				},
			),
			PLACES,
		);
		const lean = settings.contextModes.find((m) => m.name === "lean");
		expect(lean?.primitives.inheritSkills).toBe(false);
		expect(lean?.origin).toMatchObject({ scope: "project" });
		expect(lean?.origin.kind === "file" && formatPath(lean.origin.place)).toBe(
			".pi/settings.json:4:7: pi-delegate.contextModes.lean",
		);
		expect(lean?.overrides).toMatchObject({ scope: "global", label: "~/.pi/agent/settings.json" });
		expect(settings.contextModes.find((m) => m.name === "wide")?.origin).toMatchObject({ scope: "global" });
		expect(settings.effortProfiles.fast).toMatchObject({ value: { model: "g/fast" }, origin: { scope: "global" } });
		expect(settings.effortProfiles.deep).toMatchObject({
			value: { model: "p/deep", thinking: "high" },
			origin: { scope: "project" },
		});
	});

	it("expands ~ in runsDir and takes a relative one from the working directory", () => {
		expect(mergeSettings(sections({ runsDir: "~/runs" }), PLACES).runsDir?.value).toBe("/h/runs");
		expect(mergeSettings(sections({ runsDir: "audit/runs" }), PLACES).runsDir?.value).toBe("/p/audit/runs");
		expect(mergeSettings(sections({ runsDir: "/abs" }), PLACES).runsDir?.value).toBe("/abs");
	});

	it("resolves provider extensions as Pi resolves resource paths: agent dir for global, .pi/ for project", () => {
		const global = mergeSettings(sections({ providerExtensions: ["p.ts", "~/x.ts", "/abs.ts"] }), PLACES);
		expect(global.providerExtensions.value).toEqual(["/h/.pi/agent/p.ts", "/h/x.ts", "/abs.ts"]);
		const project = mergeSettings(
			sections({ providerExtensions: ["g.ts"] }, { providerExtensions: ["./p.ts"] }),
			PLACES,
		);
		expect(project.providerExtensions.value).toEqual(["/p/.pi/p.ts"]);
	});

	it("lets a project's empty provider list clear the global one, as the docs say", () => {
		const settings = mergeSettings(sections({ providerExtensions: ["g.ts"] }, { providerExtensions: [] }), PLACES);
		expect(settings.providerExtensions).toMatchObject({ value: [], origin: { scope: "project" } });
	});
});
