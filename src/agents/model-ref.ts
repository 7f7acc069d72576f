/**
 * Model references resolved the way Pi's own `--model` resolves them, over a plain list of models.
 * Pi's resolver (resolveModelReference in core/model-resolver) is not exported from the package's
 * entry in 0.86.1 or 1.6 — only resolveCliModel, which needs a live ModelRuntime — so this module
 * applies the same rule to data:
 *
 * 1. `provider/id` or a bare id, exact and case-insensitive; a `provider/` prefix is matched against
 *    the known providers, longest first, since provider ids may hold slashes themselves;
 * 2. else a substring of ids and names (so `sonnet` finds the Sonnets), preferring ids without a
 *    date stamp, then the greatest id — the newest of a family;
 * 3. only if the whole text matches nothing, a `:<thinking>` suffix is split off and the rest
 *    resolved (ids such as OpenRouter's `…:exacto` hold colons of their own).
 *
 * A match on several providers is settled by which providers have credentials (`usable`), as Pi
 * does. pi-delegate adds three things: `inherit` (Claude Code's word for the parent's model), a
 * `#<thinking>` suffix (OpenCode's variant), and, when providers still tie, the parent's provider.
 * Unlike Pi's CLI, an id that matches nothing is refused rather than sent as a custom model id: an
 * agent file's typo should stop the launch, not reach the provider.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { Problem, ProblemCode, ProblemPlace } from "../problems.ts";
import { editDistance } from "../suggest.ts";
import { isThinkingLevel } from "./definition.ts";
import { ambiguousOf, bestOf, lower, type Match, type ModelInfo, singleModel, substring } from "./model-match.ts";

export type { ModelInfo } from "./model-match.ts";

export interface ModelRefOptions {
	models: readonly ModelInfo[];
	/** The parent's model: what `inherit` means, and the tie-breaker between providers. */
	parent?: { provider: string; id: string; thinking?: string };
	/** Whether a provider has credentials; breaks ties as in Pi. Every provider counts when absent. */
	usable?: (provider: string) => boolean;
	/** Where the reference was written, for the problem's place; `model` when absent. */
	where?: ProblemPlace;
}

export type ModelRefResult =
	| { ok: true; provider: string; id: string; thinking?: ThinkingLevel; how: string }
	| { ok: false; problem: Problem };

function splitProvider(text: string, pool: readonly ModelInfo[]): { provider: string; rest: string } | undefined {
	let best: { provider: string; rest: string } | undefined;
	for (const { provider } of pool) {
		const prefix = `${lower(provider)}/`;
		if (!lower(text).startsWith(prefix) || (best && best.provider.length >= provider.length)) continue;
		const rest = text.slice(prefix.length).trim();
		if (rest !== "") best = { provider, rest };
	}
	return best;
}

const isUsable = (options: ModelRefOptions, provider: string) => options.usable?.(provider) ?? true;

/** The last word on a tie Pi leaves open: the parent's provider, else the candidates are listed. */
function tieBreak(candidates: readonly ModelInfo[], how: string, options: ModelRefOptions): Match {
	const parent = candidates.find((m) => m.provider === options.parent?.provider);
	if (parent)
		return { model: parent, how: `${how}; several providers offer it, the parent's (${parent.provider}) chosen` };
	return { ambiguous: [...candidates], noneUsable: !candidates.some((m) => isUsable(options, m.provider)) };
}

