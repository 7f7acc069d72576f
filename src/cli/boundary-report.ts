/** The terminal and JSON forms of a boundary diff (pure: data in, text out). */
import { displayName } from "../boundary/names.ts";
import type { Change, Judgement, Snapshot } from "../boundary/types.ts";
import { renderTable } from "../format/table.ts";

export interface DiffReport {
	/** The snapshot the roots come from (the earlier one). */
	before: Snapshot;
	after: Snapshot;
	changes: readonly Change[];
	judgement: Judgement;
	/** The roots changes may happen in, as the snapshot names them. */
	writeAllowed: readonly string[];
}

/** Parts of a root that could not be read in both snapshots: unchanged, but also unchecked. */
function blindSpots(report: DiffReport): string[] {
	const lines: string[] = [];
	for (const root of report.after.roots) {
		const earlier = report.before.roots.find((r) => r.root === root.root);
		for (const [path, error] of Object.entries(root.unreadable)) {
			if (earlier && Object.hasOwn(earlier.unreadable, path))
				lines.push(`  ${displayName(root.root)}/${displayName(path)} (${error})`);
		}
	}
	return lines;
}

function summary(report: DiffReport): string[] {
	const { violations, allowed } = report.judgement;
	const roots = report.before.roots.map((r) => r.root);
	const writable = roots.filter((r) => report.writeAllowed.includes(r));
	const watched = roots.filter((r) => !report.writeAllowed.includes(r));
	const lines = [
		`writable:     ${writable.length > 0 ? writable.map(displayName).join(", ") : "(none)"}`,
		`watched only: ${watched.length > 0 ? watched.map(displayName).join(", ") : "(none)"}`,
	];
	if (report.changes.length === 0) return [...lines, "", "No change in any root."];
	lines.push("", `${report.changes.length} change(s): ${allowed.length} allowed, ${violations.length} violation(s).`);
	if (violations.length > 0) {
		lines.push("Violations (changes in roots that are not writable):");
		for (const root of watched) {
			const count = violations.filter((c) => c.root === root).length;
			if (count > 0) lines.push(`  ✗ ${displayName(root)}: ${count} change(s)`);
		}
	}
	return lines;
}

/** The delta as an aligned table, a summary and any blind spots. `maxRows` 0 shows every row. */
export function renderDiffReport(report: DiffReport, maxRows: number): string {
	const violating = new Set(report.judgement.violations);
	const shown = maxRows > 0 ? report.changes.slice(0, maxRows) : report.changes;
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
			),
		);
		const hidden = report.changes.length - shown.length;
		if (hidden > 0) out.push(`… and ${hidden} more change(s); --max-rows 0 shows all, --json lists all`);
		out.push("");
	}
	out.push(...summary(report));
	const blind = blindSpots(report);
	if (blind.length > 0) out.push("", "Not checked (unreadable in both snapshots):", ...blind);
	return `${out.join("\n")}\n`;
}

/** The machine-readable form: every change with its verdict. */
export function renderDiffJson(report: DiffReport): string {
	const violating = new Set(report.judgement.violations);
	return `${JSON.stringify(
		{
			roots: report.before.roots.map((r) => r.root),
			writeAllowed: report.writeAllowed,
			changes: report.changes.map((c) => ({ ...c, violation: violating.has(c) })),
			violations: report.judgement.violations.length,
			allowed: report.judgement.allowed.length,
		},
		null,
		2,
	)}\n`;
}
