/**
 * The empty-proof rule: a child that reports `ok` must point at something checkable. A confident
 * "done" backed by nothing (often after no tool call at all) is the failure a result envelope exists
 * to catch, so by default `ok` needs at least one evidence entry; every entry's pointer is then
 * verified as always, so an `ok` that passes has at least one verified pointer.
 *
 * A task whose deliverable needs nothing to point at (a plan, a summary of what the caller pasted)
 * relaxes it with the spec field `evidence: "optional"`. Then an `ok` without evidence passes, any
 * pointer given is still verified, and the report says the rule was relaxed. `partial` and `failed`
 * never need evidence: they already fail the task on their status. Pure.
 */
import type { Problem } from "../problems.ts";
import { DEFAULT_EVIDENCE_RULE, type EvidenceRule } from "../request/choices.ts";
import type { Envelope } from "./schema.ts";

export { DEFAULT_EVIDENCE_RULE, EVIDENCE_RULES, type EvidenceRule } from "../request/choices.ts";

/** The path and words of the problem, shared by the submit tool, the verdict and `envelope check`. */
export const EMPTY_PROOF_MESSAGE = "is empty, but status is ok: an ok result must point at something checkable";
export const EMPTY_PROOF_FIX =
	"add at least one {claim, pointer} backing the deliverable (path:line, path, or cmd: <command you ran>); " +
	'if you could not check anything, say so and use status "partial"';

/**
 * The problem with an envelope whose `ok` rests on nothing, or undefined. `rule` is the task's
 * spec field; undefined means the default (required), so forgetting to pass it never relaxes it.
 */
export function emptyProofProblem(
	envelope: Pick<Envelope, "status" | "evidence">,
	rule: EvidenceRule | undefined,
): Problem | undefined {
	if ((rule ?? DEFAULT_EVIDENCE_RULE) === "optional") return undefined;
	if (envelope.status !== "ok" || envelope.evidence.length > 0) return undefined;
	const { evidence } = envelope;
	return { path: ["evidence"], code: "too_small", value: evidence, message: EMPTY_PROOF_MESSAGE, fix: EMPTY_PROOF_FIX };
}

/** One line for a report when the rule was relaxed, or undefined when it was not. */
export function relaxedProofNote(
	envelope: Pick<Envelope, "status" | "evidence"> | undefined,
	rule: EvidenceRule | undefined,
): string | undefined {
	if ((rule ?? DEFAULT_EVIDENCE_RULE) !== "optional") return undefined;
	const unbacked = envelope !== undefined && envelope.status === "ok" && envelope.evidence.length === 0;
	return unbacked
		? 'evidence not required (spec: evidence "optional"): this ok result cites nothing to check'
		: 'evidence not required (spec: evidence "optional"); the pointers given were still verified';
}

/**
 * What the task brief says about evidence when the spec relaxes the rule. The default (an ok must
 * cite something) is stated once, in `submit_result`'s definition, which every sibling child reads
 * from one cache entry; only the exception travels in the per-run first message.
 */
export const EVIDENCE_OPTIONAL_BRIEF =
	"This task needs no evidence: an ok without pointers is accepted, but every pointer you do give is checked.";