/** Pi's exact step: `provider/id` (the named provider), or the id alone on any provider. */
function exact(text: string, pool: readonly ModelInfo[], options: ModelRefOptions): Match {
	const raw = pool.filter((m) => lower(m.id) === lower(text));
	const split = splitProvider(text, pool);
	let named: ModelInfo | undefined;
	if (split) {
		const own = pool.filter((m) => m.provider === split.provider);
		named = own.find((m) => lower(m.id) === lower(split.rest)) ?? raw.find((m) => m.provider === split.provider);
		// Not an id of that provider: a part of one only when it names one model there.
		if (!named) {
			const within = singleModel(split.rest, substring(split.rest, own));
			if ("many" in within) return ambiguousOf(within.many);
			named = bestOf(within.one);
		}
	}
	const others = raw.filter((m) => m !== named);
	const candidates = named ? [named, ...others] : others;
	const first = candidates[0];
	if (!first) return undefined;
	const how =
		named && split && lower(named.id) !== lower(split.rest)
			? `no ${named.provider} model has the id "${split.rest}"; the one model it names there`
			: named
				? "exact"
				: `id "${text}" on ${first.provider}`;
	if (new Set(candidates.map((m) => m.provider)).size === 1) return { model: first, how };
	if (named && isUsable(options, named.provider)) return { model: named, how };
	const usableOthers = others.filter((m) => isUsable(options, m.provider));
	if (usableOthers.length === 1 && usableOthers[0]) {
		return {
			model: usableOthers[0],
			how: `id "${text}" on ${usableOthers[0].provider}, the one provider with credentials`,
		};
	}
	if (usableOthers.length === 0 && named) return { model: named, how };
	return tieBreak(usableOthers.length > 0 ? usableOthers : candidates, `id "${text}"`, options);
}

/** Pi's fuzzy step: substrings of ids and names, usable providers first when several offer a match. */
function fuzzy(text: string, pool: readonly ModelInfo[], options: ModelRefOptions): Match {
	const found = singleModel(text, substring(text, pool));
	if ("many" in found) return ambiguousOf(found.many);
	const matches = found.one;
	const several = new Set(matches.map((m) => m.provider)).size > 1;
	const usable = several ? matches.filter((m) => isUsable(options, m.provider)) : [];
	const how = `closest match for "${text}"`;
	if (several && usable.length === 0) {
		// No provider that offers it can serve it: the newest of each, for the parent's provider to
		// settle or for the problem to list, rather than whichever provider spells its ids to sort last.
		const providers = [...new Set(matches.map((m) => m.provider))];
		const newest = providers.flatMap((p) => bestOf(matches.filter((m) => m.provider === p)) ?? []);
		return tieBreak(newest, how, options);
	}
	const within = usable.length > 0 ? usable : matches;
	const best = bestOf(within);
	if (!best) return undefined;
	const tied = within.filter((m) => m.id === best.id);
	return new Set(tied.map((m) => m.provider)).size === 1 ? { model: best, how } : tieBreak(tied, how, options);
}

function resolveText(text: string, pool: readonly ModelInfo[], options: ModelRefOptions): Match {
	return exact(text, pool, options) ?? fuzzy(text, pool, options);
}

function nearest(text: string, models: readonly ModelInfo[]): string[] {
	const t = lower(text);
	return models
		.map((m) => {
			const ref = `${m.provider}/${m.id}`;
			return { ref, d: Math.min(editDistance(t, lower(ref)), editDistance(t, lower(m.id))) };
		})
		.sort((a, b) => a.d - b.d || a.ref.localeCompare(b.ref))
		.slice(0, 5)
		.map((c) => c.ref);
}

function problem(
	code: ProblemCode,
	text: string,
	message: string,
	fix: string,
	options: ModelRefOptions,
): ModelRefResult {
	return { ok: false, problem: { ...(options.where ?? { path: ["model"] }), code, value: text, message, fix } };
}

/**
 * Claude Code's model names: a family alias (`sonnet`, `opus`, `haiku`, and any other family of
 * Anthropic's catalogue, `claude-<family>-…`) or a Claude model's own name without a provider
 * (`claude-sonnet-4-20250514`, `claude-3-5-haiku-latest`). In an agent file they name a model of
 * Anthropic's, not a provider: Claude Code serves them from whichever account it runs on. A file
 * written for Claude Code is shared with people on other providers, and a model it pins retires
 * from the catalogues (Pi no longer lists `claude-sonnet-4-20250514` for Anthropic, only for
 * Bedrock), so when no provider with credentials offers the name, the child runs on the model the
 * launcher would choose without it, and says so — where any other reference that cannot be served
 * (a `provider/id`, another maker's model) stops the launch.
 */
const CLAUDE_CODE_ALIASES: readonly string[] = ["haiku", "sonnet", "opus"];

