/**
 * The fork-gate as a Pi hook: a `tool_call` handler that blocks a call of the `fork` tool whose
 * brief must be a task, and hands the model the task call to make instead. Pi turns a blocked call
 * into an error tool result carrying the reason, so the model reads it where it expects the fork's
 * answer. A call with several briefs is blocked when any of them trips the gate, and the reason says
 * which; the decision itself is the pure `forkGateDecision`, testable without Pi.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { classifyBrief } from "../gate/classify.ts";
import { proposeTask } from "../gate/propose.ts";
import { type BlockedBrief, gateReasonForBriefs } from "../gate/reason.ts";

/** The name of the tool the gate watches. */
export const FORK_TOOL_NAME = "fork";

/** The fork tool's parameters as far as the gate reads them. */
export interface ForkInput {
	brief?: string;
	briefs?: string[];
	from?: string;
}

export type ForkGateResult = { block: false } | { block: true; reason: string; blocked: BlockedBrief[]; total: number };

/** The briefs of a fork call, in order; anything that is not a string is left to the tool to reject. */
export function forkBriefs(input: unknown): string[] {
	if (typeof input !== "object" || input === null) return [];
	const { brief, briefs } = input as ForkInput;
	const list = Array.isArray(briefs) ? briefs : [];
	return [...(typeof brief === "string" ? [brief] : []), ...list.filter((b): b is string => typeof b === "string")];
}

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

export interface ForkGateOptions {
	/** Read on every call, so a setting can switch the gate off without reloading; on when omitted. */
	enabled?: () => boolean;
}

/** Registers the gate. Call once per extension instance. */
export function registerForkGate(pi: ExtensionAPI, options: ForkGateOptions = {}): void {
	pi.on("tool_call", (event, ctx) => {
		if (options.enabled && !options.enabled()) return undefined;
		const result = forkGateDecision(event.toolName, event.input, { cwd: ctx.cwd });
		return result.block ? { block: true, reason: result.reason } : undefined;
	});
}
