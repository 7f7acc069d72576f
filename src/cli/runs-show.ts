/**
 * `pi-delegate runs show RUN`: a finished run's report again, rendered from its result.json by the
 * same renderers `run` and the tools use; a running run's status; a lost run's bill so far. The
 * result is a record's file a child may have rewritten after the run (without the sandbox it can):
 * one whose shape the renderers cannot take is said to be so, never a stack trace.
 */
import { formatUsd } from "../format/numbers.ts";
import { hanging, terminalSafe } from "../format/text.ts";
import { renderForkReport } from "../report/fork-report.ts";
import { renderReport } from "../report/task-report.ts";
import { renderUncheckedReport } from "../report/unchecked-report.ts";
import type { ChildResult, ForkResult, TaskResult, UncheckedResult } from "../run/outcome/result.ts";
import { type CommandIO, EXIT, type ExitCode, widthOf } from "./command.ts";
import type { Target } from "./run-target.ts";
import { ageText, type ListedRun, listedRun, runJson } from "./runs-view.ts";

/** The report `run` (or the tools) printed for this result. */
function reportOf(result: Record<string, unknown>, width: number): string {
	const kind = (result.kind ?? "task") as ChildResult["kind"];
	if (kind === "fork") return renderForkReport([result as unknown as ForkResult]);
	if (kind === "unchecked") return `${renderUncheckedReport(result as unknown as UncheckedResult)}\n`;
	return renderReport(result as unknown as TaskResult, width);
}

/** What a running run is doing, in a line. */
export function liveText(run: ListedRun, now: Date): string {
	const s = run.status;
	if (s === undefined) return `run ${run.id} is running (${run.detail ?? "it did not say what it is doing"})`;
	const doing = s.state === "queued" ? "queued: waiting for its turn" : `running: turn ${s.turn}`;
	const tool = s.tool === undefined ? "" : `, in ${s.tool}`;
	return `run ${run.id} is ${doing}${tool}, ${formatUsd(s.usd)} so far, started ${ageText(run.startedAt, now)} ago; its record: ${run.dir}`;
}

function lostText(run: ListedRun): string {
	const billed = run.usd === undefined ? "" : `; it was billed ${formatUsd(run.usd)} as far as its events go`;
	return `run ${run.id} is lost: ${run.detail ?? "nothing answers for it"} (the process that ran it died)${billed}; its record: ${run.dir}`;
}

export async function showRun(io: CommandIO, target: Target, json: boolean): Promise<ExitCode> {
	const run = await listedRun(target.dir, target.id, io.env);
	const width = widthOf(io);
	if (json) {
		io.stdout(`${JSON.stringify({ ...runJson(run), ...(run.result && { result: run.result }) }, null, 2)}\n`);
		return EXIT.pass;
	}
	if (run.state === "queued" || run.state === "running") {
		io.stdout(`${terminalSafe(hanging("", liveText(run, new Date()), width))}\n`);
		return EXIT.pass;
	}
	if (run.state === "lost" || run.result === undefined) {
		io.stdout(`${terminalSafe(hanging("", lostText(run), width))}\n`);
		return EXIT.pass;
	}
	try {
		io.stdout(reportOf(run.result, width));
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		const text = `run ${run.id} ended ${run.state}, but its result.json cannot be shown as a report (${why}): it is not as the run wrote it; read ${run.dir}/result.json`;
		io.stdout(`${terminalSafe(hanging("✗ ", text, width))}\n`);
		return EXIT.fail;
	}
	return EXIT.pass;
}
