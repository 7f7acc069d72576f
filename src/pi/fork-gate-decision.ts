/**
 * The fork-gate's decision on one tool call, pure: which briefs of a `fork` call must be tasks, and
 * the reason the model reads instead of the fork's answer (with the task call to make). The hook in
 * fork-gate.ts loads this module, and the classifier with it, on the first fork call.
 */
import { classifyBrief } from "../gate/classify.ts";
import { proposeTask } from "../gate/propose.ts";
import { type BlockedBrief, gateReasonForBriefs } from "../gate/reason.ts";
import { FORK_TOOL_NAME, forkBriefs } from "./fork-brief.ts";

export type ForkGateResult = { block: false } | { block: true; reason: string; blocked: BlockedBrief[]; total: number };

/**
 * Whether a tool call must be blocked, and the reason for the model. Only `fork` is gated; `cwd` is
 * the root of the proposed tasks.
 */
export function forkGateDecision(toolName: string, input: unknown, options: { cwd?: string } = {}): ForkGateResult {
	if (toolName !== FORK_TOOL_NAME) return { block: false };
	const briefs = forkBriefs(input);
	const cwd = options.cwd ?? ".";
	const blocked: BlockedBrief[] = [];
	briefs.forEach((brief, i) => {
		const decision = classifyBrief(brief);
		if (decision.route === "task")
			blocked.push({ position: i + 1, decision, proposal: proposeTask(brief, { cwd, decision }) });
	});
	if (blocked.length === 0) return { block: false };
	return { block: true, reason: gateReasonForBriefs(blocked, briefs.length), blocked, total: briefs.length };
}
