/**
 * The task call a blocked fork should have been. The goal is the brief verbatim (a task's child
 * sees nothing else, and the brief was written for a child); the deliverable asks for checkable
 * claims; the only root is the working directory. A brief that must write gets `read_only: false`
 * and a write_allowed that is a marked placeholder, never a guess: write_allowed is authority, and
 * prose is no ground for authority. Paths the brief names go into comments, as hints.
 */
import { classifyBrief } from "./classify.ts";
import { slugFromBrief } from "./slug.ts";
import { type GateDecision, type ProposedParams, type TaskProposal, WRITE_ALLOWED_PLACEHOLDER } from "./types.ts";

/** What a read-only child hands back: the answer, with pointers the parent can check. */
export const READ_DELIVERABLE = "The answer, each claim with file:line evidence; what you could not establish.";

/** What a writing child hands back: what changed and why, with pointers, and what it did not do. */
export const WRITE_DELIVERABLE = "What you changed and why, each claim with file:line evidence; what you did not do.";

export interface ProposeOptions {
	/** The working directory: the one root of the proposed task. */
	cwd: string;
	/** The gate's decision for the brief, when the caller already has it (saves classifying twice). */
	decision?: GateDecision;
}

/** Rendering options for the call's text. */
export interface CallTextOptions {
	/** Longer goals are shown as a marker instead (the model already has the brief it wrote). */
	goalLimit?: number;
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * The allow-list's reasons (allow.ts) that mean the child is asked to do something, not only held to
 * a limit: an order, a request, a wish, a suggestion, a finding recorded in a file, an implied order.
 */
const UNREAD_ACTS = new Set([
	"unread-order",
	"unread-request",
	"unread-wish",
	"unread-suggestion",
	"unread-record",
	"unread-you",
	"asks-nothing",
]);

/** Whether the decision says the child must write: an order to change, or a path named to change. */
export function mustWrite(decision: GateDecision): boolean {
	return decision.reasons.some(
		(r) =>
			r.kind === "file-change" ||
			r.rule === "unread-act" ||
			UNREAD_ACTS.has(r.rule) ||
			r.path?.sense === "change" ||
			r.rule === "restrict-changes" ||
			r.rule === "permission" ||
			r.rule === "learned",
	);
}

/** The equivalent task call for a brief, as parameters and as text. */
export function proposeTask(brief: string, options: ProposeOptions): TaskProposal {
	const decision = options.decision ?? classifyBrief(brief);
	const writes = mustWrite(decision);
	const writeHints = unique(decision.reasons.flatMap((r) => (r.path?.sense === "change" ? [r.path.text] : [])));
	const keepHints = unique(decision.reasons.flatMap((r) => (r.path?.sense === "keep" ? [r.path.text] : [])));
	const params: ProposedParams = {
		id: slugFromBrief(brief),
		goal: brief,
		deliverable: writes ? WRITE_DELIVERABLE : READ_DELIVERABLE,
		read_only: !writes,
		roots: [options.cwd],
		...(writes && { write_allowed: [WRITE_ALLOWED_PLACEHOLDER] }),
	};
	const proposal = { params, writeHints, keepHints };
	return { ...proposal, text: callText(proposal) };
}

/** Comment lines of at most `width` characters. */
function comment(text: string, width = 74): string[] {
	const lines: string[] = [];
	let line = "//";
	for (const word of text.split(" ")) {
		if (line.length + 1 + word.length > width && line !== "//") {
			lines.push(line);
			line = "//";
		}
		line += ` ${word}`;
	}
	return [...lines, line];
}

/** The comments above write_allowed: what the placeholder needs, and the paths the brief named. */
function hintLines(proposal: Omit<TaskProposal, "text">): string[] {
	const lines: string[] = [];
	if (proposal.params.write_allowed) {
		lines.push(
			...comment("write_allowed: fill in the roots the child may change; a subdirectory must be a root of its own."),
		);
	}
	const named = [
		...(proposal.writeHints.length > 0 ? [`change ${proposal.writeHints.join(", ")}`] : []),
		...(proposal.keepHints.length > 0 ? [`leave alone ${proposal.keepHints.join(", ")}`] : []),
	];
	if (named.length > 0) lines.push(...comment(`Hints from the brief, not authority: ${named.join("; ")}.`));
	return lines;
}

/** The call as a model writes it: `task({ … })`, one field a line, strings JSON-quoted. */
export function callText(proposal: Omit<TaskProposal, "text">, options: CallTextOptions = {}): string {
	const { params } = proposal;
	const limit = options.goalLimit ?? Number.POSITIVE_INFINITY;
	const goal = params.goal.length > limit ? "<the brief, verbatim>" : JSON.stringify(params.goal);
	const lines = [
		"task({",
		`  id: ${JSON.stringify(params.id)},`,
		`  goal: ${goal},`,
		`  deliverable: ${JSON.stringify(params.deliverable)},`,
		`  read_only: ${params.read_only},`,
		`  roots: ${JSON.stringify(params.roots)},`,
		...hintLines(proposal).map((l) => `  ${l}`),
		...(params.write_allowed ? [`  write_allowed: ${JSON.stringify(params.write_allowed)},`] : []),
		"})",
	];
	return lines.join("\n");
}
