/**
 * A task's report as the calling model reads it: the same facts as the report for people in fewer
 * tokens — it is paid for on every later request of the parent's conversation. The verdict stays
 * the first word, and the checks stay the report's: what the child wrote (its deliverable or last
 * message) is set apart as the child's (model-text.ts), and what it wrote into the report's own
 * lines (claims, pointers, doubts, paths in problems) is kept to those lines. Pure.
 */
import { relaxedProofNote } from "../envelope/proof.ts";
import { formatSeconds, formatUsd, formatInt as int, plural } from "../format/numbers.ts";
import { acceptLine } from "../run/outcome/accept.ts";
import { isolationLines } from "../run/outcome/isolation.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import { stoppedByCaller } from "../run/outcome/stopped.ts";
import { isInside, lexical, segmentsBelow } from "../spec/paths.ts";
import { acceptParts } from "./accept-report.ts";
import { applyParts } from "./apply-report.ts";
import { ranSuffix } from "./evidence-report.ts";
import { childPart, type ModelPart, modelText, problemLine, type ReportLine, said } from "./model-text.ts";
import { messagesSent } from "./steered.ts";

/** Says when the spec relaxed the rule that an ok must cite evidence (envelope/proof.ts). */
function relaxedProof(result: TaskResult): string | undefined {
	return relaxedProofNote(result.envelope, result.evidence);
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
	const steered = messagesSent(result);
	return `${plural(m.turns, "turn")}, ${int(tokens)} tokens, ${formatUsd(m.usage.costUsd)}, ${formatSeconds(m.elapsedS)} on ${m.model}${steered ? `; ${steered}` : ""}`;
}

/** What the child handed back, for the model: the answer, its evidence, what it was unsure of or left out. */
function answerParts(result: TaskResult): ModelPart[] {
	const parts: ModelPart[] = [];
	const env = result.envelope;
	if (env) parts.push(childPart(env.deliverable, `Deliverable (status ${env.status}):`));
	else if (result.finalText) parts.push(childPart(result.finalText, "The child's last message (no valid envelope):"));
	if (result.claims.length > 0) {
		// The claim and its pointer are the child's; the mark and why it failed are the check's.
		parts.push(
			"Evidence:",
			...result.claims.map(
				(c): ReportLine => [
					`  ${c.verified ? "✓" : "✗"} `,
					said(`${c.claim} — ${c.pointer}`),
					// How the command it rests on ended is pi-delegate's record, not the child's words.
					ranSuffix(c),
					c.verified ? "" : ` (${c.reason})`,
				],
			),
		);
	}
	const relaxed = relaxedProof(result);
	if (relaxed) parts.push(`Note: ${relaxed}`);
	if (env && env.unsure.length > 0) parts.push("Unsure:", ...env.unsure.map((u): ReportLine => ["  - ", said(u)]));
	if (env && env.did_not_do.length > 0) {
		parts.push("Did not do:", ...env.did_not_do.map((d): ReportLine => ["  - ", said(d)]));
	}
	return parts;
}

/** `PASS`, `FAIL`, or `stopped` for a run the caller stopped: it is no PASS, and no check failed it. */
export const endWord = (result: TaskResult): string =>
	result.verdict === "FAIL" && stoppedByCaller(result) ? "stopped" : result.verdict;

/** Its problems' count after a FAIL; a stop's own problem is said by the word. */
const counted = (result: TaskResult): string => {
	const n = result.problems.length - (stoppedByCaller(result) ? 1 : 0);
	if (endWord(result) === "PASS" || n === 0) return "";
	return ` (${plural(n, "problem")})`;
};

function verdictHead(result: TaskResult): string {
	return `${endWord(result)} task ${result.id}${counted(result)}`;
}

/** A task's problems and warnings, one line each, as they follow its verdict. */
function problemLines(result: TaskResult): ReportLine[] {
	return [...result.problems.map((p) => problemLine("✗ ", p)), ...result.warnings.map((w) => `! ${w}`)];
}

function boundaryLine(result: TaskResult, cwd?: string): string {
	const allowed = result.delta.length - result.violations.length;
	return `Boundary: ${plural(result.violations.length, "violation")}; ${plural(allowed, "change")} in writable roots. Roots: ${rootsLine(result, cwd)}.`;
}

/**
 * The report as the calling model reads it. A FAIL keeps everything (its problems, the answer, the
 * boundary with its roots whole, what was left in place, the sandbox, the spend, the audit
 * directory); a PASS says what the next step rests on, as a PASS does in a combined report, with
 * its roots relative to `options.cwd` (the call's working directory, as the call named them) when
 * given. The full report is kept for people (the CLI, and the tool row's expanded view).
 */
export function renderModelReport(result: TaskResult, options: { cwd?: string } = {}): string {
	if (result.verdict === "PASS") return modelText(singlePassParts(result, options.cwd));
	return renderDetailModelReport(result);
}

/**
 * A task's whole report as the calling model reads it, whatever its verdict: its problems, the
 * answer with every evidence pointer and how it checked out, the boundary with its roots, what was
 * applied or left in place, the sandbox, the spend and the audit directory. A FAIL's report is
 * this; a PASS's is compact, and this is its detail (the `children` tool's report action).
 */
