import { describe, expect, it } from "vitest";
import { chooseModel, profilesFromSettings } from "../../src/plan/model.ts";
import { NO_MODEL } from "../../src/plan/task.ts";
import { formatPath } from "../../src/problems.ts";
import type { DelegateSettings } from "../../src/settings/section.ts";
import { parseModelRef } from "../../src/spec/model-ref.ts";
import { agentsOf, PARENT_MODEL, planOf, refusalOf, settingsOf, specOf } from "../support/plan-inputs.ts";

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

describe("the plan's model", () => {
	const haiku = { provider: "anthropic", id: "claude-haiku-4-5" };
	const asAgent = (front: string) => ({
		agents: agentsOf({ rev: { front: `description: reviews\n${front}` } }),
		request: { agent: { name: "rev", where: { source: "agent", path: [] } }, extensions: [] },
	});
	const fastProfile = settingsOf({ global: { effortProfiles: { fast: "anthropic/claude-haiku-4-5" } } });

	it("runs a child on the parent's model, with its thinking level, when nothing else chooses", () => {
		expect(planOf().model).toEqual({ ...PARENT_MODEL, reason: "the parent's current model" });
	});

	it("takes --model over the agent's model and the effort's profile", () => {
		const plan = planOf({
			...asAgent("model: anthropic/claude-sonnet-4-5"),
			request: { ...asAgent("").request, model: "anthropic/claude-haiku-4-5:low" },
			spec: specOf({ effort: "fast" }),
			settings: fastProfile,
		});
		expect(plan.model).toEqual({ ...haiku, thinking: "low", reason: "--model" });
	});

	it("takes the agent's model and thinking over the effort's profile, and names the file that chose it", () => {
		const plan = planOf({
			...asAgent("model: anthropic/claude-haiku-4-5\nthinking: high"),
			spec: specOf({ effort: "fast" }),
			settings: settingsOf({ global: { effortProfiles: { fast: "anthropic/claude-sonnet-4-5" } } }),
		});
		expect(plan.model).toEqual({ ...haiku, thinking: "high", reason: ".pi/agents/rev.md: model" });
	});

	it("takes the effort's profile over the parent's model, and names the setting that chose it", () => {
		expect(planOf({ spec: specOf({ effort: "fast" }), settings: fastProfile }).model).toEqual({
			...haiku,
			reason: 'effort "fast" (~/.pi/agent/settings.json:1:35: pi-delegate.effortProfiles.fast)',
		});
		// A profile for another effort leaves the parent's model in place.
		expect(planOf({ settings: fastProfile }).model.reason).toBe("the parent's current model");
	});

	it("takes Pi's default model when there is no parent (the command line)", () => {
		const plan = planOf({
			entry: "cli",
			parentModel: undefined,
			piDefaultModel: { provider: "anthropic", model: "claude-haiku-4-5", thinking: "minimal" },
		});
		expect(plan.model).toEqual({ ...haiku, thinking: "minimal", reason: "Pi's defaultProvider/defaultModel settings" });
	});

	it("refuses when nothing chooses a model, keeping the plan with a stand-in for preview", () => {
		const refused = refusalOf({ parentModel: undefined });
		expect(refused.what).toBe("no model for the child");
		expect(refused.problems).toEqual([
			expect.objectContaining({
				path: ["model"],
				code: "required",
				message: expect.stringContaining('effort "balanced"'),
			}),
		]);
		expect(refused.plan?.model).toEqual(NO_MODEL);
	});

	it("refuses a model the runtime does not know, or has no credentials for, naming where it was chosen", () => {
		const unknown = refusalOf({ request: { model: "anthropic/claude-nope", extensions: [] } });
		expect(unknown.what).toBe("the child's model cannot be used");
		expect(unknown.problems).toEqual([
			expect.objectContaining({
				source: "--model",
				code: "not_found",
				value: "anthropic/claude-nope",
				message: 'no model "claude-nope" in provider "anthropic" (did you mean "anthropic/claude-sonnet-4-5"?)',
			}),
		]);
		expect(unknown.plan?.model).toMatchObject({ provider: "anthropic", id: "claude-nope", reason: "--model" });
		const locked = refusalOf(asAgent("model: openai/gpt-5"));
		expect(locked.problems).toEqual([
			expect.objectContaining({
				source: ".pi/agents/rev.md",
				path: ["model"],
				code: "unavailable",
				message: 'no credentials for provider "openai"',
			}),
		]);
		expect(refusalOf({ request: { model: "acme/x", extensions: [] } }).problems[0]?.message).toBe(
			'no provider "acme" is configured',
		);
	});
});
