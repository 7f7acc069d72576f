/**
 * From what a child handed back to one envelope, or to the exact reason there is none.
 *
 * A child hands its envelope in through the submit_result tool (the primary path: models follow a
 * tool schema best) or writes it as one fenced json block in its final message (the fallback). Both
 * are looked at, always: the result is valid only when every candidate is the same envelope (identical
 * duplicates are harmless), it has the envelope's shape, and every pointer parses. Anything else
 * (no candidate, two different ones, a block that is not JSON, a wrong shape) makes it invalid, with
 * every problem listed, because an envelope that cannot be checked is a failed task.
 */
import { plural } from "../format/numbers.ts";
import { formatPath, type Problem } from "../problems.ts";
import { isRecord, valueAt } from "../values.ts";
import { type Candidate, describeSource, type EnvelopeSource, textCandidates } from "./candidates.ts";
import { type EvidenceRule, emptyProofProblem } from "./proof.ts";
import { acceptedCallNumbers, describeRejections, type RejectedCall, summarizeRejection } from "./rejected.ts";
import { canonicalJson, differingPaths } from "./same.ts";
import type { Envelope, SubmittedEnvelope } from "./schema.ts";
import { completeEnvelope, ENVELOPE_FIELDS, SUBMIT_RESULT_TOOL_NAME } from "./schema.ts";
import { envelopeProblems } from "./shape.ts";

export type { EnvelopeSource } from "./candidates.ts";
export { describeSource } from "./candidates.ts";
export type { RejectedCall } from "./rejected.ts";

export interface EnvelopeInput {
	/**
	 * The arguments of every submit_result call the tool accepted, in call order, as the tool's
	 * execute received them. Pi coerces arguments before a tool runs (`"x"` for `["x"]`, `5` for
	 * `"5"`), so the raw arguments in the transcript can fail a check the tool passed. Calls the tool
	 * rejected (Pi's schema check, or checkSubmission) are not submissions: the model was told, and
	 * could correct them.
	 */
	submissions: readonly unknown[];
	/** The text of the child's final assistant message; "" when it wrote none. */
	finalText: string;
	/**
	 * The submit_result calls that ended in an error, with their position among all calls. They are
	 * not submissions, but they number the accepted ones truly and explain a missing envelope.
	 * Undefined or [] when there were none (or no record was kept).
	 */
	rejected?: readonly RejectedCall[];
}

export type EnvelopeParse =
	| {
			ok: true;
			envelope: Envelope;
			/** Where the envelope came from (the first candidate when there were identical duplicates). */
			source: EnvelopeSource;
			/** Things worth knowing that did not make it invalid: duplicates, repairs, skipped blocks. */
			notes: string[];
	  }
	| {
			ok: false;
			/** One line: what is wrong and where. */
			reason: string;
			/** Every problem found, each with its path. */
			problems: Problem[];
	  };

const HOW_TO_SUBMIT = `call ${SUBMIT_RESULT_TOOL_NAME} once with ${ENVELOPE_FIELDS.join(", ")}, or end the final message with one fenced json block holding them`;

/** The problems' paths for a one-line reason: the first six, then how many more. */
function listPaths(problems: readonly Problem[]): string {
	const paths = problems.map(formatPath);
	return paths.length <= 6 ? paths.join(", ") : `${paths.slice(0, 6).join(", ")} and ${paths.length - 6} more`;
}

const REJECTION_FIX: Record<ReturnType<typeof summarizeRejection>["kind"], string> = {
	json: "send the arguments as one JSON object: double-quoted keys and strings, nothing cut off",
	schema: `give every field ${ENVELOPE_FIELDS.join(", ")} with the type its description asks for`,
	check: `fix what the rejection names and call ${SUBMIT_RESULT_TOOL_NAME} again`,
	second: `call ${SUBMIT_RESULT_TOOL_NAME} once, with the final result`,
	other: `fix what the rejection names and call ${SUBMIT_RESULT_TOOL_NAME} again`,
};

