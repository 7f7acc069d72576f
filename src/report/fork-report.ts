/**
 * The report of a fork call: each fork's answer under its brief, in the order of the briefs. A
 * fork's answer is prose that nobody has checked, and the report says so every time — the caller
 * is about to act on it. Its verdict is narrow (it ran to its end within budget and changed
 * nothing), and a FAIL is still the first word of that fork's block. Pure.
 */
import { indentedChildText, inline } from "../format/child-text.ts";
import { compactCount, formatSeconds, formatUsd, formatInt as int, plural } from "../format/numbers.ts";
import { indent, terminalSafe } from "../format/text.ts";
import type { ForkResult } from "../run/outcome/result.ts";
import { stoppedByCaller } from "../run/outcome/stopped.ts";
import type { ChildUsage } from "../run/types.ts";
import { childPart, type ModelPart, modelText, problemLine } from "./model-text.ts";
import { messagesSent } from "./steered.ts";

/**
 * How a fork ended, in a word that claims no check: "answered" (it ran to its end within budget and
 * changed nothing; what it said is unverified), FAIL, or "stopped" when the caller stopped it.
 */
export function forkEndWord(result: Pick<ForkResult, "verdict" | "problems">): "answered" | "FAIL" | "stopped" {
	if (result.verdict === "PASS") return "answered";
	return stoppedByCaller(result) ? "stopped" : "FAIL";
}

/** Its problems, without a stop's own (the word says it). */
const ownProblems = (result: ForkResult) =>
	result.problems.filter((p) => !(p.code === "child" && p.value === "cancelled"));

/** ` (2 problems)` after a FAIL (a stop counts only problems of its own); nothing after an answer. */
const failCount = (result: ForkResult) => {
	const n = ownProblems(result).length;
	if (result.verdict !== "FAIL" || (n === 0 && stoppedByCaller(result))) return "";
	return ` (${plural(n, "problem")})`;
};

/** Printed under every answer: a fork hands in prose, and its claims are the caller's to check. */
export const UNVERIFIED_NOTE =
	"Unverified: a fork's answer is prose; nothing in it was checked. Verify what your next step rests on.";

const tokens = (u: ChildUsage) => u.input + u.output + u.cacheRead + u.cacheWrite;

function quoted(brief: string, max = 100): string {
	const line = brief.replace(/\s+/g, " ").trim();
	return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
}

function refusals(result: ForkResult): string[] {
	if (result.refused.length === 0) return [];
	const counts = new Map<string, number>();
	for (const r of result.refused) counts.set(r.tool, (counts.get(r.tool) ?? 0) + 1);
	// A tool's name is what the fork called: any text.
	const listed = [...counts].map(([tool, n]) => (n === 1 ? inline(tool) : `${inline(tool)} ×${n}`)).join(", ");
	return [`Refused (a fork is read-only and starts no children): ${listed}`];
}

/**
 * One fork's block, for the model: verdict and brief, problems, its answer (set apart as the
 * child's: model-text.ts), the note, the figures.
 */
function modelBlock(result: ForkResult): ModelPart[] {
	const m = result.metrics;
	const head = `Fork ${result.index} of ${result.of} · ${forkEndWord(result)}${failCount(result)} · ${quoted(result.brief)}`;
	return [
		head,
		...ownProblems(result).map((p) => problemLine("✗ ", p)),
		...result.warnings.map((w) => `! ${w}`),
		...refusals(result),
		result.text.trim() === "" ? "(the fork gave no answer)" : childPart(result.text.trim()),
		UNVERIFIED_NOTE,
		`Spent: ${plural(m.turns, "turn")}, ${int(tokens(m.usage))} tokens (${compactCount(m.usage.cacheRead)} read from cache), ${formatUsd(m.usage.costUsd)}, ${formatSeconds(m.elapsedS)}.${steeredNote(result)} Record: ${result.auditDir}`,
	];
}

const steeredNote = (result: ForkResult) => {
	const steered = messagesSent(result);
	return steered ? ` ${steered[0]!.toUpperCase()}${steered.slice(1)}.` : "";
};

/** What the calling model reads: every fork's block, separated by a blank line. */
export function renderForkModelReport(results: readonly ForkResult[]): string {
	return modelText(results.flatMap((result, i) => (i === 0 ? modelBlock(result) : ["", ...modelBlock(result)])));
}

function humanBlock(result: ForkResult): string {
	const m = result.metrics;
	const u = m.usage;
	const sections = [
		`${forkEndWord(result)}  fork ${result.id} (${result.index} of ${result.of})${failCount(result).replace(/^ \((.*)\)$/, " · $1")}`,
		...ownProblems(result).map((p) => `  ✗ ${inline(p.message)}`),
		`Brief\n${indent(result.brief)}`,
		...result.warnings.map((w) => `  ! ${inline(w)}`),
		...refusals(result).map((r) => `  ${r}`),
		`Answer (unverified)\n${result.text.trim() === "" ? "  (none)" : indentedChildText(result.text.trim())}`,
		`Boundary  ${plural(result.delta.length, "change")} in ${result.roots.map((r) => r.root).join(", ")} (watched, nothing writable)`,
		[
			"Metrics",
			`  tokens   in ${int(u.input)} · out ${int(u.output)} · cache read ${int(u.cacheRead)} · cache write ${int(u.cacheWrite)}`,
			`  cache    ${result.prefix.detail}`,
			`  cost     ${formatUsd(u.costUsd)}`,
			`  elapsed  ${formatSeconds(m.elapsedS)} · ${plural(m.turns, "turn")} · ${plural(m.toolCalls, "tool call")}`,
			`  model    ${m.model} (${m.runner})`,
			...(messagesSent(result) ? [`  steered  ${messagesSent(result)}`] : []),
		].join("\n"),
		`Audit    ${result.auditDir}`,
		...(result.sessionFile ? [`Session  ${result.sessionFile} (pi --session opens it)`] : []),
	];
	return sections.join("\n");
}

/** The full report, for people (the tool row's expanded view). */
export function renderForkReport(results: readonly ForkResult[]): string {
	return terminalSafe(`${results.map(humanBlock).join("\n\n")}\n`);
}
