/**
 * Doctor's report for a terminal of 80 columns: one row per check (check · state · detail, the
 * detail wrapped in its column), and under each check that is not ok what to do — the fix, what a
 * warning costs, each problem with its own fix — then one line that says whether this machine is
 * ready. The JSON form is the report itself. Pure.
 */
import { plural } from "../format/numbers.ts";
import { formatPath, showValue } from "../problems.ts";
import type { Check, CheckState, DoctorReport } from "./types.ts";

export const REPORT_WIDTH = 80;

const MARK: Readonly<Record<CheckState, string>> = { ok: "✓", warn: "!", fail: "✗", skip: "–" };
const WORD: Readonly<Record<CheckState, string>> = { ok: "ok", warn: "warn", fail: "FAIL", skip: "skip" };

const width = (text: string) => [...text].length;

/** Splits a word longer than `max` after a `/` where it can, else anywhere. */
function pieces(word: string, max: number): string[] {
	const out: string[] = [];
	let rest = word;
	while (width(rest) > max) {
		const head = [...rest].slice(0, max).join("");
		const slash = head.lastIndexOf("/");
		const cut = slash > max / 3 ? slash + 1 : head.length;
		out.push(rest.slice(0, cut));
		rest = rest.slice(cut);
	}
	return [...out, rest];
}

/** Wraps words to `max` columns; words longer than a line are broken. */
export function wrapText(text: string, max: number): string[] {
	const lines: string[] = [];
	let line = "";
	for (const word of text.split(/\s+/).filter((w) => w !== "")) {
		for (const piece of pieces(word, max)) {
			const candidate = line === "" ? piece : `${line} ${piece}`;
			if (width(candidate) > max && line !== "") {
				lines.push(line);
				line = piece;
			} else line = candidate;
		}
	}
	return line === "" ? [""] : [...lines, line];
}

/** `label: text`, wrapped under itself, starting at column `at`. */
function note(label: string, text: string, at: number, columns: number): string[] {
	const head = " ".repeat(at) + label;
	const lines = wrapText(text, columns - width(head));
	return lines.map((line, i) => (i === 0 ? head : " ".repeat(width(head))) + line);
}

function advice(check: Check, at: number, columns: number): string[] {
	const out: string[] = [];
	if (check.cost) out.push(...note("costs: ", check.cost, at, columns));
	if (check.problems && check.problems.length > 0) {
		for (const p of check.problems) {
			// A problem the detail already states is not said twice; its fix still is.
			if (check.problems.length === 1 && check.detail.includes(p.message)) {
				out.push(...note("fix: ", p.fix, at, columns));
				continue;
			}
			const value = p.value === undefined ? "" : ` (value: ${showValue(p.value, 60)})`;
			out.push(...note("✗ ", `${formatPath(p)}: ${p.message}${value}`, at, columns));
			out.push(...note("  fix: ", p.fix, at, columns));
		}
	} else if (check.fix) out.push(...note("fix: ", check.fix, at, columns));
	return out;
}

/** Two lines: the tally, then whether this machine is ready; `where` the checks are said to be. */
function verdict(report: DoctorReport, where: "above" | "below" = "above"): string {
	const { ok, warn, fail, skip } = report.counts;
	const tally = [
		`${ok} ok`,
		warn > 0 ? plural(warn, "warning") : "",
		fail > 0 ? `${fail} failed` : "",
		skip > 0 ? `${skip} skipped` : "",
	];
	const counted = `${plural(report.checks.length, "check")}: ${tally.filter(Boolean).join(", ")}.`;
	if (fail > 0) return `${counted}\nFix what failed (${where}) and run pi-delegate doctor again.`;
	if (warn > 0) return `${counted}\nReady to delegate; the warnings ${where} say what they cost.`;
	return `${counted}\nReady to delegate.`;
}

/** The report laid out for `columns` (a terminal's 80 by default; less inside a framed Pi report). */
export function renderDoctorReport(report: DoctorReport, columns = REPORT_WIDTH): string {
	const nameWidth = Math.max(width("check"), ...report.checks.map((c) => width(c.name)));
	const stateWidth = 5;
	const detailAt = 1 + 2 + nameWidth + 2 + stateWidth + 2;
	const detailWidth = columns - detailAt;
	const row = (mark: string, name: string, state: string, detail: string) =>
		`${mark.padEnd(1)}  ${name.padEnd(nameWidth)}  ${state.padEnd(stateWidth)}  ${detail}`.trimEnd();
	const lines = [
		row(" ", "check", "state", "detail"),
		`─  ${"─".repeat(nameWidth)}  ${"─".repeat(stateWidth)}  ${"─".repeat(detailWidth)}`,
	];
	for (const check of report.checks) {
		const [first = "", ...rest] = wrapText(check.detail, detailWidth);
		lines.push(row(MARK[check.state], check.name, WORD[check.state], first));
		for (const more of rest) lines.push(" ".repeat(detailAt) + more);
		if (check.state !== "ok") lines.push(...advice(check, 3, columns));
	}
	const end = verdict(report)
		.split("\n")
		.flatMap((line) => wrapText(line, columns));
	return `${lines.join("\n")}\n\n${end.join("\n")}\n`;
}

/**
 * A collapsed view inside Pi: the verdict, then each check that is not ok with its whole detail,
 * wrapped under itself to `columns` (never cut off mid-sentence); what to do is in the whole report.
 */
export function doctorSummary(report: DoctorReport, columns = REPORT_WIDTH): string {
	const notOk = report.checks.filter((c) => c.state === "fail" || c.state === "warn");
	const lines = notOk.flatMap((c) => note(`${MARK[c.state]} ${c.name}: `, c.detail, 0, columns));
	const head = verdict(report, "below")
		.split("\n")
		.flatMap((line) => wrapText(line, columns));
	return [...head, ...lines].join("\n");
}
