/**
 * How a run's record is closed, and how what went wrong with it reaches the verdict. The record is
 * what makes a verdict checkable later; one that could not be written in full, or that something
 * else changed while the run went, cannot back a PASS. So the executors close every record the same
 * way: outcome.json, then the record's own check (`seal`), then result.json — carrying the
 * problems of both, so that the report, the returned result and result.json say the same — and a
 * result.json that cannot be written fails the result the caller gets, with the reason. Nothing is
 * thrown: the run ends with its report (exit 1 on the command line), not an unexpected error.
 */

import type { ChildResult } from "../outcome/result.ts";
import type { RunProblem } from "../outcome/verdict.ts";
import type { ChildOutcome } from "../types.ts";
import type { AuditWriter, RecordFault } from "./audit.ts";

const RUNS_DIR_FIX =
	"give the runs directory room and write permission (or choose another with PI_DELEGATE_RUNS_DIR or the runsDir setting), then run again";

const TAMPER_FIX =
	"something wrote into the run's record while it ran (without the sandbox, the child can): run the task " +
	'with `"sandbox": "enforce"` and the runs directory outside every watched root, and trust nothing else in this record';

/** The problem a fault of the record makes: what happened to which entry, and what to do. */
export function recordProblem(fault: RecordFault, dir: string): RunProblem {
	const path = fault.file === "." || fault.file.includes(", ") ? dir : `${dir}/${fault.file}`;
	const place = { code: "record" as const, path: ["record"], value: path };
	switch (fault.kind) {
		case "unwritten":
			return {
				...place,
				message: `the audit record is incomplete: ${fault.file === "." ? "its directory" : fault.file} ${fault.reason}`,
				fix: RUNS_DIR_FIX,
			};
		case "moved":
			return {
				...place,
				message: `the audit directory ${fault.reason}: the record is no longer where it was made (${dir})`,
				fix: TAMPER_FIX,
			};
		default:
			return {
				...place,
				message: `the audit record was tampered with: ${fault.file} ${fault.reason}`,
				fix: TAMPER_FIX,
			};
	}
}

/**
 * The problems of the record's faults: the files that could not be written for one reason (a full
 * disk fails every write after it) make one problem naming them all; every other fault its own.
 */
export function recordProblems(faults: readonly RecordFault[], dir: string): RunProblem[] {
	const unwritten = new Map<string, string[]>();
	const problems: RunProblem[] = [];
	for (const fault of faults) {
		if (fault.kind !== "unwritten") problems.push(recordProblem(fault, dir));
		else unwritten.set(fault.reason, [...(unwritten.get(fault.reason) ?? []), fault.file]);
	}
	const grouped = [...unwritten].map(([reason, files]) =>
		recordProblem({ kind: "unwritten", file: files.join(", "), reason }, dir),
	);
	return [...grouped, ...problems];
}

/** A result failed by the record's problems: a task's or a fork's verdict, an unchecked child's status. */
export function failResult(result: ChildResult, problems: RunProblem[]): ChildResult {
	const all = [...result.problems, ...problems];
	return result.kind === "unchecked"
		? { ...result, status: "failed", problems: all }
		: { ...result, verdict: "FAIL", problems: all };
}

/**
 * Writes outcome.json, checks the record, then writes result.json with the record's problems in it;
 * returns the result as written, or, when result.json could not be written, failed with the reason.
 */
export function sealRecord(audit: AuditWriter, outcome: ChildOutcome, result: ChildResult): ChildResult {
	audit.writeJson("outcome.json", outcome);
	const faults = audit.seal();
	const sealed = faults.length > 0 ? failResult(result, recordProblems(faults, audit.dir)) : result;
	const unwritten = audit.finish(sealed);
	return unwritten ? failResult(sealed, [recordProblem(unwritten, audit.dir)]) : sealed;
}
