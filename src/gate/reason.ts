/**
 * The text a blocked fork hands back to the model. It is paid for in tokens on every later request
 * of the conversation, so it says four things and stops: that the fork was blocked and why (the
 * kinds that tripped, with the quoted words), the rule in one sentence, and the call to make instead.
 * A long brief is not repeated: the model has it in the call it just made.
 */
import { callText } from "./propose.ts";
import type { GateDecision, GateReason, ReasonKind, TaskProposal } from "./types.ts";

/** The rule, in the one sentence the reason text carries. */
export const GATE_RULE_SENTENCE =
	"A child that writes or must obey a rule is a task (it sees only its spec and is checked PASS/FAIL); " +
	"a fork (it sees this whole conversation) is for read-only exploration or parallel opinions.";

/** Goals longer than this are not repeated in the proposed call. */
export const GOAL_LIMIT = 200;

/** At most this many quoted reasons; the rest are counted. */
const MAX_QUOTES = 6;
const MAX_QUOTE_LENGTH = 48;

const KIND_WORDS: Record<ReasonKind, string> = {
	prohibition: "a prohibition",
	"write-boundary": "a write boundary",
	"file-change": "a file-changing order",
	"not-read-only": "words that do not read as read-only",
};

/** One quote, on one line, shortened if long. */
export function showQuote(quote: string): string {
	const flat = quote.replace(/\s+/g, " ");
	return JSON.stringify(flat.length > MAX_QUOTE_LENGTH ? `${flat.slice(0, MAX_QUOTE_LENGTH - 1)}…` : flat);
}

/** "a prohibition ("do not edit"), a file-changing order ("fix the typo")" — the kinds in order, quoted. */
export function trippedText(reasons: readonly GateReason[]): string {
	const kinds: ReasonKind[] = ["prohibition", "write-boundary", "file-change", "not-read-only"];
	const shown = reasons.slice(0, MAX_QUOTES);
	const parts = kinds.flatMap((kind) => {
		const quotes = shown.filter((r) => r.kind === kind).map((r) => showQuote(r.quote));
		return quotes.length > 0 ? [`${KIND_WORDS[kind]} (${quotes.join(", ")})`] : [];
	});
	const more = reasons.length - shown.length;
	return `${parts.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

/** The text for a blocked fork of one brief; empty for a brief the gate lets through. */
export function gateReason(decision: GateDecision, proposal: TaskProposal): string {
	if (decision.route === "fork") return "";
	return [
		`Fork blocked: the brief has ${trippedText(decision.reasons)}.`,
		GATE_RULE_SENTENCE,
		"Call instead:",
		callText(proposal, { goalLimit: GOAL_LIMIT }),
	].join("\n");
}

/** One brief of a fork call the gate blocked, with what it found and the task to send instead. */
export interface BlockedBrief {
	/** 1-based position among the call's briefs. */
	position: number;
	decision: GateDecision;
	proposal: TaskProposal;
}

/**
 * The text for a fork call of several briefs, some blocked: which ones, why, and a task call for
 * each; the rule sentence once. With a single brief it is exactly `gateReason`.
 */
export function gateReasonForBriefs(blocked: readonly BlockedBrief[], total: number): string {
	const [only] = blocked;
	if (total === 1 && only && blocked.length === 1) return gateReason(only.decision, only.proposal);
	const which = blocked.map((b) => b.position).join(", ");
	const lines = [
		`Fork blocked: ${blocked.length} of ${total} briefs must be tasks (brief ${which}); send the others as a fork again.`,
		GATE_RULE_SENTENCE,
	];
	for (const b of blocked) {
		lines.push(`Brief ${b.position} has ${trippedText(b.decision.reasons)}. Call instead:`);
		lines.push(callText(b.proposal, { goalLimit: GOAL_LIMIT }));
	}
	return lines.join("\n");
}
