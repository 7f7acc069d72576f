/**
 * How a checked envelope reads, for a terminal and as JSON. One verdict rule, shared by both:
 * PASS only when the envelope is valid, an ok cites evidence (unless the rule is relaxed), and, if
 * pointers were verified, every one of them held. The envelope is a child's, written to be checked
 * by this very report: column 0 is the report's own (its labels, and the verdict last), the
 * deliverable is indented under its label, and every other value the child wrote stays on its line.
 */
import { indentedChildText, inline } from "../format/child-text.ts";
import { plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { terminalSafe } from "../format/text.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { describeSource, type EnvelopeParse } from "./parse.ts";
import { DEFAULT_EVIDENCE_RULE, type EvidenceRule, emptyProofProblem, relaxedProofNote } from "./proof.ts";
import type { ClaimCheck } from "./verify.ts";

export interface EnvelopeCheck {
	parse: EnvelopeParse;
	/** One result per evidence entry when pointers were verified; undefined when they were not. */
	claims: ClaimCheck[] | undefined;
	/** Whether an ok must cite evidence (proof.ts); undefined means required. */
	evidence?: EvidenceRule;
}

/** The empty-proof problem of a valid envelope, if it has one. */
function proofProblem(check: EnvelopeCheck): Problem | undefined {
	return check.parse.ok ? emptyProofProblem(check.parse.envelope, check.evidence) : undefined;
}

/** True when the envelope is valid, an ok cites evidence unless relaxed, and every verified pointer held. */
export function checkPassed(check: EnvelopeCheck): boolean {
	return check.parse.ok && proofProblem(check) === undefined && (check.claims ?? []).every((c) => c.verified);
}

function indent(text: string, by = "  "): string {
	return text
		.split("\n")
		.map((line) => (line === "" ? line : by + line))
		.join("\n");
}

function list(title: string, items: readonly string[]): string[] {
	return items.length === 0 ? [`${title}: none`] : [`${title}:`, ...items.map((i) => indent(`- ${inline(i)}`))];
}

function evidenceLines(check: EnvelopeCheck & { parse: { ok: true } }): string[] {
	const evidence = check.parse.envelope.evidence;
	if (evidence.length === 0) return ["evidence: none"];
	const rows = evidence.map((item, i) => {
		const c = check.claims?.[i];
		const mark = c === undefined ? "·" : c.verified ? "✓" : "✗";
		const result = c === undefined ? "not checked" : c.verified ? c.detail : c.reason;
		return [mark, String(i + 1), inline(item.pointer), inline(result), inline(item.claim)];
	});
	const table = renderTable(["", "#", "pointer", "check", "claim"], rows, ["left", "right"]);
	return ["evidence:", indent(table)];
}

function verdictLine(check: EnvelopeCheck): string {
	if (!check.parse.ok) return `FAIL  invalid envelope: ${check.parse.reason}`;
	if (proofProblem(check)) {
		return "FAIL  valid envelope, but status is ok with no evidence: an ok must cite something (--evidence optional relaxes this)";
	}
	const total = check.parse.envelope.evidence.length;
	if (total === 0) return "PASS  valid envelope, with no evidence to verify";
	if (check.claims === undefined) {
		return `PASS  valid envelope; ${plural(total, "pointer")} not verified (give --roots and --commands-file to verify them)`;
	}
	const failed = check.claims.filter((c) => !c.verified).length;
	if (failed > 0) return `FAIL  valid envelope, but ${failed} of ${total} pointers failed verification`;
	return `PASS  valid envelope, ${total} of ${total} pointers verified`;
}

/** The terminal report: the envelope, a mark per claim, notes, and the verdict last (terminal-safe). */
export function renderEnvelopeReport(check: EnvelopeCheck): string {
	const { parse } = check;
	if (!parse.ok) return terminalSafe([formatProblems(parse.problems), "", inline(verdictLine(check))].join("\n"));
	const e = parse.envelope;
	const proof = proofProblem(check);
	const relaxed = relaxedProofNote(e, check.evidence);
	const lines = [
		`source: ${describeSource(parse.source)}`,
		`status: ${e.status}`,
		"deliverable:",
		indentedChildText(e.deliverable.replace(/\s+$/, "")),
		...evidenceLines({ ...check, parse }),
		...list("unsure", e.unsure),
		...list("did not do", e.did_not_do),
		...(parse.notes.length ? list("notes", parse.notes) : []),
		...(proof ? [formatProblems([proof])] : []),
		...(relaxed ? [`note: ${relaxed}`] : []),
		"",
		verdictLine(check),
	];
	return terminalSafe(lines.join("\n"));
}

/** The machine-readable report (`--json`). */
export function envelopeReportJson(check: EnvelopeCheck): {
	pass: boolean;
	valid: boolean;
	evidence: EvidenceRule;
	reason: string | undefined;
	problems: Problem[];
	source: string | undefined;
	envelope: unknown;
	notes: string[];
	claims: ClaimCheck[] | undefined;
} {
	const { parse } = check;
	const proof = proofProblem(check);
	return {
		pass: checkPassed(check),
		valid: parse.ok,
		evidence: check.evidence ?? DEFAULT_EVIDENCE_RULE,
		reason: parse.ok ? undefined : parse.reason,
		problems: parse.ok ? (proof ? [proof] : []) : parse.problems,
		source: parse.ok ? describeSource(parse.source) : undefined,
		envelope: parse.ok ? parse.envelope : undefined,
		notes: parse.ok ? parse.notes : [],
		claims: check.claims,
	};
}
