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
 * - `deliverable`, `evidence` and `status` are required; `unsure` and `did_not_do` may be left out
 *   and then read as `[]` (`completeEnvelope`). Every child writes its envelope as output, the
 *   dearest token, and most have nothing to put there: the two empty lists were a fifth of a short
 *   envelope. `status` stays required (a child must judge it), and `partial` is still told to say
 *   what it did not do. A field that is present is checked as before.
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
		unsure: Type.Optional(textList("What you could not establish; leave out if none.")),
		did_not_do: Type.Optional(textList("What was asked that you did not do, and why; leave out if none.")),
		status: Type.Unsafe<EnvelopeStatus>({
			type: "string",
			enum: [...STATUSES],
			description: "ok: all done as asked; partial: some done (see did_not_do); failed: no usable result.",
		}),
	},
	{ additionalProperties: false },
);

/** An envelope as a child sends it: `unsure` and `did_not_do` may be absent. */
export type SubmittedEnvelope = Static<typeof EnvelopeSchema>;

/** An envelope as checked and read: the lists a child may leave out are there, `[]` when it did. */
export type Envelope = Required<Static<typeof EnvelopeSchema>>;

/**
 * A valid envelope with the lists it left out filled in as `[]`, in the schema's field order (the
 * audit record and every reader see one shape). The same object when nothing was left out.
 */
export function completeEnvelope(value: SubmittedEnvelope): Envelope {
	if (value.unsure !== undefined && value.did_not_do !== undefined) return value as Envelope;
	const { deliverable, evidence, unsure = [], did_not_do = [], status } = value;
	return { deliverable, evidence, unsure, did_not_do, status };
}

/**
 * The schema `submit_result` sends to the model, in every child's prefix: the envelope's shape with
 * as few words as the model needs to fill it. What it leaves out (the non-blank rule on text, the
 * pointer's description beyond its forms, the status words) the tool's description says once, and
 * the check applies EnvelopeSchema itself, before Pi's own check of this looser one (submit-tool.ts
 * `prepareArguments`): a call this accepts and EnvelopeSchema does not is rejected with its problems.
 */
export const SubmitParamsSchema = Type.Object(
	{
		deliverable: Type.String({ description: "The answer, in the shape asked for; or what stopped you." }),
		evidence: Type.Array(
			Type.Object(
				{
					claim: Type.String(),
					pointer: Type.String({ description: "path:line, path:start-end, path, or cmd: <a command you ran>" }),
				},
				{ additionalProperties: false },
			),
		),
		unsure: Type.Optional(Type.Array(Type.String())),
		did_not_do: Type.Optional(Type.Array(Type.String())),
		status: Type.Unsafe<EnvelopeStatus>({ type: "string", enum: [...STATUSES] }),
	},
	{ additionalProperties: false },
);
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
	"Hand in your result once, as your last action; a task not finished with it fails.",
	"Each evidence pointer (paths in the roots) is verified; an ok needs one unless the task says evidence is optional.",
	"Leave out unsure and did_not_do if none; a partial says what it did not do.",
	"A rejected call names what to fix: fix it and call again. An honest partial beats a false ok.",
].join("\n");

/** One line for the tool list in a system prompt. */
export const SUBMIT_RESULT_PROMPT_SNIPPET = "Hand in your finished result (ends your work)";
