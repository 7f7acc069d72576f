/**
 * The body of `pi-delegate selftest --e2e`, loaded only when asked for (it brings Pi's SDK): runs
 * the end-to-end cases, prints each case's report as `pi-delegate run` prints it under a line that
 * says what was expected and what came out, and maps the outcome to the exit code. Ctrl-C (or a
 * SIGTERM) stops the running child; the scratch directory is removed before the command returns.
 */
import { tmpdir } from "node:os";
import { REPORT_WIDTH, wrapText } from "../doctor/render.ts";
import type { RunnerKind } from "../plan/types.ts";
import { formatProblems, problemReplacer } from "../problems.ts";
import { renderReport } from "../report/task-report.ts";
import { type E2eCaseResult, type E2eReport, runE2e } from "../selftest/e2e.ts";
import type { E2eCase } from "../selftest/e2e-cases.ts";
import type { CommandIO, ExitCode } from "./command.ts";
import { progressPrinter } from "./progress.ts";

const RUNNER_WORDS: Readonly<Record<RunnerKind, string>> = {
	subprocess: "the subprocess runner (a real `pi` child per case)",
	"in-process": "the in-process runner (a Pi SDK session per case, in this process)",
};

function header(report: Pick<E2eReport, "runners" | "model">, count: number): string {
	const through = report.runners.map((r) => RUNNER_WORDS[r]).join(" and ");
	const text = [
		`End-to-end selftest: ${count} real delegation(s) through ${through}.`,
		`Model: ${report.model}, a SCRIPTED model: its answers are written in advance, its token counts`,
		"are estimates and it costs $0; no real model is called and no API key is needed. What is",
		"tested is pi-delegate's own checks, not a model.",
	].join(" ");
	return wrapText(text, REPORT_WIDTH).join("\n");
}

function caseText(c: E2eCaseResult, index: number, count: number): string {
	const title = wrapText(`── case ${index + 1} of ${count} (${c.runner}): ${c.label}`, REPORT_WIDTH).join("\n   ");
	const expected = `   expected ${c.expected}`;
	switch (c.state) {
		case "as-expected":
			return `${title}\n${expected} · got ${c.result.verdict} ✓\n\n${renderReport(c.result)}`;
		case "wrong": {
			const why = c.differences.map((d) => `  ✗ ${d}`).join("\n");
			return `${title}\n${expected} · got ${c.result.verdict} ✗ WRONG\n${why}\n\n${renderReport(c.result)}`;
		}
		case "skipped":
			return `${title}\n${expected} · SKIPPED\n  ${c.reason}\n`;
		case "refused":
			return `${title}\n${expected} · could not start: ${c.what}\n${formatProblems(c.problems)}\n`;
	}
}

function verdictLine(report: E2eReport): string {
	const total = report.cases.length;
	const right = report.cases.filter((c) => c.state === "as-expected").length;
	const text =
		report.exitCode === 1
			? `✗ ${total - right} of ${total} case(s) did NOT come out as expected: the checks cannot be trusted here.`
			: report.exitCode === 2
				? `! ${right} of ${total} case(s) came out as expected; the others could not run here (see above), so this is not a pass.`
				: `✓ ${right} of ${total} cases came out as expected.`;
	return wrapText(text, REPORT_WIDTH).join("\n");
}

export interface E2eArgs {
	runners: RunnerKind[];
	json: boolean;
	/** Replaces the shipped cases (tests). */
	cases?: readonly E2eCase[];
}

export async function runE2eCommand(args: E2eArgs, io: CommandIO): Promise<ExitCode> {
	const stop = new AbortController();
	const onSignal = () => stop.abort("interrupted");
	process.once("SIGINT", onSignal);
	process.once("SIGTERM", onSignal);
	const printers = new Map<string, ReturnType<typeof progressPrinter>>();
	try {
		const report = await runE2e({
			runners: args.runners,
			...(args.cases && { cases: args.cases }),
			tmpRoot: io.env.TMPDIR || tmpdir(),
			env: io.env,
			signal: stop.signal,
			onProgress: (id, progress) => {
				let printer = printers.get(id);
				if (!printer || progress.type === "audit") {
					// A new run (the next case, or the same case on the next runner) gets a line of its own.
					for (const other of printers.values()) other.done();
					printer = progressPrinter(io.stderr, { id, tty: io.isTTY });
					printers.set(id, printer);
				}
				printer.onProgress(progress);
			},
		});
		for (const printer of printers.values()) printer.done();
		if (args.json) {
			io.stdout(`${JSON.stringify({ ok: report.exitCode === 0, ...report }, problemReplacer, 2)}\n`);
		} else {
			const count = report.cases.length;
			const parts = report.cases.map((c, i) => caseText(c, i, count));
			const removed = "(Every case ran in one temporary directory, removed now: the audit paths above are gone.)";
			const note = wrapText(removed, REPORT_WIDTH).join("\n");
			io.stdout(`${header(report, count)}\n\n${parts.join("\n")}\n${verdictLine(report)}\n${note}\n`);
		}
		if (stop.signal.aborted) io.stderr("pi-delegate selftest: interrupted; the temporary directory was removed\n");
		return report.exitCode;
	} finally {
		for (const printer of printers.values()) printer.done();
		process.removeListener("SIGINT", onSignal);
		process.removeListener("SIGTERM", onSignal);
	}
}
