/**
 * The task worker's brief: the first (and only) user message of a task child. Everything that
 * differs between runs lives here, never in the system prompt, so siblings share a cached prefix.
 *
 * How much of the caller's context the child gets is the rung of the context ladder:
 *   L0 — goal and deliverable only;
 *   L1 — plus the names of files to read itself and the exact commands it may run;
 *   L2 — plus facts the caller asserts, pasted verbatim and labelled as unverified;
 *   L3 — plus the end of the caller's conversation, quoted as background (spec `context.tail`).
 * (L4, the whole branch, is not a task rung: it is what a fork sees.)
 */
import { EVIDENCE_OPTIONAL_BRIEF } from "../envelope/proof.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { BRIEF_HEAD } from "./brief-head.ts";
import { type TailSection, tailSection } from "./tail.ts";

export type TaskRung = "L0" | "L1" | "L2" | "L3";

/** The lowest rung that carries everything the brief hands over: a tail only counts when it holds something. */
export function taskRung(spec: Pick<TaskSpec, "context">, tail?: TailSection): TaskRung {
	if (tail && tail.units.length > 0) return "L3";
	if (spec.context.facts.length > 0) return "L2";
	if (spec.context.files.length > 0 || spec.context.commands.length > 0) return "L1";
	return "L0";
}

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`).join("\n");

/**
 * Why the rest is terse: it is the one part of a child's prompt that is not shared with its
 * siblings, so each of its tokens is paid in full per child. What the `submit_result` definition
 * says (finish with it, once and last; pointer forms; an ok needs evidence) is not repeated here.
 */
export function authorityText(spec: Pick<TaskSpec, "read_only" | "resolved">): string {
	const { write_allowed, watched_only } = spec.resolved;
	if (spec.read_only) {
		return ["Read-only: you may read anything, but change nothing under these roots:", bullets(watched_only)].join(
			"\n",
		);
	}
	const lines = ["You may create, change and delete files under:", bullets(write_allowed)];
	if (watched_only.length > 0) lines.push("You may read, but change nothing under:", bullets(watched_only));
	return lines.join("\n");
}

function budget(spec: TaskSpec): string {
	const { wall_s, usd, turns } = spec.budget;
	return `Budget: ${turns} turns, $${usd}, ${wall_s} s; the run stops when one runs out.`;
}

/** The acceptance commands the run holds the child to: listed so it can run them first. */
function acceptSection(accept: { commands: readonly string[]; budget_s: number }): string {
	return [
		"## Acceptance commands",
		`When you have finished, pi-delegate runs these itself in your working directory, within ${accept.budget_s} s ` +
			"together; any that exits non-zero or runs out of time fails the task. Run them yourself before you submit:",
		bullets(accept.commands.map((c) => `\`${c}\``)),
	].join("\n");
}

/** Builds the first user message of a task child from its spec, chosen tail and acceptance commands. Pure and deterministic. */
export function taskBrief(
	spec: TaskSpec,
	tail?: TailSection,
	accept?: { commands: readonly string[]; budget_s: number },
): string {
	const { facts, files, commands } = spec.context;
	const background = tailSection(tail);
	const sections = [
		`# Task: ${spec.id}`,
		`## Goal\n${spec.goal}`,
		`## Deliverable\n${spec.deliverable}`,
		`## Authority\n${authorityText(spec)}`,
	];
	if (files.length > 0) sections.push(`## Files to read yourself\n${bullets(files)}`);
	if (commands.length > 0) {
		sections.push(`## Commands you may run\nExactly these:\n${bullets(commands.map((c) => `\`${c}\``))}`);
	}
	if (facts.length > 0) {
		sections.push(
			[
				"## Facts asserted by the caller",
				"The caller states the following as true; nobody has checked them. If a file you read contradicts " +
					"one, believe the file, say so in your result, and work from what the file shows.",
				bullets(facts),
			].join("\n"),
		);
	}
	if (background !== undefined) sections.push(background);
	// How to hand the result back (one submit_result call, pointers checked, an ok needs evidence) is
	// in the tool's definition; the brief names only an exception to it.
	if (spec.evidence === "optional") sections.push(`## Evidence\n${EVIDENCE_OPTIONAL_BRIEF}`);
	if (accept !== undefined) sections.push(acceptSection(accept));
	sections.push(budget(spec));
	return `${BRIEF_HEAD}${sections.join("\n\n")}\n`;
}
