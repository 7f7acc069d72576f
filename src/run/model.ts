/**
 * Which model a child runs on. Highest first: an explicit `--model`; the agent definition's `model`
 * (when the task runs as an agent); the effort's profile from the `pi-delegate.effortProfiles`
 * setting (project over global); the parent's current model (inside Pi); Pi's own default model
 * setting (on the command line). Pure: the settings are passed in, and
 * checking the model against a runtime is a separate step (checkModel) done before anything runs.
 */
import type { Problem } from "../problems.ts";
import { checkEffortProfiles, EFFORT_PROFILES_KEY } from "../settings/check-profiles.ts";
import { plainPlace } from "../settings/place.ts";
import { type DelegateSettings, settingsProblemPath, settingValues } from "../settings/section.ts";
import type { ValidatedSettings } from "../settings/types.ts";
import type { Effort } from "../spec/schema.ts";
import { isThinking, parseModelRef, type Thinking } from "./model-ref.ts";
import type { ModelChoice } from "./types.ts";

export { parseModelRef, THINKING_LEVELS } from "./model-ref.ts";

interface Profile {
	model: string;
	thinking?: Thinking;
	where: string;
}

/**
 * Reads `pi-delegate.effortProfiles`: `{ "fast": "anthropic/claude-haiku-4-5", "deep": { "model":
 * "anthropic/claude-opus-4-1", "thinking": "high" } }`. A project file's entry for an effort
 * overrides the global one. The rules are the settings validator's (src/settings/check-profiles.ts):
 * sections read from files hold only profiles that passed; a section built in code is checked here.
 */
export function parseEffortProfiles(settings: DelegateSettings): {
	profiles: Partial<Record<Effort, Profile>>;
	problems: Problem[];
} {
	const profiles: Partial<Record<Effort, Profile>> = {};
	const problems: Problem[] = [];
	for (const { section, value } of settingValues(settings, EFFORT_PROFILES_KEY)) {
		const checked = checkEffortProfiles(value, plainPlace(section));
		problems.push(...checked.problems);
		for (const [effort, profile] of Object.entries(checked.profiles)) {
			profiles[effort as Effort] = { ...profile, where: settingsProblemPath(section, EFFORT_PROFILES_KEY, effort) };
		}
	}
	return { profiles, problems };
}

/** The effort profiles of validated settings (readSettings), in the shape chooseModel uses. */
export function profilesFromSettings(
	settings: Pick<ValidatedSettings, "effortProfiles">,
): Partial<Record<Effort, Profile>> {
	const out: Partial<Record<Effort, Profile>> = {};
	for (const [effort, setting] of Object.entries(settings.effortProfiles)) {
		if (!setting) continue;
		const where = setting.origin.kind === "file" ? setting.origin.where : "default";
		out[effort as Effort] = { ...setting.value, where };
	}
	return out;
}

export interface ModelRequest {
	effort: Effort;
	/** `--model provider/id[:thinking]` on the command line. */
	explicit?: string;
	/** The agent definition's model and thinking level, and where they were set. */
	agent?: { model?: string; thinking?: string; where: string };
	settings: DelegateSettings;
	/** The parent's current model, inside Pi. */
	parent?: { provider: string; id: string; thinking?: string };
	/** Pi's `defaultProvider` / `defaultModel` / `defaultThinkingLevel` settings. */
	piDefault?: { provider?: string; model?: string; thinking?: string };
}

/** Decides the model, or says why none could be decided. */
export function chooseModel(request: ModelRequest): { choice: ModelChoice } | { problems: Problem[] } {
	const { profiles, problems } = parseEffortProfiles(request.settings);
	if (problems.length > 0) return { problems };
	const from = (text: string, reason: string, thinking?: string): { choice: ModelChoice } | { problems: Problem[] } => {
		const ref = parseModelRef(text);
		if (!ref) {
			return {
				problems: [
					{
						path: reason,
						value: text,
						message: "is not a model reference",
						fix: 'write it as "provider/model-id", optionally with ":<thinking level>"',
					},
				],
			};
		}
		const level = ref.thinking ?? (isThinking(thinking) ? thinking : undefined);
		return { choice: { provider: ref.provider, id: ref.id, ...(level ? { thinking: level } : {}), reason } };
	};
	if (request.explicit !== undefined) return from(request.explicit, "--model");
	if (request.agent?.model !== undefined) return from(request.agent.model, request.agent.where, request.agent.thinking);
	const profile = profiles[request.effort];
	if (profile) return from(profile.model, `effort "${request.effort}" (${profile.where})`, profile.thinking);
	if (request.parent) {
		return from(
			`${request.parent.provider}/${request.parent.id}`,
			"the parent's current model",
			request.parent.thinking,
		);
	}
	const d = request.piDefault;
	if (d?.provider && d.model)
		return from(`${d.provider}/${d.model}`, "Pi's defaultProvider/defaultModel settings", d.thinking);
	return {
		problems: [
			{
				path: "model",
				value: undefined,
				message: `no model for effort "${request.effort}": no --model, no effort profile, and no default model in Pi's settings`,
				fix: 'pass --model provider/id, or set "pi-delegate": { "effortProfiles": { "balanced": "provider/id" } } in Pi settings',
			},
		],
	};
}
