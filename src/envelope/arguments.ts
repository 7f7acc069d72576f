/**
 * What submit_result makes of its raw arguments before Pi's schema check runs (the tool's
 * `prepareArguments`). Two things, both so that a model reads the envelope's own words:
 * - a list sent as JSON text (`"evidence": "[{\"claim\": …}]"`, a double encoding some models and
 *   providers produce) is read as the list it holds; the content is unchanged, only its wrapping;
 * - arguments Pi's check would reject are rejected here first, with every problem in the words of
 *   shape.ts (path, what is wrong, the fix) instead of the schema validator's, and a list sent as
 *   text that is not even JSON is reported with the line and column where it breaks.
 * Arguments Pi would accept pass unchanged: Pi's own coercion (`"x"` for `["x"]`) still applies.
 * Pure: Pi's verdict comes in as `accepts`.
 */
import type { Problem } from "../problems.ts";
import { isRecord } from "../values.ts";
import { readJson } from "./candidates.ts";
import { envelopeProblems } from "./shape.ts";

const LIST_FIELDS = ["evidence", "unsure", "did_not_do"] as const;

export type PreparedSubmission = { ok: true; value: unknown } | { ok: false; problems: Problem[] };

/** Reads each list field sent as JSON text; a broken one is a problem when no text could be right there. */
function unwrapLists(args: Record<string, unknown>): { value: Record<string, unknown>; problems: Problem[] } {
	const value = { ...args };
	const problems: Problem[] = [];
	for (const field of LIST_FIELDS) {
		const text = value[field];
		if (typeof text !== "string" || !text.trim().startsWith("[")) continue;
		const read = readJson(text);
		if (read.ok && Array.isArray(read.value)) value[field] = read.value;
		else if (!read.ok && field === "evidence") {
			problems.push({
				path: [field],
				code: "invalid_type",
				value: text,
				message: `must be a list, not text; this text looks like a JSON list but is not valid JSON (${read.message} at line ${read.line}, column ${read.column})`,
				fix: "pass the list itself, not a string holding it",
			});
		}
	}
	return { value, problems };
}

/**
 * Prepares raw submit_result arguments. `accepts` is Pi's schema check (with its coercion). Empty
 * arguments pass untouched: they are what Pi substitutes for arguments that were not JSON, and Pi's
 * own error, which quotes the text received, is the true reason.
 */
export function prepareSubmission(raw: unknown, accepts: (value: unknown) => boolean): PreparedSubmission {
	if (!isRecord(raw) || Object.keys(raw).length === 0) return { ok: true, value: raw };
	const { value, problems } = unwrapLists(raw);
	// The same object when nothing was unwrapped: Pi then keeps the call's arguments as they were.
	const unchanged = LIST_FIELDS.every((field) => value[field] === raw[field]);
	if (problems.length === 0 && accepts(value)) return { ok: true, value: unchanged ? raw : value };
	const found = [...problems, ...envelopeProblems(value).filter((p) => !problems.some((q) => q.path === p.path))];
	// Nothing of ours to say: let Pi's check speak for itself.
	return found.length === 0 ? { ok: true, value } : { ok: false, problems: found };
}
