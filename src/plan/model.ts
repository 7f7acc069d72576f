/**
 * Which model a child runs on. Highest first: an explicit `--model`; the agent definition's `model`
 * (when the task runs as an agent); the effort's profile from the `pi-delegate.effortProfiles`
 * setting (project over global); the parent's current model (inside Pi); Pi's own default model
 * setting (on the command line). Pure: the settings are passed in, and
 * checking the model against a runtime is a separate step (checkModel) done before anything runs.
 */

import { resolveModelRef } from "../agents/model-ref.ts";
import type { Problem } from "../problems.ts";
import { type DelegateSettings, isPlainObject, settingsProblemPath, settingValues } from "../settings/section.ts";
import { EFFORTS, type Effort } from "../spec/schema.ts";
import { didYouMean } from "../suggest.ts";
import type { ModelChoice } from "./types.ts";

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
type Thinking = NonNullable<ModelChoice["thinking"]>;

const isThinking = (value: unknown): value is Thinking =>
	typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);

/** Parses `provider/id` with an optional `:thinking` suffix; the id may itself contain slashes. */
export function parseModelRef(text: string): { provider: string; id: string; thinking?: Thinking } | undefined {
	const trimmed = text.trim();
	const colon = trimmed.lastIndexOf(":");
	const suffix = colon > 0 ? trimmed.slice(colon + 1) : undefined;
	const ref = suffix !== undefined && isThinking(suffix) ? trimmed.slice(0, colon) : trimmed;
	const slash = ref.indexOf("/");
	if (slash <= 0 || slash === ref.length - 1) return undefined;
	return {
		provider: ref.slice(0, slash),
		id: ref.slice(slash + 1),
		...(suffix !== undefined && isThinking(suffix) ? { thinking: suffix } : {}),
	};
}

interface Profile {
	model: string;
	thinking?: Thinking;
	where: string;
}

/**
 * Reads `pi-delegate.effortProfiles`: `{ "fast": "anthropic/claude-haiku-4-5", "deep": { "model":
 * "anthropic/claude-opus-4-1", "thinking": "high" } }`. A project file's entry for an effort
 * overrides the global one.
 */
export function parseEffortProfiles(settings: DelegateSettings): {
	profiles: Partial<Record<Effort, Profile>>;
	problems: Problem[];
} {
	const profiles: Partial<Record<Effort, Profile>> = {};
	const problems: Problem[] = [];
	for (const { section, value } of settingValues(settings, "effortProfiles")) {
		if (!isPlainObject(value)) {
			problems.push({
				path: settingsProblemPath(section, "effortProfiles"),
				value,
				message: "must be an object mapping an effort (fast, balanced, deep) to a model",
				fix: 'write e.g. "effortProfiles": { "fast": "anthropic/claude-haiku-4-5" }',
			});
			continue;
		}
		for (const [effort, entry] of Object.entries(value)) {
			const path = settingsProblemPath(section, "effortProfiles", effort);
			if (!(EFFORTS as readonly string[]).includes(effort)) {
				problems.push({
					path,
					value: entry,
					message: `"${effort}" is not an effort`,
					fix: `use one of: ${EFFORTS.join(", ")}`,
				});
				continue;
			}
			const model = typeof entry === "string" ? entry : isPlainObject(entry) ? entry.model : undefined;
			const thinking = isPlainObject(entry) ? entry.thinking : undefined;
			const extra = isPlainObject(entry) ? Object.keys(entry).filter((k) => k !== "model" && k !== "thinking") : [];
			const bad =
				typeof model !== "string" ||
				!parseModelRef(model) ||
				(thinking !== undefined && !isThinking(thinking)) ||
				extra.length > 0;
			if (bad) {
				problems.push({
					path,
					value: entry,
					message:
						extra.length > 0
							? `unknown key ${extra.map((k) => `"${k}"`).join(", ")}; an effort profile has only "model" and "thinking"`
							: 'must be "provider/model-id" or { "model": "provider/model-id", "thinking": "<level>" }',
					fix: `e.g. "${effort}": { "model": "anthropic/claude-sonnet-4-5", "thinking": "medium" }; thinking is one of ${THINKING_LEVELS.join(", ")}`,
				});
				continue;
			}
			profiles[effort as Effort] = {
				model: model as string,
				...(isThinking(thinking) ? { thinking } : {}),
				where: path,
			};
		}
	}
	return { profiles, problems };
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
	/** The runtime's models: references are resolved against them when given. */
	models?: ReadonlyArray<{ provider: string; id: string; name?: string; authenticated: boolean }>;
	/** Pi's `defaultProvider` / `defaultModel` / `defaultThinkingLevel` settings. */
	piDefault?: { provider?: string; model?: string; thinking?: string };
}

/**
 * Resolves a reference the way Pi's own `--model` does (aliases such as `sonnet`, ids without a
 * provider, `:thinking` suffixes, `inherit`), against the runtime's models.
 */
function resolveAgainst(text: string, where: string, request: ModelRequest) {
	const models = request.models ?? [];
	const usable = new Set(models.filter((m) => m.authenticated).map((m) => m.provider));
	return resolveModelRef(text, {
		models,
		...(request.parent && { parent: request.parent }),
		usable: (provider) => usable.has(provider),
		where,
	});
}

/** Decides the model, or says why none could be decided. */
export function chooseModel(request: ModelRequest): { choice: ModelChoice } | { problems: Problem[] } {
	const { profiles, problems } = parseEffortProfiles(request.settings);
	if (problems.length > 0) return { problems };
	/** `fieldFirst`: an agent file's own `thinking:` beats a suffix on its `model:`; elsewhere the suffix wins. */
	const from = (
		text: string,
		reason: string,
		thinking?: string,
		fieldFirst = false,
	): { choice: ModelChoice } | { problems: Problem[] } => {
		const resolved = request.models ? resolveAgainst(text, reason, request) : undefined;
		if (resolved?.ok) {
			const field = isThinking(thinking) ? thinking : undefined;
			const level = fieldFirst ? (field ?? resolved.thinking) : (resolved.thinking ?? field);
			return {
				choice: { provider: resolved.provider, id: resolved.id, ...(level ? { thinking: level } : {}), reason },
			};
		}
		const ref = parseModelRef(text);
		// A provider/id the list does not know is kept: the model check names it with the provider's models.
		if (!ref && resolved) return { problems: [resolved.problem] };
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
	if (request.agent?.model !== undefined)
		return from(request.agent.model, request.agent.where, request.agent.thinking, true);
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
): Problem[] {
	const ref = `${choice.provider}/${choice.id}`;
	const path = `model (${choice.reason})`;
	const found = models.find((m) => m.provider === choice.provider && m.id === choice.id);
	if (!found) {
		const known = models.filter((m) => m.provider === choice.provider).map((m) => `${m.provider}/${m.id}`);
		return [
			{
				path,
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
			path,
			value: ref,
			message: `no credentials for provider "${choice.provider}"`,
			fix: "log in with pi (/login), or set the provider's API key environment variable",
		},
	];
}
