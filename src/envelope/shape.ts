/**
 * Is a candidate an envelope? Two layers: EnvelopeSchema itself, walked by schema-problems.ts and
 * phrased from fields.ts (so the check accepts what the schema accepts by construction, and reports
 * every mistake with its path, what is wrong and the fix), then the rules a schema cannot express:
 * each pointer must follow the pointer grammar (pointer.ts), with a fix for the near misses models
 * write. Whether an `ok` needs evidence depends on the task, not on the envelope: see proof.ts.
 */
import type { Problem } from "../problems.ts";
import { type Phrasebook, pathPattern, type SchemaIssueAt, schemaProblems } from "../schema-problems.ts";
import { closest } from "../suggest.ts";
import { isRecord, kindOf } from "../values.ts";
import { envelopeFieldText } from "./fields.ts";
import { parsePointer } from "./pointer.ts";
import { EnvelopeSchema, STATUSES } from "./schema.ts";

function unknownKey(at: SchemaIssueAt & { issue: { kind: "unknown" } }): { message: string; fix: string } {
	const { key, known } = at.issue;
	const topLevel = at.path.length === 1;
	const guess = closest(key, known);
	const otherwise = topLevel
		? "move what it says into deliverable, unsure or did_not_do, and drop the field"
		: "fold it into the claim, and drop the field";
	return {
		message: `is not ${topLevel ? "an envelope" : "an evidence"} field (the fields are ${known.join(", ")})`,
		fix: guess ? `rename it to ${guess}` : otherwise,
	};
}

function statusFix(value: unknown, fallback: string): string {
	const lower = typeof value === "string" ? value.trim().toLowerCase() : undefined;
	return STATUSES.some((s) => s === lower) ? `write "${lower}"` : fallback;
}

/** The envelope's words for each kind of issue. */
const ENVELOPE_PHRASES: Phrasebook = {
	unknownKeys: "last",
	phrase(at) {
		const pattern = pathPattern(at.path);
		const words = envelopeFieldText(pattern);
		const { issue, value } = at;
		switch (issue.kind) {
			case "unknown":
				return unknownKey({ ...at, issue });
			case "missing":
				return { message: `is missing${words.missingWhy ?? ""}`, fix: words.missingFix };
			case "type":
				return {
					message: `must be ${words.expects}, not ${kindOf(value)}`,
					fix: pattern === "status" ? statusFix(value, words.typeFix(value)) : words.typeFix(value),
				};
			case "rule":
				if (issue.keyword === "pattern") return { message: "is empty", fix: words.emptyFix ?? words.typeFix(value) };
				if (pattern === "status") {
					return { message: `must be ${words.expects}`, fix: statusFix(value, words.typeFix(value)) };
				}
				return { message: `must be ${words.expects}`, fix: words.typeFix(value) };
		}
	},
};

/** Every way `value` fails EnvelopeSchema, field by field in schema order; [] when it has the envelope's shape. */
export function shapeProblems(value: unknown): Problem[] {
	return schemaProblems(EnvelopeSchema, value, ENVELOPE_PHRASES);
}

/** Pointer-grammar problems of every well-formed pointer string. */
function pointerProblems(value: unknown): Problem[] {
	if (!isRecord(value) || !Array.isArray(value.evidence)) return [];
	return value.evidence.flatMap((item, i) => {
		if (!isRecord(item) || typeof item.pointer !== "string" || !/\S/.test(item.pointer)) return [];
		const parsed = parsePointer(item.pointer, ["evidence", i, "pointer"]);
		return parsed.ok ? [] : parsed.problems;
	});
}

/** Shape and pointer-grammar problems of one candidate; [] when it is a valid envelope. */
export function envelopeProblems(value: unknown): Problem[] {
	return [...shapeProblems(value), ...pointerProblems(value)];
}
