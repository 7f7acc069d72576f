/**
 * The acceptance commands in a task's report: one line each, as pi-delegate ran them (`accept: npm
 * test  ✓ exit 0 · 12.4 s`), and under a command that did not pass, the tail of its output. The
 * command and its verdict are the report's own; the output is not: the child's tree decides what a
 * command prints, so it is set apart as the child's (indented for people, between the child tags for
 * a model), and never starts a line of the report's. Pure.
 */
import { indentedChildText, inline } from "../format/child-text.ts";
import { plural } from "../format/numbers.ts";
import { hanging } from "../format/text.ts";
import { acceptLine } from "../run/outcome/accept.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import { childPart, type ModelPart, type ReportLine, said } from "./model-text.ts";

/** The section for people: a head, a line per command, and a failed one's output tail indented under it. */
export function acceptSection(result: TaskResult, width: number): string | undefined {
	const runs = result.accept;
	if (runs === undefined) return undefined;
	const failed = runs.filter((r) => r.status !== "passed" && r.status !== "skipped").length;
	const skipped = runs.length - failed - runs.filter((r) => r.status === "passed").length;
	const also = skipped > 0 ? `, ${skipped} skipped` : "";
	const lines = [`Acceptance  ${plural(runs.length, "command")}, ${failed} not passed${also}`];
	for (const run of runs) {
		// Not wrapped: the command stays whole, as it would be typed.
		lines.push(`  accept: ${inline(acceptLine(run))}`);
		// What the sandbox refused it is read from its output: the report's label, the output's words.
		for (const reason of run.prevented ?? []) lines.push(`    prevented: ${inline(reason)}`);
		if (run.status === "passed" || run.status === "skipped") continue;
		if (run.detail !== undefined) lines.push(hanging("    ", run.detail, width));
		if (run.tail !== "")
			lines.push("    output tail (the child's tree decides it):", indentedChildText(run.tail, "      "));
	}
	return lines.join("\n");
}

/** The lines a model reads: a line per command, and a failed one's output tail as the child's block. */
export function acceptParts(result: TaskResult): ModelPart[] {
	return (result.accept ?? []).flatMap((run): ModelPart[] => {
		const told = run.status !== "passed" && run.status !== "skipped";
		const detail = run.detail !== undefined && told ? ` (${run.detail})` : "";
		const line = `accept: ${acceptLine(run)}${detail}`;
		const prevented = (run.prevented ?? []).map((reason): ReportLine => ["  prevented: ", said(reason)]);
		if (run.status === "passed" || run.tail === "") return [line, ...prevented];
		return [line, ...prevented, childPart(run.tail, "  output tail:")];
	});
}
