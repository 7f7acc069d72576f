/**
 * The selftest: proof that the validators discriminate. A checker that has only ever said PASS has
 * not been shown to work, so every known-good case must pass and every known-bad case must fail,
 * each for its stated reason — on this machine, with its git and file system.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CASE_LAYOUT, ENVELOPE_CASES, evaluateCase } from "../envelope/cases.ts";
import { nodeFileProbe, writeLayout } from "../envelope/probe.ts";
import { BOUNDARY_CASES, evaluateBoundaryCase } from "./boundary-cases.ts";
import { withScratch } from "./scratch.ts";

export interface SelftestRow {
	group: "envelope" | "boundary";
	label: string;
	expected: string;
	got: string;
	detail: string;
	ok: boolean;
}

export interface SelftestOptions {
	onRow?: (row: SelftestRow) => void;
	/** Where the one scratch directory of the run is made; default the system's temporary directory. */
	tmpRoot?: string;
}

/** Every case, in one scratch directory that is gone when this returns (see scratch.ts). */
export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestRow[]> {
	const rows: SelftestRow[] = [];
	const add = (row: SelftestRow) => {
		rows.push(row);
		options.onRow?.(row);
	};
	await withScratch(options.tmpRoot ?? tmpdir(), async (scratch) => {
		const sandbox = join(scratch, "envelopes");
		mkdirSync(sandbox);
		writeLayout(sandbox, CASE_LAYOUT);
		const probe = nodeFileProbe();
		for (const c of ENVELOPE_CASES) {
			const r = evaluateCase(c, sandbox, probe);
			add({ group: "envelope", label: r.label, expected: r.expected, got: r.got, detail: r.detail, ok: r.ok });
		}
		for (const c of BOUNDARY_CASES) {
			const r = await evaluateBoundaryCase(c, scratch);
			add({ group: "boundary", label: r.label, expected: r.expected, got: r.got, detail: r.detail, ok: r.ok });
		}
	});
	return rows;
}
