/**
 * The result envelope: the one shape in which a child hands back its work, and the `submit_result`
 * tool a child uses to hand it back. The field descriptions below double as the tool's parameter
 * docs, so they are written for the model that fills them in.
 *
 * Decisions (see also parse.ts, shape.ts and proof.ts, which enforce them):
 * - `deliverable` is a non-empty string. The spec's own `deliverable` describes the wanted shape in
 *   words; a string carries any shape (prose, a list, code, embedded JSON), every model produces one
 *   reliably, and a string-or-object union would need `anyOf`, which several providers' tool schemas
 *   handle badly.
 * - Every field is required, `[]` included: an explicit empty `unsure` is a statement, a missing one
 *   is a model that never considered the question. In the tool path Pi rejects the call and the model
 *   corrects it at once, so strictness costs a retry, not a run.
 * - Unknown fields are rejected (`additionalProperties: false`): whatever a model puts in an invented
 *   field is invisible to the parent's check, so it belongs in `deliverable` or `unsure` instead.
 * - `evidence: []` fits the shape whatever the status: a partial or failed result may have nothing
 *   to point at. That an ok must cite something is the task's rule, not the shape's (proof.ts: the
 *   spec field `evidence` can relax it); submit_result and the verdict apply it.
 * - Field order puts `status` last: models fill tool arguments roughly in schema order, and judging
 *   the status after listing what is unsure and what was not done makes a careless "ok" less likely.
 * - Text fields must contain a non-whitespace character (`pattern: "\S"`), so `" "` is as empty as `""`.
 */
import { type Static, Type } from "typebox";

/** The three outcomes a child can report. */
export const STATUSES = ["ok", "partial", "failed"] as const;
export type EnvelopeStatus = (typeof STATUSES)[number];

/** The envelope's fields, in the order the schema lists them. */
export const ENVELOPE_FIELDS = ["deliverable", "evidence", "unsure", "did_not_do", "status"] as const;

/** JSON Schema pattern shared by every text field: at least one non-whitespace character. */
export const NON_BLANK = "\\S";

export const EvidenceSchema = Type.Object(
	{
		claim: Type.String({
			pattern: NON_BLANK,
			description: "One checkable statement.",
		}),
		pointer: Type.String({
			pattern: NON_BLANK,
			description: "'path:line', 'path:start-end', 'path', or 'cmd: <a command you ran, exactly>'; paths in the roots.",
		}),
	},
	{ additionalProperties: false },
);

const textList = (description: string) => Type.Array(Type.String({ pattern: NON_BLANK }), { description });

export const EnvelopeSchema = Type.Object(
	{
		deliverable: Type.String({
			pattern: NON_BLANK,
			description: "The answer, in the shape asked for; or what stopped you.",
		}),
		evidence: Type.Array(EvidenceSchema, {
			description:
				"Claims the deliverable rests on, each with a pointer that is verified. An ok needs one unless the task says evidence is optional; with nothing checkable, use partial.",
		}),
		unsure: textList("What you could not establish. [] if none."),
		did_not_do: textList("What was asked that you did not do, and why. [] if none."),
		status: Type.Unsafe<EnvelopeStatus>({
			type: "string",
			enum: [...STATUSES],
			description: "ok: all done as asked; partial: some done (see did_not_do); failed: no usable result.",
		}),
	},
	{ additionalProperties: false },
);

export type Envelope = Static<typeof EnvelopeSchema>;
export type Evidence = Static<typeof EvidenceSchema>;

/** The name of the tool through which a child returns its envelope. */
export const SUBMIT_RESULT_TOOL_NAME = "submit_result";

/** A short label for the tool in a terminal UI. */
export const SUBMIT_RESULT_TOOL_LABEL = "Submit result";

/**
 * What the model reads about the tool. Static text, so sibling children keep byte-identical tool
 * definitions (and so share a prompt cache).
 */
export const SUBMIT_RESULT_TOOL_DESCRIPTION = [
	"Hand in your result once, on its own, as your last action: it ends your work, and a task not finished",
	"with it fails. It is checked: a wrong shape, or a pointer to a missing line or an unrun command, fails",
	"it; if the call is rejected, fix what the error names and call again. An honest partial beats a false ok.",
].join(" ");

/** One line for the tool list in a system prompt. */
export const SUBMIT_RESULT_PROMPT_SNIPPET = "Hand in your finished result (ends your work)";
