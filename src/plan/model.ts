/**
 * Which model a child runs on. Highest first: an explicit `--model`; the agent definition's `model`
 * (when the task runs as an agent); the effort's profile from the `pi-delegate.effortProfiles`
 * setting (project over global); the parent's current model (inside Pi); Pi's own default model
 * setting (on the command line). An agent's Claude Code family alias (`sonnet`) that no provider
 * with credentials offers stands aside for the rules below it, with a warning. Pure: the settings
 * are passed in, and checking the model against a runtime is a separate step (checkModel) done
 * before anything runs.
 */

import { resolveModelRef, unservedAlias } from "../agents/model-ref.ts";
import { formatPath, type Problem, type ProblemPlace } from "../problems.ts";
import type { Effort } from "../request/choices.ts";
import { checkEffortProfiles, EFFORT_PROFILES_KEY } from "../settings/check-profiles.ts";
import { plainPlace, settingsPlace } from "../settings/place.ts";
import { type DelegateSettings, settingValues } from "../settings/section.ts";
import type { ValidatedSettings } from "../settings/types.ts";
import { isThinking, parseModelRef, type Thinking } from "../spec/model-ref.ts";
import { didYouMean } from "../suggest.ts";
import type { ModelChoice } from "./types.ts";

interface Profile {
	model: string;
	thinking?: Thinking;
	/** Where the profile is set, for the reason of a choice and for a problem with its model. */
	place: ProblemPlace;
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
			profiles[effort as Effort] = { ...profile, place: settingsPlace(section, EFFORT_PROFILES_KEY, effort) };
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
		const place = setting.origin.kind === "file" ? setting.origin.place : { source: "default", path: [] };
		out[effort as Effort] = { ...setting.value, place };
	}
	return out;
}

export interface ModelRequest {
	effort: Effort;
	/** `--model provider/id[:thinking]` on the command line. */
	explicit?: string;
	/** The agent definition's model and thinking level, and where they were set. */
	agent?: { model?: string; thinking?: string; where: ProblemPlace };
	/** The settings files as read (older shape), checked here; or `profiles` already validated. */
	settings?: DelegateSettings;
	/** Effort profiles from validated settings (profilesFromSettings). */
	profiles?: Partial<Record<Effort, Profile>>;
	/** The parent's current model, inside Pi. */
	parent?: { provider: string; id: string; thinking?: string };
	/** The runtime's models: references are resolved against them when given. */
	models?: ReadonlyArray<{ provider: string; id: string; name?: string; authenticated: boolean }>;
	/** Pi's `defaultProvider` / `defaultModel` / `defaultThinkingLevel` settings. */
	piDefault?: { provider?: string; model?: string; thinking?: string };
}

/**
 * Resolves a reference the way Pi's own `--model` does (aliases such as `sonnet`, ids without a
 * provider, `:thinking` suffixes, `inherit`), against the runtime's models.
 */
function resolveAgainst(text: string, where: ProblemPlace, request: ModelRequest) {
	const models = request.models ?? [];
	const usable = new Set(models.filter((m) => m.authenticated).map((m) => m.provider));
	return resolveModelRef(text, {
		models,
		...(request.parent && { parent: request.parent }),
		usable: (provider) => usable.has(provider),
		where,
	});
}

/** A model chosen, and the input it was chosen by: where a problem with it is to be fixed. */
export interface PlacedChoice {
	choice: ModelChoice;
	place: ProblemPlace;
	/** What the caller should know of the choice: an agent's model that stood aside for it. */
	warning?: Problem;
}

/** Decides the model, or says why none could be decided. (@internal: exported for its tests) */
export function chooseModel(request: ModelRequest): { choice: ModelChoice } | { problems: Problem[] } {
	const chosen = choosePlacedModel(request);
	return "problems" in chosen ? chosen : { choice: chosen.choice };
}

