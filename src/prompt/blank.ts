/** When a prompt channel counts as empty. Pure. */

/**
 * A prompt that is empty after trimming carries no words to adopt (ADR 0011: a child with nothing to
 * adopt gets the generic base), so a SYSTEM.md of blank lines is treated as absent, and preview says so.
 */
export function hasWords(text: string | undefined): text is string {
	return text !== undefined && text.trim() !== "";
}

export const BLANK_NOTES = {
	base: "the operator's custom prompt (SYSTEM.md) holds only white space: there is nothing to adopt, so the child gets the generic base",
	mainRules: "the appended prompt (APPEND_SYSTEM.md) holds only white space: there is nothing to pass on",
} as const;
