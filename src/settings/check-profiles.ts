/**
 * The rules for `effortProfiles`: each effort (fast, balanced, deep) names a model as
 * "provider/model-id", or as { "model": …, "thinking": … }. The schema says the shape; a model
 * reference must also parse, which a pattern could only approximate.
 */
import type { Problem } from "../problems.ts";
import { EFFORTS, type Effort } from "../request/choices.ts";
import { isThinking, parseModelRef, THINKING_LEVELS } from "../spec/model-ref.ts";
import { didYouMean } from "../suggest.ts";
import { isRecord } from "../values.ts";
import type { KeyPlace } from "./place.ts";
import type { EffortProfile } from "./types.ts";

export const EFFORT_PROFILES_KEY = "effortProfiles";

/** Why an entry is not a profile, or undefined when it is one. */
function entryMessage(entry: unknown): string | undefined {
	const model = typeof entry === "string" ? entry : isRecord(entry) ? entry.model : undefined;
	if (isRecord(entry)) {
		const extra = Object.keys(entry).filter((k) => k !== "model" && k !== "thinking");
		if (extra.length > 0) {
			const near = extra.length === 1 ? didYouMean(extra[0] as string, ["model", "thinking"]) : "";
			return `unknown key ${extra.map((k) => `"${k}"`).join(", ")}${near}; an effort profile has only "model" and "thinking"`;
		}
		const thinking = entry.thinking;
		if (thinking !== undefined && !isThinking(thinking)) {
			const near = typeof thinking === "string" ? didYouMean(thinking, THINKING_LEVELS) : "";
			return `"thinking" must be one of ${THINKING_LEVELS.join(", ")}${near}`;
		}
	}
	if (typeof model !== "string" || !parseModelRef(model)) {
		return 'must be "provider/model-id" or { "model": "provider/model-id", "thinking": "<level>" }';
	}
	return undefined;
}

/**
 * Checks an `effortProfiles` value: one problem per bad entry, and the good entries, so a listing
 * can still show them; a caller refuses to run while any problem remains.
 */
export function checkEffortProfiles(
	value: unknown,
	at: KeyPlace,
): { profiles: Partial<Record<Effort, EffortProfile>>; problems: Problem[] } {
	const profiles: Partial<Record<Effort, EffortProfile>> = {};
	const problems: Problem[] = [];
	if (!isRecord(value)) {
		problems.push({
			...at(EFFORT_PROFILES_KEY),
			code: "invalid_type",
			value,
			message: "must be an object mapping an effort (fast, balanced, deep) to a model",
			fix: 'write e.g. "effortProfiles": { "fast": "anthropic/claude-haiku-4-5" }',
		});
		return { profiles, problems };
	}
	for (const [effort, entry] of Object.entries(value)) {
		const place = at(EFFORT_PROFILES_KEY, effort);
		if (!(EFFORTS as readonly string[]).includes(effort)) {
			problems.push({
				...place,
				code: "unknown_key",
				value: entry,
				message: `"${effort}" is not an effort${didYouMean(effort, EFFORTS)}`,
				fix: `use one of: ${EFFORTS.join(", ")}`,
			});
			continue;
		}
		const message = entryMessage(entry);
		if (message !== undefined) {
			problems.push({
				...place,
				code: "invalid_value",
				value: entry,
				message,
				fix: `e.g. "${effort}": { "model": "anthropic/claude-sonnet-4-5", "thinking": "medium" }; thinking is one of ${THINKING_LEVELS.join(", ")}`,
			});
			continue;
		}
		const model = typeof entry === "string" ? entry : ((entry as Record<string, unknown>).model as string);
		const thinking = isRecord(entry) && isThinking(entry.thinking) ? entry.thinking : undefined;
		profiles[effort as Effort] = { model, ...(thinking ? { thinking } : {}) };
	}
	return { profiles, problems };
}
