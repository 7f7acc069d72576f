/**
 * The evidence of a run as its reports show it: each claim with its mark and pointer, and beside a
 * `cmd:` pointer how the command it rests on ended ("exit 0", "exit 1", "timed out"), whenever
 * pi-delegate's record says — so a reader never takes a ✓ or a ✗ without the status it came from.
 */
import { type ClaimCheck, ranLabel } from "../envelope/verify.ts";
import { inline } from "../format/child-text.ts";
import { renderTable } from "../format/table.ts";
import { indent } from "../format/text.ts";
import type { TaskResult } from "../run/outcome/result.ts";

/** How a pointer's command ended, for after the pointer (` [exit 1]`); empty when it rests on none. */
export function ranSuffix(c: ClaimCheck): string {
	const ran = ranLabel(c);
	return ran === undefined ? "" : ` [${ran}]`;
}

/** The full report's Evidence table: a mark, the claim, its pointer, how its command ended, and why it failed. */
export function evidenceSection(result: TaskResult, width: number): string | undefined {
	if (result.claims.length === 0) return result.envelope ? "Evidence\n  (none given)" : undefined;
	const failed = result.claims.some((c) => !c.verified);
	// How each cited command ended, beside its mark, whenever the record says: the column comes
	// before the child's own words, so a long claim or pointer never pushes it out of sight.
	const ran = result.claims.some((c) => ranLabel(c) !== undefined);
	const rows = result.claims.map((c) => {
		const row = [c.verified ? "✓" : "✗", ...(ran ? [ranLabel(c) ?? ""] : []), inline(c.claim), inline(c.pointer)];
		return failed ? [...row, c.verified ? "" : inline(c.reason)] : row;
	});
	const header = ["", ...(ran ? ["ran"] : []), "claim", "pointer", ...(failed ? ["problem"] : [])];
	return `Evidence\n${indent(renderTable(header, rows, [], { maxWidth: width - 2 }))}`;
}