export function renderDetailModelReport(result: TaskResult): string {
	return modelText([
		verdictHead(result),
		...problemLines(result),
		...acceptParts(result),
		...answerParts(result),
		// A FAIL names its roots whole, as the combined report does: they are what the next step acts on.
		boundaryLine(result),
		...applyParts(result),
		...(result.delta.length > 0 && !result.apply
			? [
					`Left in place: nothing the child changed was undone (${plural(result.delta.length, "change")}; see the audit).`,
				]
			: []),
		...(result.isolation ? isolationLines(result.isolation) : []),
		`Spent: ${spentLine(result)}.`,
		`Audit: ${result.auditDir}`,
	]);
}

/** `3 tasks: 2 PASS, 1 FAIL · $0.0345`. */
export function tally(results: readonly TaskResult[]): string {
	const count = (word: string) => results.filter((r) => endWord(r) === word).length;
	const usd = results.reduce((sum, r) => sum + r.metrics.usage.costUsd, 0);
	const [failed, stopped] = [count("FAIL"), count("stopped")];
	const counts = [
		`${count("PASS")} PASS`,
		...(failed > 0 ? [`${failed} FAIL`] : []),
		...(stopped > 0 ? [`${stopped} stopped`] : []),
	].join(", ");
	return `${plural(results.length, "task")}: ${counts} · ${formatUsd(usd)}`;
}

/** Changed paths a PASS lists by name; past this, the rest are counted. */
const MAX_CHANGED = 8;

/**
 * The paths a PASS changed, as the call named its roots (relative to `cwd` where inside it): what
 * the next step acts on. The paths are the child's (it chose their names), so they are its words.
 */
function changedLine(result: TaskResult, cwd: string | undefined): ReportLine | undefined {
	if (result.delta.length === 0) return undefined;
	const base = cwd === undefined ? undefined : lexical(cwd);
	const under = (root: string) => {
		if (base === undefined) return root;
		if (root === base) return "";
		return isInside(root, base) ? segmentsBelow(root, base).join("/") : root;
	};
	const named = result.delta.slice(0, MAX_CHANGED).map((c) => {
		const dir = under(c.root);
		return dir === "" ? c.path : `${dir}/${c.path}`;
	});
	const more = result.delta.length - named.length;
	const applied = result.apply?.applied && result.apply.patch ? ", applied" : "";
	return [`  changed${applied}: `, said(named.join(", ")), more > 0 ? ` and ${more} more` : ""];
}

/**
 * What a PASS says beyond its answer, one indented line each: warnings, a relaxed evidence rule,
 * doubts and omissions, acceptance commands, the paths it changed, and writes the sandbox
 * prevented — a child that tried one did more than it was asked, even if the boundary found
 * nothing. Its verified pointers, roots, spend and audit directory are one step away (the
 * `children` tool's report action, the audit record): the verdict says they held, and every line
 * here is paid for on every later request of the parent.
 */
function passDetails(result: TaskResult, cwd: string | undefined): ReportLine[] {
	const env = result.envelope;
	const lines = problemLines(result);
	const relaxed = relaxedProof(result);
	if (relaxed) lines.push(`  note: ${relaxed}`);
	if (env && env.unsure.length > 0) lines.push(["  unsure: ", said(env.unsure.join("; "))]);
	if (env && env.did_not_do.length > 0) lines.push(["  did not do: ", said(env.did_not_do.join("; "))]);
	// A PASS means every acceptance command passed: its line says so, and there is no output to quote.
	for (const run of result.accept ?? []) {
		lines.push(`  accept: ${acceptLine(run)}`);
		for (const reason of run.prevented ?? []) lines.push(["    prevented: ", said(reason)]);
	}
	const changed = changedLine(result, cwd);
	if (changed) lines.push(changed);
	const prevented = result.isolation?.prevented.length ?? 0;
	if (prevented > 0) lines.push(...isolationLines(result.isolation!).map((line) => `  ${line}`));
	const steered = messagesSent(result);
	if (steered) lines.push(`  steered: ${steered}`);
	return lines;
}

/** A passed task's answer in a combined report: `— id: ` and the deliverable, then its details. */
function passedParts(result: TaskResult, cwd: string | undefined): ModelPart[] {
	return [childPart(result.envelope?.deliverable ?? "", `— ${result.id}:`), ...passDetails(result, cwd)];
}

/**
 * A single task's PASS, as a PASS reads in a combined report: what the next step rests on (the
 * answer, its pointers, the roots) and what it cost. The boundary table, the metrics and the audit
 * directory are for people (the tool row's full report); a FAIL keeps them all.
 */
function singlePassParts(result: TaskResult, cwd: string | undefined): ModelPart[] {
	const head = `PASS task ${result.id} · ${formatUsd(result.metrics.usage.costUsd)}`;
	return [head, childPart(result.envelope?.deliverable ?? ""), ...passDetails(result, cwd)];
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
	const verdicts = anyFailed ? results.map((r) => `${endWord(r)} ${r.id}${counted(r)}`) : [];
	const details = results.map((r) =>
		r.verdict === "FAIL"
			? [
					`— ${verdictHead(r)}`,
					...problemLines(r),
					...acceptParts(r),
					...answerParts(r),
					boundaryLine(r),
					...applyParts(r),
					`Audit: ${r.auditDir}`,
				]
			: passedParts(r, options.cwd),
	);
	// Sections apart by a blank line.
	const sections: ModelPart[][] = [[tally(results), ...verdicts], ...details];
	return modelText(sections.flatMap((section, i) => (i === 0 ? section : ["", ...section])));
}
