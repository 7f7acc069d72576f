/**
 * Plain words for each place in an envelope: what belongs there, and how to fix what does not. The
 * shape check phrases every mistake from this table, so a model reads "must be a list of text, not
 * a string" with a fix it can copy, instead of a schema validator's keyword.
 */
import { ENVELOPE_FIELDS, STATUSES } from "./schema.ts";

export interface EnvelopeFieldText {
	/** What belongs there, as a noun phrase: "text", "a list of {claim, pointer}". */
	expects: string;
	/** The fix when the value has the wrong type, given the value found. */
	typeFix: (value: unknown) => string;
	/** The fix when the field is missing. */
	missingFix: string;
	/** Added to "is missing" when the reason matters: ": a claim without a pointer cannot be checked". */
	missingWhy?: string;
	/** The fix when the text is blank. */
	emptyFix?: string;
}

const POINTER_FORMS = "path:line, path:start-end, path, or cmd: <command>";
const quotedStatuses = STATUSES.map((s) => `"${s}"`).join(", ");

const text = (emptyFix: string, missingFix: string, extra: Partial<EnvelopeFieldText> = {}): EnvelopeFieldText => ({
	expects: "text",
	typeFix: () => "write it as a JSON string",
	missingFix,
	emptyFix,
	...extra,
});

const textList = (missingFix: string): EnvelopeFieldText => ({
	expects: "a list of text",
	typeFix: (v) => (typeof v === "string" ? `write [${JSON.stringify(v)}]` : "write a list of sentences, or []"),
	missingFix,
});

/** Keyed by the path with indices written `[]` (see pathPattern). */
export const ENVELOPE_FIELD_TEXT: Readonly<Record<string, EnvelopeFieldText>> = {
	"(root)": {
		expects: "an object",
		typeFix: () => `submit one object with the fields ${ENVELOPE_FIELDS.join(", ")}`,
		missingFix: `submit one object with the fields ${ENVELOPE_FIELDS.join(", ")}`,
	},
	deliverable: text(
		"put the answer itself here; if there is none, say why",
		"add deliverable: the answer itself, as text",
		{
			typeFix: () => "write it as one JSON string; a list or table goes inside the text",
		},
	),
	evidence: {
		expects: "a list of {claim, pointer}",
		typeFix: () => "write a list of {claim, pointer} objects, or []",
		missingFix: "add evidence: a list of {claim, pointer}, or [] if there is nothing to point at",
	},
	"evidence[]": {
		expects: "an object {claim, pointer}",
		typeFix: () => 'write {"claim": "…", "pointer": "path:line"}',
		missingFix: 'write {"claim": "…", "pointer": "path:line"}',
	},
	"evidence[].claim": text("state the claim in a sentence", "add claim: the statement this pointer backs"),
	"evidence[].pointer": text(`write ${POINTER_FORMS}`, `add pointer: ${POINTER_FORMS}; every claim needs one`, {
		missingWhy: ": a claim without a pointer cannot be checked",
	}),
	unsure: textList("add unsure: a list of doubts, or leave it out if none"),
	"unsure[]": text("write the doubt in a sentence, or drop the empty item", "write the doubt in a sentence"),
	did_not_do: textList("add did_not_do: a list of what was not done, or leave it out if none"),
	"did_not_do[]": text("write what was not done and why, or drop the empty item", "write what was not done and why"),
	status: {
		expects: `one of ${quotedStatuses}`,
		typeFix: () => '"ok" when all is done, "partial" when some is, "failed" when there is no usable result',
		missingFix: `add status: one of ${quotedStatuses}`,
	},
};

const UNLISTED: EnvelopeFieldText = {
	expects: "a valid value",
	typeFix: () => "see the submit_result parameters",
	missingFix: "add it",
};

/** The words for a path pattern; generic ones for a path the table does not list. */
export function envelopeFieldText(pattern: string): EnvelopeFieldText {
	return ENVELOPE_FIELD_TEXT[pattern] ?? UNLISTED;
}