/** chooseModel, with the place of the input that chose: modelProblems names it. */
export function choosePlacedModel(request: ModelRequest): PlacedChoice | { problems: Problem[] } {
	const parsed = request.profiles
		? { profiles: request.profiles, problems: [] }
		: parseEffortProfiles(request.settings ?? { sections: [], problems: [] });
	if (parsed.problems.length > 0) return { problems: parsed.problems };
	const { profiles } = parsed;
	/** `fieldFirst`: an agent file's own `thinking:` beats a suffix on its `model:`; elsewhere the suffix wins. */
	const from = (
		text: string,
		place: ProblemPlace,
		reason: string,
		thinking?: string,
		fieldFirst = false,
	): PlacedChoice | { problems: Problem[] } => {
		const resolved = request.models ? resolveAgainst(text, place, request) : undefined;
		if (resolved?.ok) {
			const field = isThinking(thinking) ? thinking : undefined;
			const level = fieldFirst ? (field ?? resolved.thinking) : (resolved.thinking ?? field);
			const choice = { provider: resolved.provider, id: resolved.id, ...(level ? { thinking: level } : {}), reason };
			return { choice, place };
		}
		const ref = parseModelRef(text);
		// A provider/id the list does not know is kept: the model check names it with the provider's
		// models. One that names several models here is refused with them, never sent on as written.
		if (resolved && (!ref || resolved.problem.code === "invalid_value")) return { problems: [resolved.problem] };
		if (!ref) {
			const fix = 'write it as "provider/model-id", optionally with ":<thinking level>"';
			return { problems: [{ ...place, code: "invalid_value", value: text, message: "is not a model reference", fix }] };
		}
		const level = ref.thinking ?? (isThinking(thinking) ? thinking : undefined);
		return { choice: { provider: ref.provider, id: ref.id, ...(level ? { thinking: level } : {}), reason }, place };
	};
	/** A choice no file or flag of this run made: the problem names where the model came from. */
	const named = (reason: string): ProblemPlace => ({ source: reason, path: [] });
	if (request.explicit !== undefined) return from(request.explicit, { source: "--model", path: [] }, "--model");
	const agent = request.agent;
	const aside = agent?.model !== undefined ? standsAside(agent.model, request) : undefined;
	if (agent?.model !== undefined && aside === undefined)
		return from(agent.model, agent.where, formatPath(agent.where), agent.thinking, true);
	const chosen = launcherChoice(request, profiles, from, named);
	if (aside === undefined || !agent?.model || "problems" in chosen) return chosen;
	const reason = `${chosen.choice.reason}, in place of the agent's "${agent.model.trim()}" (${aside})`;
	const ref = `${chosen.choice.provider}/${chosen.choice.id}`;
	const warning: Problem = {
		...agent.where,
		code: "unavailable",
		value: agent.model,
		message: `${aside.split(";")[0]}, so the child runs on ${ref} (${chosen.choice.reason})`,
		fix: `log in to a provider that offers it (pi --list-models ${agent.model.trim().toLowerCase()}), or name a model this session can use`,
	};
	return { ...chosen, choice: { ...chosen.choice, reason }, warning };
}

/** A family alias of the agent's that no provider with credentials here offers (see unservedAlias). */
function standsAside(text: string, request: ModelRequest): string | undefined {
	if (!request.models) return undefined;
	const usable = new Set(request.models.filter((m) => m.authenticated).map((m) => m.provider));
	return unservedAlias(text, request.models, (provider) => usable.has(provider), request.parent?.provider);
}

type From = (
	text: string,
	place: ProblemPlace,
	reason: string,
	thinking?: string,
) => PlacedChoice | { problems: Problem[] };

/** The model the launcher chooses when no flag or agent does: the effort's profile, the parent's, Pi's default. */
function launcherChoice(
	request: ModelRequest,
	profiles: Partial<Record<Effort, Profile>>,
	from: From,
	named: (reason: string) => ProblemPlace,
): PlacedChoice | { problems: Problem[] } {
	const profile = profiles[request.effort];
	if (profile) {
		const reason = `effort "${request.effort}" (${formatPath(profile.place)})`;
		return from(profile.model, profile.place, reason, profile.thinking);
	}
	if (request.parent) {
		const reason = "the parent's current model";
		return from(`${request.parent.provider}/${request.parent.id}`, named(reason), reason, request.parent.thinking);
	}
	const d = request.piDefault;
	if (d?.provider && d.model) {
		const reason = "Pi's defaultProvider/defaultModel settings";
		return from(`${d.provider}/${d.model}`, named(reason), reason, d.thinking);
	}
	return {
		problems: [
			{
				path: ["model"],
				code: "required",
				value: undefined,
				message: `no model for effort "${request.effort}": no --model, no effort profile, and no default model in Pi's settings`,
				fix: `pass --model provider/id, or set "pi-delegate": { "effortProfiles": { "${request.effort}": "provider/id" } } in Pi settings`,
			},
		],
	};
}

/**
 * Whether a chosen model exists here and has credentials — decided from the runtime's model list,
 * so the planner (and `preview`, `doctor`) can say it before anything runs.
 */
export function modelProblems(
	choice: ModelChoice,
	models: ReadonlyArray<{ provider: string; id: string; authenticated: boolean }>,
	place: ProblemPlace = { source: choice.reason, path: [] },
): Problem[] {
	const ref = `${choice.provider}/${choice.id}`;
	const found = models.find((m) => m.provider === choice.provider && m.id === choice.id);
	if (!found) {
		const known = models.filter((m) => m.provider === choice.provider).map((m) => `${m.provider}/${m.id}`);
		return [
			{
				...place,
				code: "not_found",
				value: ref,
				message:
					known.length > 0
						? `no model "${choice.id}" in provider "${choice.provider}"${didYouMean(ref, known)}`
						: `no provider "${choice.provider}" is configured`,
				fix:
					known.length > 0
						? `use one of: ${known.slice(0, 8).join(", ")}${known.length > 8 ? ", …" : ""} (pi --list-models shows all)`
						: "check the name (pi --list-models), add it to models.json, or load its provider extension with --extension",
			},
		];
	}
	if (found.authenticated) return [];
	return [
		{
			...place,
			code: "unavailable",
			value: ref,
			message: `no credentials for provider "${choice.provider}"`,
			fix: "log in with pi (/login), or set the provider's API key environment variable",
		},
	];
}
