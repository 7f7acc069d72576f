/**
 * A result schema: the JSON schema an `agent()` call's deliverable must satisfy. The child is told
 * the schema in its deliverable (so it is part of what the call hash covers), writes the value as
 * JSON text in the envelope's `deliverable`, and the check runs on that text once the envelope has
 * been checked. A deliverable that is not JSON, or not of the schema's shape, makes the call FAIL
 * with the exact reason; a passing call hands the script the parsed value (`result.value`).
 *
 * The check is part of the verdict the task's own record keeps (result.json), not a second opinion
 * beside it: the workflow applies it before the record is finished (see shell.ts). Pure.
 */
import { Value } from "typebox/value";
import { notJsonReason } from "../json/problems.ts";
import { pointerSegments } from "../problems.ts";
import type { RunProblem } from "../run/outcome/verdict.ts";
import { valueAt } from "../values.ts";

export type ResultSchema = Record<string, unknown>;

/** The deliverable's text as JSON: as written, or inside one ```json fence. */
export function parseDeliverable(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
	const trimmed = text.trim();
	const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/.exec(trimmed);
	try {
		return { ok: true, value: JSON.parse(fenced?.[1] ?? trimmed) };
	} catch {
		return { ok: false, reason: notJsonReason(fenced?.[1] ?? trimmed) };
	}
}

/** At most this many schema errors are listed one by one. */
const LISTED = 5;

/** The value, or the problems that make the deliverable fail the schema. */
export function checkDeliverable(
	text: string,
	schema: ResultSchema,
): { ok: true; value: unknown } | { ok: false; problems: RunProblem[] } {
	const parsed = parseDeliverable(text);
	if (!parsed.ok) {
		const message = `the deliverable is not the JSON the result schema asks for: ${parsed.reason}`;
		const fix = "have the child write the deliverable as one JSON value and nothing else (a ```json fence is fine)";
		return { ok: false, problems: [{ path: ["deliverable"], code: "envelope", value: text, message, fix }] };
	}
	if (Value.Check(schema, parsed.value)) return { ok: true, value: parsed.value };
	const errors = [...Value.Errors(schema, parsed.value)];
	const fix = "say in the prompt what each field holds, or loosen the schema where the child may rightly differ";
	const problems: RunProblem[] = errors.slice(0, LISTED).map((e) => {
		const at = pointerSegments(e.instancePath);
		return {
			path: ["deliverable", ...at],
			code: "envelope",
			value: valueAt(parsed.value, at),
			message: `the deliverable does not satisfy the result schema: ${e.instancePath || "(the value)"} ${e.message}`,
			fix,
		};
	});
	if (errors.length > LISTED) {
		const more = errors.length - LISTED;
		const message = `…and ${more} more result schema errors`;
		problems.push({ path: ["deliverable"], code: "envelope", value: more, message, fix });
	}
	return { ok: false, problems };
}

/** A task result with the schema applied: a PASS whose deliverable fails the schema becomes a FAIL. */
export function applyResultSchema<R extends { verdict: "PASS" | "FAIL"; problems: RunProblem[] }>(
	result: R & { envelope: { deliverable: string } | undefined },
	schema: ResultSchema | undefined,
): R & { value?: unknown } {
	if (!schema || !result.envelope) return result;
	const checked = checkDeliverable(result.envelope.deliverable, schema);
	if (checked.ok) return { ...result, value: checked.value };
	return { ...result, verdict: "FAIL", problems: [...result.problems, ...checked.problems] };
}
