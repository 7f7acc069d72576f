/** How the command line says that a delegation was refused before anything ran: what, and every problem. */
import { terminalSafe } from "../format/text.ts";
import { formatProblems } from "../problems.ts";
import type { PlannedCall } from "../run/delegate.ts";
import { describeInvalid } from "./spec-summary.ts";

export function refusalText(refused: Extract<PlannedCall, { ok: false }>, source: string): string {
	const [child] = refused.refused;
	if (child?.spec && !child.spec.ok) return describeInvalid(child.spec, source);
	const problems = [...refused.problems, ...(child?.problems ?? [])];
	return `✗ cannot run: ${terminalSafe(child?.what ?? refused.what)}\n${formatProblems(problems)}`;
}
