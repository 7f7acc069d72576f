/**
 * The report of a run, as plain text for a terminal and for the model that asked for the task. A
 * FAIL must be unmistakable to both: the verdict is the first word, and every problem follows it.
 */
import { renderTable } from "../cli/table.ts";
import type { TaskResult } from "./result.ts";

const indent = (text: string, by = "  ") =>
	text
		.split("\n")
		.map((line) => (line === "" ? "" : by + line))
		.join("\n");

const int = (n: number) => n.toLocaleString("en-US");
export const formatUsd = (usd: number) => `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;

function list(title: string, items: readonly string[]): string | undefined {
	if (items.length === 0) return undefined;
	return `${title}\n${items.map((item) => indent(`- ${item}`)).join("\n")}`;
}

function evidence(result: TaskResult): string | undefined {
	if (result.claims.length === 0) return result.envelope ? "Evidence\n  (none given)" : undefined;
	const failed = result.claims.some((c) => !c.verified);
	const rows = result.claims.map((c) => {
		const row = [c.verified ? "✓" : "✗", c.claim, c.pointer];
		return failed ? [...row, c.verified ? "" : c.reason] : row;
	});
	const header = failed ? ["", "claim", "pointer", "problem"] : ["", "claim", "pointer"];
	return `Evidence\n${indent(renderTable(header, rows))}`;
}

function boundary(result: TaskResult): string {
	const rows = result.roots.map(({ root, writable }) => {
		const changes = result.delta.filter((c) => c.root === root).length;
		const violations = result.violations.filter((c) => c.root === root).length;
		return [root, writable ? "writable" : "watched", String(changes), violations > 0 ? `✗ ${violations}` : "✓"];
	});
	const head = `Boundary  ${result.delta.length} change${result.delta.length === 1 ? "" : "s"}, ${result.violations.length} violation${result.violations.length === 1 ? "" : "s"}`;
	return `${head}\n${indent(renderTable(["root", "access", "changes", "violations"], rows, ["left", "left", "right", "left"]))}`;
}

function metrics(result: TaskResult): string {
	const m = result.metrics;
	const u = m.usage;
	return [
		"Metrics",
		`  tokens   in ${int(u.input)} · out ${int(u.output)} · cache read ${int(u.cacheRead)} · cache write ${int(u.cacheWrite)}`,
		`  cost     ${formatUsd(u.costUsd)}`,
		`  elapsed  ${m.elapsedS.toFixed(1)} s · ${m.turns} turn${m.turns === 1 ? "" : "s"} · ${m.toolCalls} tool call${m.toolCalls === 1 ? "" : "s"}`,
		`  model    ${m.model} (effort ${m.effort}, ${m.runner})`,
	].join("\n");
}

/** The whole report. */
export function renderReport(result: TaskResult): string {
	const count = result.problems.length;
	const head =
		result.verdict === "PASS"
			? `PASS  task ${result.id}`
			: `FAIL  task ${result.id} · ${count} problem${count === 1 ? "" : "s"}\n${result.problems.map((p) => `  ✗ ${p.message}`).join("\n")}`;
	const env = result.envelope;
	const sections = [
		head,
		list("Warnings", result.warnings),
		env ? `Deliverable (status ${env.status})\n${indent(env.deliverable)}` : undefined,
		!env && result.finalText ? `The child's last message (no valid envelope)\n${indent(result.finalText)}` : undefined,
		evidence(result),
		env ? list("Unsure", env.unsure) : undefined,
		env ? list("Did not do", env.did_not_do) : undefined,
		boundary(result),
		metrics(result),
		`Audit  ${result.auditDir}`,
	];
	return `${sections.filter((s) => s !== undefined).join("\n\n")}\n`;
}
