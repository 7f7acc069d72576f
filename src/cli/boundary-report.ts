/** The terminal and JSON forms of a boundary diff (pure: data in, text out). */

import { partPath } from "../boundary/findings.ts";
import { displayName } from "../boundary/names.ts";
import type { BoundaryFindings, Snapshot, UncheckedPart } from "../boundary/types.ts";
import { renderTable } from "../format/table.ts";

export interface DiffReport {
	/** The snapshot the roots come from (the earlier one). */
	before: Snapshot;
	after: Snapshot;
	findings: BoundaryFindings;
	/** The roots changes may happen in, as the snapshot names them. */
	writeAllowed: readonly string[];
}

function whyUnchecked(part: UncheckedPart): string {
	if (part.kind === "excluded") return "excluded: not walked, not compared";
	const when = part.when === "both" ? "" : part.when === "before" ? ", before only" : ", after only";
	return `${part.reason}${when}${part.fails ? "" : " (writable root: cannot hide a violation)"}`;
}

/** The parts that were not checked, failing ones marked ✗. */
function uncheckedTable(parts: readonly UncheckedPart[]): string[] {
	if (parts.length === 0) return [];
	const failing = parts.filter((p) => p.fails).length;
	const head =
		failing > 0
			? `Not checked: ${failing} part(s) could not be read, so a change inside them cannot be ruled out:`
			: "Not checked:";
	const rows = parts.map((p) => [p.fails ? "✗" : " ", partPath(p.root, p.path), whyUnchecked(p)]);
	const lines = ["", head, renderTable(["", "part", "why"], rows)];
	if (failing > 0)
		lines.push("Make them readable, or list them in the spec's exclude (--exclude here) to accept that.");
	return lines;
}

function summary(report: DiffReport): string[] {
	const { violations, allowed, changes } = report.findings;
	const roots = report.before.roots.map((r) => r.root);
	const writable = roots.filter((r) => report.writeAllowed.includes(r));
	const watched = roots.filter((r) => !report.writeAllowed.includes(r));
	const lines = [
		`writable:     ${writable.length > 0 ? writable.map(displayName).join(", ") : "(none)"}`,
		`watched only: ${watched.length > 0 ? watched.map(displayName).join(", ") : "(none)"}`,
		"",
	];
	if (changes.length === 0) lines.push("No change in any root.");
	else lines.push(`${changes.length} change(s): ${allowed.length} allowed, ${violations.length} violation(s).`);
	if (violations.length > 0) {
		lines.push("Violations (changes in roots that are not writable):");
		for (const root of watched) {
			const count = violations.filter((c) => c.root === root).length;
			if (count > 0) lines.push(`  ✗ ${displayName(root)}: ${count} change(s)`);
		}
	}
	return lines;
}

/**
 * The delta as an aligned table, a summary and every part that was not checked. `maxRows` 0 shows
 * all; the detail column wraps within `width`.
 */
export function renderDiffReport(report: DiffReport, maxRows: number, width = 80): string {
	const { changes } = report.findings;
	const violating = new Set(report.findings.violations);
	const shown = maxRows > 0 ? changes.slice(0, maxRows) : changes;
	const out: string[] = [];
	if (shown.length > 0) {
		out.push(
			renderTable(
				["", "root", "kind", "path", "detail"],
				shown.map((c) => [
					violating.has(c) ? "✗" : " ",
					displayName(c.root),
					c.kind,
					c.path === "" ? "." : displayName(c.path),
					c.detail,
				]),
				[],
				{ maxWidth: width },
			),
		);
		const hidden = changes.length - shown.length;
		if (hidden > 0) out.push(`… and ${hidden} more change(s); --max-rows 0 shows all, --json lists all`);
		out.push("");
	}
	out.push(...summary(report), ...uncheckedTable(report.findings.unchecked));
	return `${out.join("\n")}\n`;
}

/** The machine-readable form: every change with its verdict, and every part not checked. */
export function renderDiffJson(report: DiffReport): string {
	const { findings } = report;
	const violating = new Set(findings.violations);
	return `${JSON.stringify(
		{
			roots: report.before.roots.map((r) => r.root),
			writeAllowed: report.writeAllowed,
			changes: findings.changes.map((c) => ({ ...c, violation: violating.has(c) })),
			unchecked: findings.unchecked,
			violations: findings.violations.length,
			allowed: findings.allowed.length,
			failures: findings.failures.length,
		},
		null,
		2,
	)}\n`;
}