function rejectionProblems(rejected: readonly RejectedCall[]): Problem[] {
	return rejected.map((r) => {
		const summary = summarizeRejection(r.error);
		return {
			source: `${SUBMIT_RESULT_TOOL_NAME} call ${r.call}`,
			path: [],
			// Arguments that are not JSON at all are a syntax problem; every other rejection is of a value.
			code: summary.kind === "json" ? ("invalid_syntax" as const) : ("invalid_value" as const),
			value: undefined,
			message: `was rejected: ${summary.reason}`,
			fix: REJECTION_FIX[summary.kind],
		};
	});
}

/** What the skipped blocks add to "no envelope": the JSON blocks counted, the tagged ones named. */
function skippedSummary(skipped: ReturnType<typeof textCandidates>["skipped"]): string {
	const json = skipped.filter((s) => s.tagged === undefined);
	const tagged = skipped.filter((s) => s.tagged !== undefined);
	const parts = json.length ? [`${plural(json.length, "JSON block")} found, none an envelope`] : [];
	for (const t of tagged) parts.push(`the ${t.tagged} block at line ${t.line} is not read (only json or untagged)`);
	return parts.map((p) => `; ${p}`).join("");
}

function noEnvelope(input: EnvelopeInput, skipped: ReturnType<typeof textCandidates>["skipped"]): EnvelopeParse {
	const prose = input.finalText.trim() === "" ? "there is no final message" : "the final message has no envelope";
	const rejected = input.rejected ?? [];
	const calls = rejected.length > 0 ? describeRejections(rejected) : `${SUBMIT_RESULT_TOOL_NAME} was never called`;
	const problems: Problem[] = [
		{
			source: "(result)",
			path: [],
			code: "required",
			value: input.finalText.trim() === "" ? undefined : input.finalText.trim(),
			message: `${calls} and ${prose}`,
			fix: HOW_TO_SUBMIT,
		},
		...skipped.map((s) => ({
			source: `final message, line ${s.line}`,
			path: [],
			code: "invalid_value" as const,
			value: undefined,
			message: `the fenced block there ${s.why}`,
			fix:
				s.tagged === undefined
					? "put the envelope fields in it, or submit the envelope separately"
					: "tag the block json, or submit the envelope separately",
		})),
	];
	return { ok: false, reason: `no envelope: ${calls} and ${prose}${skippedSummary(skipped)}`, problems };
}

function notJson(broken: Array<Candidate & { json: false }>): EnvelopeParse {
	const problems = broken.map((c) => ({
		source: `final message, line ${c.line}`,
		path: [],
		code: "invalid_syntax" as const,
		value: undefined,
		message: `${describeSource(c.source)} is not valid JSON: ${c.error} (line ${c.line}, column ${c.column})`,
		fix: "write the envelope as strict JSON: double-quoted keys and strings, no comments",
	}));
	const first = broken[0]!;
	const more = broken.length > 1 ? ` (and ${plural(broken.length - 1, "other block")})` : "";
	return {
		ok: false,
		reason: `${describeSource(first.source)} is not valid JSON: ${first.error} at line ${first.line}, column ${first.column} of the message${more}`,
		problems,
	};
}

function conflict(distinct: Array<Candidate & { json: true }>): EnvelopeParse {
	const [first, ...others] = distinct;
	const problems: Problem[] = [];
	for (const other of others) {
		for (const at of differingPaths(first!.value, other.value)) {
			const show = (c: Candidate & { json: true }) => JSON.stringify(valueAt(c.value, at)) ?? "nothing";
			problems.push({
				path: at,
				code: "conflict",
				value: valueAt(other.value, at),
				message: `${describeSource(first!.source)} has ${show(first!)}, ${describeSource(other.source)} has ${show(other)}`,
				fix: `hand in one envelope: ${SUBMIT_RESULT_TOOL_NAME} once, and no different envelope in the final message`,
			});
		}
	}
	const names = distinct.map((c) => describeSource(c.source));
	const where = [...new Set(problems.map(formatPath))].slice(0, 5).join(", ");
	return {
		ok: false,
		reason: `${distinct.length} different envelopes: ${names.join(" and ")} differ at ${where}`,
		problems,
	};
}

/**
 * Decides what a child handed back: one valid envelope, or the reason it is invalid. When it is
 * invalid, every rejected submit_result call is listed among the problems too: whatever else went
 * wrong, the child tried, and what it was told matters to whoever reads the failure.
 */
