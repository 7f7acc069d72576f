/**
 * How a run's containment and sandbox read in its report: what held the child, whether writes
 * were prevented or only detected (and why), and each write that was prevented. Pure: the
 * executor builds a RunIsolation from the plan and the outcome, the reports render it.
 */
import { inline } from "../../format/child-text.ts";
import { plural } from "../../format/numbers.ts";
import { hanging } from "../../format/text.ts";
import type { Containment, PreventedAttempt, SandboxMode, SandboxPlan } from "../sandbox/types.ts";
import type { ChildOutcome } from "../types.ts";

/** What result.json keeps of a run's containment and sandbox. */
export interface RunIsolation {
	containment: Containment;
	sandbox: SandboxMode;
	/** Why the sandbox is what it is (the plan's reason), for the report. */
	reason: string;
	notes: string[];
	prevented: PreventedAttempt[];
}

const NO_PLAN = "the launch has no sandbox: writes are detected by the boundary diff, not prevented";

/** The isolation of one run, from the planner's decision and the runner's outcome. */
export function runIsolation(plan: SandboxPlan | undefined, outcome: ChildOutcome): RunIsolation {
	const sandbox = outcome.sandbox ?? "off";
	const fellBack = plan?.mode === "enforce" && sandbox === "off";
	return {
		containment: outcome.containment ?? "partial",
		sandbox,
		reason: fellBack ? "the runner could not make the sandbox the plan asked for" : (plan?.reason ?? NO_PLAN),
		notes: [...(plan?.notes ?? [])],
		prevented: [...(outcome.prevented ?? [])],
	};
}

const CONTAINMENT_WORDS: Record<Containment, string> = {
	namespace: "contained in a PID namespace",
	partial: "containment partial",
};
const PARTIAL = "no PID namespace: a process that cleared its environment may have outlived the child";

/** One attempt, on one line: its path, command and reason are the child's doing, and may hold any text. */
function attemptText(a: PreventedAttempt): string {
	const what = a.path !== undefined ? inline(a.path) : a.command === undefined ? "" : oneLine(a.command);
	return `${inline(a.tool)}${what === "" ? "" : ` ${what}`}: ${inline(a.reason)}`;
}

function oneLine(text: string, max = 60): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The counts of the head: writes the sandbox prevented (under enforce), and the commands and file
 * calls the agent's rules refused (when any).
 */
function counts(isolation: RunIsolation): string[] {
	const by = (kind: PreventedAttempt["refusedBy"]) => isolation.prevented.filter((a) => a.refusedBy === kind).length;
	const [writes, commands, calls] = [by(undefined), by("commands"), by("paths")];
	return [
		...(isolation.sandbox === "enforce" ? [`${plural(writes, "write")} prevented`] : []),
		...(commands > 0 ? [`${plural(commands, "command")} refused`] : []),
		...(calls > 0 ? [`${plural(calls, "file call")} refused`] : []),
	];
}

/** The report's section; `max` attempts are listed, the rest counted. */
export function isolationSection(isolation: RunIsolation, max = 10, width = 80): string {
	const { prevented } = isolation;
	const head = [`Sandbox  ${isolation.sandbox}`, CONTAINMENT_WORDS[isolation.containment], ...counts(isolation)];
	const lines = [head.join(" · "), hanging("  ", isolation.reason, width)];
	if (isolation.containment === "partial") lines.push(hanging("  ", PARTIAL, width));
	lines.push(...isolation.notes.map((n) => hanging("  ! ", n, width)));
	for (const a of prevented.slice(0, max)) lines.push(hanging("  - ", attemptText(a), width));
	if (prevented.length > max) lines.push(`  …and ${prevented.length - max} more (see outcome.json)`);
	return lines.join("\n");
}

/** The same facts on one line or a few, for the model that asked for the task. */
export function isolationLines(isolation: RunIsolation, max = 5): string[] {
	const containment = isolation.containment === "namespace" ? "contained" : "containment partial";
	const why = isolation.sandbox === "enforce" ? "" : ` (${isolation.reason})`;
	const head = `Sandbox: ${isolation.sandbox}, ${containment}${why}${counts(isolation)
		.map((c) => `; ${c}`)
		.join("")}.`;
	const verb = (a: PreventedAttempt) => (a.refusedBy === undefined ? "prevented" : "refused");
	return [head, ...isolation.prevented.slice(0, max).map((a) => `  ${verb(a)} ${attemptText(a)}`)];
}
