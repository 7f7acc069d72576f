/**
 * The report of a run, as plain text for a terminal and for the model that asked for the task
 * (task-model-report.ts). A FAIL must be unmistakable to both: the verdict is the first word, and
 * every problem follows it. Column 0 is the report's own: what the child wrote is indented under
 * its label, and what it wrote into the report's lines (a claim, a path it made) stays on them.
 */

import { relaxedProofNote } from "../envelope/proof.ts";
import { indentedChildText, inline } from "../format/child-text.ts";
import { formatSeconds, formatUsd, formatInt as int, plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { hanging, indent, terminalSafe } from "../format/text.ts";
import { isolationSection } from "../run/outcome/isolation.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import { acceptSection } from "./accept-report.ts";
import { applySection } from "./apply-report.ts";
import { evidenceSection as evidence } from "./evidence-report.ts";
import { messagesSent } from "./steered.ts";
import { endWord, tally } from "./task-model-report.ts";

export { renderCombinedModelReport, renderDetailModelReport, renderModelReport } from "./task-model-report.ts";

/** Where a report wraps unless its caller knows the terminal. */
const WIDTH = 80;

function list(title: string, items: readonly string[], width = WIDTH): string | undefined {
	if (items.length === 0) return undefined;
	return `${title}\n${items.map((item) => hanging("  - ", inline(item), width)).join("\n")}`;
}

/** Says when the spec relaxed the rule that an ok must cite evidence (envelope/proof.ts). */
function relaxedProof(result: TaskResult): string | undefined {
	return relaxedProofNote(result.envelope, result.evidence);
}

function boundary(result: TaskResult, width = WIDTH): string {
	const rows = result.roots.map(({ root, writable }) => {
		const changes = result.delta.filter((c) => c.root === root).length;
		const violations = result.violations.filter((c) => c.root === root).length;
		return [root, writable ? "writable" : "watched", String(changes), violations > 0 ? `✗ ${violations}` : "✓"];
	});
	const head = `Boundary  ${plural(result.delta.length, "change")}, ${plural(result.violations.length, "violation")}`;
	const table = indent(
		renderTable(["root", "access", "changes", "violations"], rows, ["left", "left", "right", "left"], {
			maxWidth: width - 2,
		}),
	);
	return [head, table, ...notChecked(result), ...changed(result, width), ...leftInPlace(result, width)].join("\n");
}

/** The parts of the roots nothing was checked in, and why: a silence that is not a clean result. */
function notChecked(result: TaskResult): string[] {
	const parts = result.unchecked ?? [];
	if (parts.length === 0) return [];
	return [
		"  Not checked:",
		...parts.map((p) =>
			p.kind === "unreadable"
				? `  ${p.fails ? "✗" : " "} ${inline(p.path || ".")} in ${p.root}: ${inline(p.reason)}`
				: `    ${inline(p.path || ".")} in ${p.root}: excluded by the spec`,
		),
	];
}

/** How many changes a report names one by one before counting the rest. */
const CHANGES_LISTED = 20;

/**
 * After a FAIL nothing is undone: what the child changed stays on disk, authorised or not, and the
 * report says so and names it, so nobody mistakes a failed task for one that left no trace.
 */
function leftInPlace(result: TaskResult, width = WIDTH): string[] {
	// Made on private copies, the change did not reach the real roots: the Changes section says so.
	if (result.verdict === "PASS" || result.delta.length === 0 || result.apply) return [];
	const how = endWord(result) === "stopped" ? "the task was stopped" : "the task failed";
	return [
		hanging(
			"  ",
			`Left in place: ${how}, and nothing it changed was undone (${plural(result.delta.length, "change")}):`,
			width,
		),
		...changeLines(result),
	];
}

/** A PASS's changes, named: what the caller is about to build on. */
function changed(result: TaskResult, width = WIDTH): string[] {
	if (result.verdict !== "PASS" || result.delta.length === 0 || result.apply) return [];
	return [hanging("  ", `Changed (${plural(result.delta.length, "change")}):`, width), ...changeLines(result)];
}

/** The changes one per line, a violation marked ✗, the rest counted after CHANGES_LISTED. */
function changeLines(result: TaskResult): string[] {
	const lines = result.delta.slice(0, CHANGES_LISTED).map((c) => {
		const mark = result.violations.some((v) => v.root === c.root && v.path === c.path) ? "✗" : " ";
		return `  ${mark} ${c.kind} ${inline(c.path)} in ${c.root}`;
	});
	const more = result.delta.length - CHANGES_LISTED;
	return [...lines, ...(more > 0 ? [`    …and ${plural(more, "more change")}`] : [])];
}

function metrics(result: TaskResult): string {
	const m = result.metrics;
	const u = m.usage;
	const steered = messagesSent(result);
	return [
		"Metrics",
		`  tokens   in ${int(u.input)} · out ${int(u.output)} · cache read ${int(u.cacheRead)} · cache write ${int(u.cacheWrite)}`,
		`  cost     ${formatUsd(u.costUsd)}`,
		`  elapsed  ${formatSeconds(m.elapsedS)} · ${plural(m.turns, "turn")} · ${plural(m.toolCalls, "tool call")}`,
		`  model    ${m.model} (effort ${m.effort}, ${m.runner})`,
		...(steered ? [`  steered  ${steered}`] : []),
	].join("\n");
}

/** The verdict line and every problem under it; a stopped run says so instead of counting its stop as a problem. */
function reportHead(result: TaskResult, width: number): string {
	if (result.verdict === "PASS") return `PASS  task ${result.id}`;
	const isStop = (p: TaskResult["problems"][number]) => p.code === "child" && p.value === "cancelled";
	const stop = endWord(result) === "stopped" ? result.problems.find(isStop) : undefined;
	const problems = stop ? result.problems.filter((p) => !isStop(p)) : result.problems;
	const more = problems.length > 0 ? ` · ${plural(problems.length, "problem")}` : "";
	const title = stop
		? `stopped  task ${result.id} · ${inline(stop.message)}${more}`
		: `FAIL  task ${result.id} · ${plural(problems.length, "problem")}`;
	return [title, ...problems.map((p) => hanging("  ✗ ", inline(p.message), width))].join("\n");
}

/** The report of one task, laid out for a terminal `width` columns wide. */
export function renderReport(result: TaskResult, width = WIDTH): string {
	const head = reportHead(result, width);
	const env = result.envelope;
	const sections = [
		head,
		list("Warnings", result.warnings, width),
		env ? `Deliverable (status ${env.status})\n${indentedChildText(env.deliverable)}` : undefined,
		!env && result.finalText
			? `The child's last message (no valid envelope)\n${indentedChildText(result.finalText)}`
			: undefined,
		evidence(result, width),
		relaxedProof(result),
		env ? list("Unsure", env.unsure, width) : undefined,
		env ? list("Did not do", env.did_not_do, width) : undefined,
		acceptSection(result, width),
		boundary(result, width),
		applySection(result, width),
		result.isolation ? isolationSection(result.isolation, 10, width) : undefined,
		metrics(result),
		// On its own line, whole: a path broken mid-name cannot be copied.
		`Audit\n${result.auditDir}`,
	];
	return terminalSafe(`${sections.filter((s) => s !== undefined).join("\n\n")}\n`);
}

/** A call's report for people: a table of verdicts (ids and figures), then every task's full report (terminal-safe). */
export function renderCombinedReport(results: readonly TaskResult[], width = WIDTH): string {
	const rows = results.map((r) => [
		endWord(r),
		r.id,
		String(r.problems.length),
		formatUsd(r.metrics.usage.costUsd),
		formatSeconds(r.metrics.elapsedS),
	]);
	const table = renderTable(
		["", "task", "problems", "cost", "elapsed"],
		rows,
		["left", "left", "right", "right", "right"],
		{ maxWidth: width },
	);
	return [`${tally(results)}\n${table}`, ...results.map((r) => renderReport(r, width))].join("\n");
}
