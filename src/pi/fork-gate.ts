/**
 * The fork-gate as a Pi hook: a `tool_call` handler that blocks a call of the `fork` tool whose
 * brief must be a task, and hands the model the task call to make instead. Pi turns a blocked call
 * into an error tool result carrying the reason, so the model reads it where it expects the fork's
 * answer. A call with several briefs is blocked when any of them trips the gate, and the reason says
 * which; the decision itself is the pure `forkGateDecision` (fork-gate-decision.ts), testable
 * without Pi. The classifier loads with the first fork call, not when Pi starts.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { FORK_TOOL_NAME } from "./fork-brief.ts";
import { onDemand } from "./on-demand.ts";

export interface ForkGateOptions {
	/** Read on every call, so a setting can switch the gate off without reloading; on when omitted. */
	enabled?: () => boolean;
}

const decision = onDemand(() => import("./fork-gate-decision.ts"));

/** Registers the gate. Call once per extension instance. */
export function registerForkGate(pi: ExtensionAPI, options: ForkGateOptions = {}): void {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== FORK_TOOL_NAME) return undefined;
		if (options.enabled && !options.enabled()) return undefined;
		const { forkGateDecision } = await decision.get();
		const result = forkGateDecision(event.toolName, event.input, { cwd: ctx.cwd });
		return result.block ? { block: true, reason: result.reason } : undefined;
	});
}