export function parseEnvelope(input: EnvelopeInput): EnvelopeParse {
	const result = parseCandidates(input);
	const rejected = input.rejected ?? [];
	if (result.ok || rejected.length === 0) return result;
	return { ...result, problems: [...result.problems, ...rejectionProblems(rejected)] };
}

/** A candidate as it reads once parsed: a list it left out is `[]`, so leaving one out is no conflict. */
function withLists(value: unknown): unknown {
	return isRecord(value) ? { unsure: [], did_not_do: [], ...value } : value;
}

function parseCandidates(input: EnvelopeInput): EnvelopeParse {
	const callNumbers = acceptedCallNumbers(input.submissions.length, input.rejected ?? []);
	const fromTool: Candidate[] = input.submissions.map((value, i) => ({
		source: { kind: "submit_result", call: callNumbers[i] ?? i + 1 },
		json: true,
		value,
		trailingCommaLines: [],
	}));
	const { candidates: fromText, skipped } = textCandidates(input.finalText);
	const candidates = [...fromTool, ...fromText];
	if (candidates.length === 0) return noEnvelope(input, skipped);

	const broken = candidates.filter((c): c is Candidate & { json: false } => !c.json);
	if (broken.length > 0) return notJson(broken);

	const parsed = candidates as Array<Candidate & { json: true }>;
	const distinct = parsed.filter(
		(c, i) => parsed.findIndex((d) => canonicalJson(withLists(d.value)) === canonicalJson(withLists(c.value))) === i,
	);
	if (distinct.length > 1) return conflict(distinct);

	const chosen = parsed[0]!;
	const problems = envelopeProblems(chosen.value);
	if (problems.length > 0) {
		return {
			ok: false,
			reason: `${describeSource(chosen.source)} is not a valid envelope: ${plural(problems.length, "problem")} (${listPaths(problems)})`,
			problems,
		};
	}
	const allNotes = notes(parsed, skipped, input.rejected ?? []);
	return {
		ok: true,
		envelope: completeEnvelope(chosen.value as SubmittedEnvelope),
		source: chosen.source,
		notes: allNotes,
	};
}

function notes(
	parsed: Array<Candidate & { json: true }>,
	skipped: ReturnType<typeof textCandidates>["skipped"],
	rejected: readonly RejectedCall[],
): string[] {
	const out: string[] = [];
	for (const r of rejected) {
		out.push(`${SUBMIT_RESULT_TOOL_NAME} call ${r.call} was rejected: ${summarizeRejection(r.error).reason}`);
	}
	for (const dup of parsed.slice(1)) out.push(`${describeSource(dup.source)} repeats the same envelope`);
	for (const c of parsed) {
		if (c.trailingCommaLines.length > 0) {
			const lines = c.trailingCommaLines;
			out.push(
				`ignored trailing commas in ${describeSource(c.source)} (line${lines.length === 1 ? "" : "s"} ${lines.join(", ")})`,
			);
		}
	}
	for (const s of skipped) out.push(`skipped the fenced block at line ${s.line}: it ${s.why}`);
	return out;
}

/**
 * The check a submit_result tool runs on its arguments before accepting them: the problems
 * parseEnvelope would report, then the task's evidence rule (proof.ts) the verdict would apply, so a
 * model gets the chance to fix them instead of failing the task. `evidence` undefined means the
 * default rule (required).
 */
export function checkSubmission(args: unknown, evidence?: EvidenceRule): Problem[] {
	const problems = envelopeProblems(args);
	if (problems.length > 0) return problems;
	const proof = emptyProofProblem(completeEnvelope(args as SubmittedEnvelope), evidence);
	return proof ? [proof] : [];
}

/** The error text a rejected submit_result call returns to the model. */
export function submissionErrorText(problems: readonly Problem[]): string {
	const lines = problems.map((p) => `- ${formatPath(p)}: ${p.message}. Fix: ${p.fix}.`);
	return [
		`The result was not accepted (${plural(problems.length, "problem")}):`,
		...lines,
		`Fix them and call ${SUBMIT_RESULT_TOOL_NAME} again.`,
	].join("\n");
}
