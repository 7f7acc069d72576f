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
import { DEFAULT_EVIDENCE_RULE, EVIDENCE_BRIEF } from "../envelope/proof.ts";
import type { TaskSpec } from "../spec/schema.ts";
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

function authority(spec: TaskSpec): string {
	const { write_allowed, watched_only } = spec.resolved;
	const incidental =
		"That includes changes made by a command you ran, not only edits you meant: build output, caches, " +
		"lock files and bytecode (such as __pycache__) count the same.";
	if (spec.read_only) {
		return [
			"Read-only. You may read anything, but must not change anything under these roots:",
			bullets(watched_only),
			"Each root is compared before and after you finish; any change under one fails the task.",
			incidental,
		].join("\n");
	}
	const lines = ["You may create, change and delete files under:", bullets(write_allowed)];
	if (watched_only.length > 0) lines.push("You may read, but must not change anything under:", bullets(watched_only));
	lines.push(
		"Every root above is compared before and after you finish; any change outside the writable roots fails the task.",
		incidental,
	);
	return lines.join("\n");
}

function result(spec: TaskSpec): string {
	return [
		"Finish by calling `submit_result` once, with what you did, what you could not establish and what you did not do.",
		"Back each claim with a pointer that can be checked: `path:line`, `path:start-end`, `path`, or `cmd: <a command",
		"you ran, exactly>`. A result not handed in this way, or whose pointers do not check out, counts as failed.",
		EVIDENCE_BRIEF[spec.evidence ?? DEFAULT_EVIDENCE_RULE],
	].join(" ");
}

function budget(spec: TaskSpec): string {
	const { wall_s, usd, turns } = spec.budget;
	return `Budget: at most ${turns} turns, $${usd} and ${wall_s} s. The run is stopped when one runs out.`;
}

/** The opening: what the child shares with the caller (nothing, or a quoted part of its conversation). */
function opening(background: string | undefined): string {
	return background === undefined
		? "Another agent started you to carry out this one task. There is no earlier conversation and no shared " +
				"history: this message is everything you are given."
		: "Another agent started you to carry out this one task. You share no history with it: this message is " +
				"everything you are given, including the end of its conversation, quoted below as background.";
}

/** Builds the first user message of a task child from its spec and chosen tail. Pure and deterministic. */
export function taskBrief(spec: TaskSpec, tail?: TailSection): string {
	const { facts, files, commands } = spec.context;
	const background = tailSection(tail);
	const sections = [
		`# Task: ${spec.id}`,
		opening(background),
		`## Goal\n${spec.goal}`,
		`## Deliverable\n${spec.deliverable}`,
		`## Authority\n${authority(spec)}`,
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
	sections.push(`## Returning your result\n${result(spec)}`, budget(spec));
	return `${sections.join("\n\n")}\n`;
}
