/**
 * Model references as settings and flags write them: `provider/id`, optionally `:thinking`. Its own
 * file so the settings validator (which checks effort profiles when a file is read) and the model
 * choice share one parser without importing each other.
 */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type Thinking = (typeof THINKING_LEVELS)[number];

export const isThinking = (value: unknown): value is Thinking =>
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
