/** How the command line says that a delegation was refused before anything ran: what, and every problem. */
import { terminalSafe } from "../format/text.ts";
import { formatProblems } from "../problems.ts";
import type { Delegation } from "../run/delegate.ts";
import { describeInvalid } from "./spec-summary.ts";

export function refusalText(refused: Extract<Delegation, { ok: false }>, source: string): string {
	if (refused.spec && !refused.spec.ok) return describeInvalid(refused.spec, source);
	return `✗ cannot run: ${terminalSafe(refused.what)}\n${formatProblems(refused.problems)}`;
}
