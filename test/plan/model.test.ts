import { describe, expect, it } from "vitest";
import { chooseModel, profilesFromSettings } from "../../src/plan/model.ts";
import { formatPath } from "../../src/problems.ts";
import type { DelegateSettings } from "../../src/settings/section.ts";
import { parseModelRef } from "../../src/spec/model-ref.ts";

const settings = (global: Record<string, unknown>, project: Record<string, unknown> = {}): DelegateSettings => ({
	sections: [
		{
			scope: "global",
			file: "/h/.pi/agent/settings.json",
			label: "~/.pi/agent/settings.json",
			status: "read",
			values: global,
		},
		{ scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json", status: "read", values: project },
	],
	problems: [],
});

describe("model choice", () => {
	it("parses provider/id with slashes in the id and an optional thinking suffix", () => {
		expect(parseModelRef("anthropic/claude-sonnet-4-5")).toEqual({ provider: "anthropic", id: "claude-sonnet-4-5" });
		expect(parseModelRef("openrouter/anthropic/claude:high")).toEqual({
			provider: "openrouter",
			id: "anthropic/claude",
			thinking: "high",
		});
		expect(parseModelRef("ollama/llama3:8b")).toEqual({ provider: "ollama", id: "llama3:8b" });
		expect(parseModelRef("no-slash")).toBeUndefined();
	});

	it("takes --model over the effort profile, the profile over the parent, the parent over Pi's default", () => {
		const s = settings({ effortProfiles: { fast: "a/fast-model" } });
		const piDefault = { provider: "d", model: "default" };
		const parent = { provider: "p", id: "parent" };
		const pick = (r: Parameters<typeof chooseModel>[0]) => {
			const c = chooseModel(r);
			return "choice" in c ? `${c.choice.provider}/${c.choice.id}` : "problems";
		};
		expect(pick({ effort: "fast", explicit: "x/explicit", settings: s, parent, piDefault })).toBe("x/explicit");
		expect(pick({ effort: "fast", settings: s, parent, piDefault })).toBe("a/fast-model");
		expect(pick({ effort: "balanced", settings: s, parent, piDefault })).toBe("p/parent");
		expect(pick({ effort: "balanced", settings: s, piDefault })).toBe("d/default");
		expect(pick({ effort: "balanced", settings: s })).toBe("problems");
	});

	it("lets the project's profile for an effort override the global one, and keeps its thinking level", () => {
		const s = settings(
			{ effortProfiles: { deep: "g/global" } },
			{ effortProfiles: { deep: { model: "p/project", thinking: "high" } } },
		);
		const c = chooseModel({ effort: "deep", settings: s });
		expect(c).toMatchObject({ choice: { provider: "p", id: "project", thinking: "high" } });
		expect("choice" in c && c.choice.reason).toContain(".pi/settings.json: pi-delegate.effortProfiles.deep");
	});

	it("reports every bad profile with its file and key", () => {
		const s = settings({ effortProfiles: { quick: "a/b", fast: { model: "nope" }, deep: { model: "a/b", temp: 1 } } });
		const c = chooseModel({ effort: "fast", settings: s });
		expect("problems" in c && c.problems.map(formatPath)).toEqual([
			"~/.pi/agent/settings.json: pi-delegate.effortProfiles.quick",
			"~/.pi/agent/settings.json: pi-delegate.effortProfiles.fast",
			"~/.pi/agent/settings.json: pi-delegate.effortProfiles.deep",
		]);
	});

	it("takes profiles from validated settings with the place each was set", () => {
		const profiles = profilesFromSettings({
			effortProfiles: {
				fast: {
					value: { model: "a/fast", thinking: "low" },
					origin: {
						kind: "file",
						scope: "project",
						file: "/p",
						label: "p",
						place: { source: "p:3:5", path: ["pi-delegate", "effortProfiles", "fast"] },
					},
				},
			},
		});
		expect(profiles).toEqual({
			fast: {
				model: "a/fast",
				thinking: "low",
				place: { source: "p:3:5", path: ["pi-delegate", "effortProfiles", "fast"] },
			},
		});
		expect(profiles.fast && formatPath(profiles.fast.place)).toBe("p:3:5: pi-delegate.effortProfiles.fast");
	});
});