/** A Claude model's name as Claude Code takes it: `claude-` and letters, digits, dots and dashes, no provider. */
const CLAUDE_MODEL_NAME = /^claude-[a-z0-9][a-z0-9.-]*$/;

function isFamilyAlias(word: string, models: readonly ModelInfo[]): boolean {
	if (CLAUDE_CODE_ALIASES.includes(word) || CLAUDE_MODEL_NAME.test(word)) return true;
	return (
		/^[a-z]+$/.test(word) && models.some((m) => m.provider === "anthropic" && lower(m.id).startsWith(`claude-${word}-`))
	);
}

/**
 * Whether `text` is a family alias that no provider with credentials offers here: then it stands
 * aside (see CLAUDE_CODE_ALIASES) with the explanation returned; undefined when it can be served or
 * is no alias. The parent's provider serves the parent, so it counts as one with credentials.
 */
export function unservedAlias(
	text: string,
	models: readonly ModelInfo[],
	usable: (provider: string) => boolean,
	parentProvider?: string,
): string | undefined {
	const alias = lower(text.trim());
	if (!isFamilyAlias(alias, models)) return undefined;
	if (substring(alias, models).some((m) => m.provider === parentProvider || usable(m.provider))) return undefined;
	return `no provider with credentials offers "${alias}"; log in to one that does (pi --list-models ${alias}) to use it`;
}

/** The problem of a reference that names several models, or one model on several providers. */
function ambiguity(ref: string, match: NonNullable<Exclude<Match, { model: ModelInfo }>>, options: ModelRefOptions) {
	const refs = match.ambiguous.map((m) => `${m.provider}/${m.id}`).sort();
	if (match.models) {
		const message = `is not a model's id, and names several models: ${refs.join(", ")}`;
		return problem("invalid_value", ref, message, `write the one you mean, e.g. ${refs[0]}`, options);
	}
	const auth = match.noneUsable ? "; none of these providers has credentials" : "";
	return problem(
		"invalid_value",
		ref,
		`matches models of several providers: ${refs.join(", ")}${auth}`,
		`write one as provider/id, e.g. ${refs[0]}${match.noneUsable ? ", and log in to its provider" : ""}`,
		options,
	);
}

/** Resolves one model reference against the models a runtime offers. Pure. */
export function resolveModelRef(text: string, options: ModelRefOptions): ModelRefResult {
	const ref = text.trim();
	if (ref === "")
		return problem("too_small", text, "is empty", "name a model, e.g. anthropic/claude-sonnet-4-5", options);
	if (lower(ref) === "inherit") {
		const p = options.parent;
		if (!p)
			return problem(
				"unavailable",
				ref,
				"inherit names the parent's model, and there is none here",
				"name a model",
				options,
			);
		return {
			ok: true,
			provider: p.provider,
			id: p.id,
			...(isThinkingLevel(p.thinking) && { thinking: p.thinking }),
			how: "inherit: the parent's model",
		};
	}
	let match = resolveText(ref, options.models, options);
	let thinking: ThinkingLevel | undefined;
	const cut = Math.max(ref.lastIndexOf(":"), ref.lastIndexOf("#"));
	const suffix = ref.slice(cut + 1);
	if (!match && cut > 0 && isThinkingLevel(suffix)) {
		match = resolveText(ref.slice(0, cut), options.models, options);
		thinking = suffix;
	}
	if (match && "model" in match) {
		const { provider, id } = match.model;
		const level = thinking ? `, thinking ${thinking} from the ${ref[cut]}${thinking} suffix` : "";
		return { ok: true, provider, id, ...(thinking && { thinking }), how: `${match.how}${level}` };
	}
	if (match) return ambiguity(ref, match, options);
	const near = nearest(ref, options.models);
	return problem(
		options.models.length === 0 ? "unavailable" : "not_found",
		ref,
		options.models.length === 0 ? "no models are configured" : "matches no model",
		near.length === 0
			? "configure a provider (pi --list-models shows the models), or remove the model to use the parent's"
			: `use one of: ${near.join(", ")} (pi --list-models shows all)`,
		options,
	);
}
