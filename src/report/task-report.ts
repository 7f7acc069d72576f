/**
 * The report of a run, as plain text for a terminal and for the model that asked for the task. A
 * FAIL must be unmistakable to both: the verdict is the first word, and every problem follows it.
 */

import { relaxedProofNote } from "../envelope/proof.ts";
import { formatSeconds, formatUsd, formatInt as int, plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { hanging, indent, terminalSafe } from "../format/text.ts";
import type { TaskResult } from "../run/result.ts";
import { isolationLines, isolationSection } from "../run/sandbox/report.ts";
import { isInside, lexical, segmentsBelow } from "../spec/paths.ts";
import { evidenceSection as evidence, pointerText } from "./evidence-report.ts";

/** Where a report wraps unless its caller knows the terminal. */
const WIDTH = 80;

function list(title: string, items: readonly string[], width = WIDTH): string | undefined {
	if (items.length === 0) return undefined;
	return `${title}\n${items.map((item) => hanging("  - ", item, width)).join("\n")}`;
}

/** Says when the spec relaxed the rule that an ok must cite evidence (envelope/proof.ts). */
function relaxedProof(result: TaskResult): string | undefined {
	return relaxedProofNote(result.envelope, result.evidence);
}

function boundary(result: TaskResult): string {
	const rows = result.roots.map(({ root, writable }) => {
		const changes = result.delta.filter((c) => c.root === root).length;
		const violations = result.violations.filter((c) => c.root === root).length;
		return [root, writable ? "writable" : "watched", String(changes), violations > 0 ? `✗ ${violations}` : "✓"];
	});
	const head = `Boundary  ${plural(result.delta.length, "change")}, ${plural(result.violations.length, "violation")}`;
	const table = indent(
		renderTable(["root", "access", "changes", "violations"], rows, ["left", "left", "right", "left"]),
	);
	return [head, table, ...notChecked(result), ...leftInPlace(result)].join("\n");
}

/** The parts of the roots nothing was checked in, and why: a silence that is not a clean result. */
function notChecked(result: TaskResult): string[] {
	const parts = result.unchecked ?? [];
	if (parts.length === 0) return [];
	return [
		"  Not checked:",
		...parts.map((p) =>
			p.kind === "unreadable"
				? `  ${p.fails ? "✗" : " "} ${p.path || "."} in ${p.root}: ${p.reason}`
				: `    ${p.path || "."} in ${p.root}: excluded by the spec`,
		),
	];
}

/** How many changes a report names one by one before counting the rest. */
const CHANGES_LISTED = 20;

/**
 * After a FAIL nothing is undone: what the child changed stays on disk, authorised or not, and the
 * report says so and names it, so nobody mistakes a failed task for one that left no trace.
 */
function leftInPlace(result: TaskResult): string[] {
	if (result.verdict === "PASS" || result.delta.length === 0) return [];
	const lines = result.delta.slice(0, CHANGES_LISTED).map((c) => {
		const mark = result.violations.some((v) => v.root === c.root && v.path === c.path) ? "✗" : " ";
		return `  ${mark} ${c.kind} ${c.path} in ${c.root}`;
	});
	const more = result.delta.length - CHANGES_LISTED;
	return [
		`  Left in place: the task failed, and nothing it changed was undone (${plural(result.delta.length, "change")}):`,
		...lines,
		...(more > 0 ? [`    …and ${plural(more, "more change")}`] : []),
	];
}

function metrics(result: TaskResult): string {
	const m = result.metrics;
	const u = m.usage;
	return [
		"Metrics",
		`  tokens   in ${int(u.input)} · out ${int(u.output)} · cache read ${int(u.cacheRead)} · cache write ${int(u.cacheWrite)}`,
		`  cost     ${formatUsd(u.costUsd)}`,
		`  elapsed  ${formatSeconds(m.elapsedS)} · ${plural(m.turns, "turn")} · ${plural(m.toolCalls, "tool call")}`,
		`  model    ${m.model} (effort ${m.effort}, ${m.runner})`,
	].join("\n");
}

/** The whole report. */
/** The report of one task, laid out for a terminal `width` columns wide. */
export function renderReport(result: TaskResult, width = WIDTH): string {
	const count = result.problems.length;
	const head =
		result.verdict === "PASS"
			? `PASS  task ${result.id}`
			: `FAIL  task ${result.id} · ${plural(count, "problem")}\n${result.problems.map((p) => hanging("  ✗ ", p.message, width)).join("\n")}`;
	const env = result.envelope;
	const sections = [
		head,
		list("Warnings", result.warnings, width),
		env ? `Deliverable (status ${env.status})\n${indent(env.deliverable)}` : undefined,
		!env && result.finalText ? `The child's last message (no valid envelope)\n${indent(result.finalText)}` : undefined,
		evidence(result, width),
		relaxedProof(result),
		env ? list("Unsure", env.unsure, width) : undefined,
		env ? list("Did not do", env.did_not_do, width) : undefined,
		boundary(result),
		result.isolation ? isolationSection(result.isolation, 10, width) : undefined,
		metrics(result),
		// On its own line, whole: a path broken mid-name cannot be copied.
		`Audit\n${result.auditDir}`,
	];
	return terminalSafe(`${sections.filter((s) => s !== undefined).join("\n\n")}\n`);
}

/**
 * The roots as watched, in one line: `/a (writable), /b (watched)`. With `cwd`, a root inside it is
 * written relative to it, as the call named it (`lanes/lane-0`, not the absolute path): the report
 * is paid for on every later request of the parent, and a path outside `cwd` stays absolute.
 */
function rootsLine(result: TaskResult, cwd?: string): string {
	const base = cwd === undefined ? undefined : lexical(cwd);
	const shown = (root: string) => {
		if (base === undefined) return root;
		if (root === base) return ".";
		return isInside(root, base) ? segmentsBelow(root, base).join("/") : root;
	};
	return result.roots.map(({ root, writable }) => `${shown(root)} (${writable ? "writable" : "watched"})`).join(", ");
}

/** `2 turns, 24,123 tokens, $0.0123, 12.3 s on provider/model`. */
function spentLine(result: TaskResult): string {
	const m = result.metrics;
	const tokens = m.usage.input + m.usage.output + m.usage.cacheRead + m.usage.cacheWrite;
	return `${plural(m.turns, "turn")}, ${int(tokens)} tokens, ${formatUsd(m.usage.costUsd)}, ${formatSeconds(m.elapsedS)} on ${m.model}`;
}

/** What the child handed back, for the model: the answer, its evidence, what it was unsure of or left out. */
function answerLines(result: TaskResult): string[] {
	const lines: string[] = [];
	const env = result.envelope;
	if (env) lines.push(`Deliverable (status ${env.status}):`, indent(env.deliverable));
	else if (result.finalText) lines.push("The child's last message (no valid envelope):", indent(result.finalText));
	if (result.claims.length > 0) {
		lines.push(
			"Evidence:",
			...result.claims.map(
				(c) => `  ${c.verified ? "✓" : "✗"} ${c.claim} — ${pointerText(c)}${c.verified ? "" : ` (${c.reason})`}`,
			),
		);
	}
	const relaxed = relaxedProof(result);
	if (relaxed) lines.push(`Note: ${relaxed}`);
	if (env && env.unsure.length > 0) lines.push("Unsure:", ...env.unsure.map((u) => `  - ${u}`));
	if (env && env.did_not_do.length > 0) lines.push("Did not do:", ...env.did_not_do.map((d) => `  - ${d}`));
	return lines;
}

function verdictHead(result: TaskResult): string {
	return `${result.verdict} task ${result.id}${result.verdict === "FAIL" ? ` (${plural(result.problems.length, "problem")})` : ""}`;
}

/** A task's problems and warnings, one line each, as they follow its verdict. */
function problemLines(result: TaskResult): string[] {
	return [...result.problems.map((p) => `✗ ${p.message}`), ...result.warnings.map((w) => `! ${w}`)];
}

function boundaryLine(result: TaskResult, cwd?: string): string {
	const allowed = result.delta.length - result.violations.length;
	return `Boundary: ${plural(result.violations.length, "violation")}; ${plural(allowed, "change")} in writable roots. Roots: ${rootsLine(result, cwd)}.`;
}

/**
 * The report as the calling model reads it: the same facts in fewer tokens — it is paid for on
 * every later request of the parent's conversation. The verdict stays the first word. A FAIL keeps
 * everything (its problems, the answer, the boundary with its roots whole, what was left in place,
 * the sandbox, the spend, the audit directory); a PASS says what the next step rests on, as a PASS
 * does in a combined report, with its roots relative to `options.cwd` (the call's working
 * directory, as the call named them) when given. The full report is kept for people (the CLI, and
 * the tool row's expanded view).
 */
export function renderModelReport(result: TaskResult, options: { cwd?: string } = {}): string {
	if (result.verdict === "PASS") return terminalSafe(`${singlePassLines(result, options.cwd).join("\n")}\n`);
	const lines = [
		verdictHead(result),
		...problemLines(result),
		...answerLines(result),
		// A FAIL names its roots whole, as the combined report does: they are what the next step acts on.
		boundaryLine(result),
		...(result.delta.length > 0
			? [
					`Left in place: nothing the child changed was undone (${plural(result.delta.length, "change")}; see the audit).`,
				]
			: []),
		...(result.isolation ? isolationLines(result.isolation) : []),
		`Spent: ${spentLine(result)}.`,
		`Audit: ${result.auditDir}`,
	];
	return terminalSafe(`${lines.join("\n")}\n`);
}

/** `3 tasks: 2 PASS, 1 FAIL · $0.0345`. */
function tally(results: readonly TaskResult[]): string {
	const failed = results.filter((r) => r.verdict === "FAIL").length;
	const usd = results.reduce((sum, r) => sum + r.metrics.usage.costUsd, 0);
	const counts = [`${results.length - failed} PASS`, ...(failed > 0 ? [`${failed} FAIL`] : [])].join(", ");
	return `${plural(results.length, "task")}: ${counts} · ${formatUsd(usd)}`;
}

/**
 * What a PASS says beyond its answer, one indented line each: warnings, the evidence pointers, a
 * relaxed evidence rule, doubts and omissions, the roots (with the changes made in writable ones),
 * and writes the sandbox prevented — a child that tried one did more than it was asked, even if the
 * boundary found nothing.
 */
function passDetails(result: TaskResult, cwd: string | undefined): string[] {
	const env = result.envelope;
	const lines = problemLines(result);
	if (result.claims.length > 0) {
		lines.push(`  evidence: ${result.claims.map((c) => `${pointerText(c)} (${c.claim})`).join("; ")}`);
	}
	const relaxed = relaxedProof(result);
	if (relaxed) lines.push(`  note: ${relaxed}`);
	if (env && env.unsure.length > 0) lines.push(`  unsure: ${env.unsure.join("; ")}`);
	if (env && env.did_not_do.length > 0) lines.push(`  did not do: ${env.did_not_do.join("; ")}`);
	const changes = result.delta.length > 0 ? `; ${plural(result.delta.length, "change")}` : "";
	lines.push(`  roots: ${rootsLine(result, cwd)}${changes}`);
	const prevented = result.isolation?.prevented.length ?? 0;
	if (prevented > 0) lines.push(...isolationLines(result.isolation!).map((line) => `  ${line}`));
	return lines;
}

/** A passed task's answer in a combined report: `— id: ` and the deliverable, then its details. */
function passedLines(result: TaskResult, cwd: string | undefined): string[] {
	const [first = "", ...rest] = (result.envelope?.deliverable ?? "").split("\n");
	return [`— ${result.id}: ${first}`, ...rest.map((line) => `  ${line}`), ...passDetails(result, cwd)];
}

/**
 * A single task's PASS, as a PASS reads in a combined report: what the next step rests on (the
 * answer, its pointers, the roots) and what it cost. The boundary table, the metrics and the audit
 * directory are for people (the tool row's full report); a FAIL keeps them all.
 */
function singlePassLines(result: TaskResult, cwd: string | undefined): string[] {
	const head = `PASS task ${result.id} · ${formatUsd(result.metrics.usage.costUsd)}`;
	return [head, indent(result.envelope?.deliverable ?? ""), ...passDetails(result, cwd)];
}

/**
 * The report of a call with several tasks, as the model reads it: the tally, a verdict line per
 * task when any failed, then each task's answer. A FAIL keeps everything the single report has (its problems, the
 * boundary, the audit directory); a PASS keeps what the next step rests on — the answer, its
 * evidence pointers, the roots it watched (relative to `options.cwd`, the call's working
 * directory, when given) — in as few lines as it takes.
 */
export function renderCombinedModelReport(results: readonly TaskResult[], options: { cwd?: string } = {}): string {
	// When every task passed, the tally says so and each answer names its task: a verdict line per
	// task would only repeat the ids (paid for on every later request of the parent).
	const anyFailed = results.some((r) => r.verdict === "FAIL");
	const verdicts = anyFailed
		? results.map(
				(r) => `${r.verdict} ${r.id}${r.verdict === "FAIL" ? ` (${plural(r.problems.length, "problem")})` : ""}`,
			)
		: [];
	const details = results.map((r) =>
		r.verdict === "FAIL"
			? [`— ${verdictHead(r)}`, ...problemLines(r), ...answerLines(r), boundaryLine(r), `Audit: ${r.auditDir}`]
			: passedLines(r, options.cwd),
	);
	const sections = [[tally(results), ...verdicts], ...details].map((lines) => lines.join("\n"));
	return terminalSafe(`${sections.join("\n\n")}\n`);
}

/** A call's report for people: a table of verdicts (ids and figures), then every task's full report (terminal-safe). */
export function renderCombinedReport(results: readonly TaskResult[], width = WIDTH): string {
	const rows = results.map((r) => [
		r.verdict,
		r.id,
		String(r.problems.length),
		formatUsd(r.metrics.usage.costUsd),
		formatSeconds(r.metrics.elapsedS),
	]);
	const table = renderTable(["", "task", "problems", "cost", "elapsed"], rows, [
		"left",
		"left",
		"right",
		"right",
		"right",
	]);
	return [`${tally(results)}\n${table}`, ...results.map((r) => renderReport(r, width))].join("\n");
}
