/**
 * The report of an unchecked child (a workflow's `check: false` call), for people: how it ended, its
 * problems, and its answer — text nothing checked. Its status is the first word; the answer is
 * indented under its label, so column 0 stays the report's, and a problem that quotes the child
 * stays on its line. Pure.
 */
import { indentedChildText, inline } from "../format/child-text.ts";
import { formatSeconds, formatUsd, plural } from "../format/numbers.ts";
import { terminalSafe } from "../format/text.ts";
import type { UncheckedResult } from "../run/outcome/result.ts";
import { messagesSent } from "./steered.ts";

export function renderUncheckedReport(result: UncheckedResult): string {
	const m = result.metrics;
	const sections = [
		[
			`${result.status.toUpperCase()}  unchecked child ${result.id} (not checked)`,
			...result.problems.map((p) => `  ✗ ${inline(p.message)}`),
			...result.warnings.map((w) => `  ! ${inline(w)}`),
		].join("\n"),
		`Answer (not checked)\n${result.text.trim() === "" ? "  (none)" : indentedChildText(result.text.trim())}`,
		`Spent    ${plural(m.turns, "turn")} · ${formatUsd(m.usage.costUsd)} · ${formatSeconds(m.elapsedS)} · ${m.model}${messagesSent(result) ? ` · ${messagesSent(result)}` : ""}`,
		`Audit\n${result.auditDir}`,
	];
	return terminalSafe(`${sections.join("\n\n")}\n`);
}
