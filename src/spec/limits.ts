/**
 * The most a spec may hold. Everything in a spec reaches the child's first message (or, for roots,
 * a snapshot each), so a limit is a cost and a sanity bound at once: a 50 MB goal is a mistake, not
 * a task. They are checked first, before any root is looked at, so an oversized spec costs nothing.
 * Long material belongs in a file the child reads (`context.files`), not pasted into the spec.
 */
import { formatInt } from "../format/numbers.ts";
import type { PathSegment, Problem } from "../problems.ts";
import { isRecord, own } from "../values.ts";

/** Characters (UTF-16 code units, as JSON strings count them) and list lengths. */
export const SPEC_LIMITS = Object.freeze({
	goal: 32_768,
	deliverable: 8_192,
	fact: 16_384,
	facts: 100,
	factsTotal: 65_536,
	path: 4_096,
	files: 500,
	command: 4_096,
	commands: 100,
	roots: 1_000,
});

const MATERIAL = "put long material in a file and name it in context.files, so the child reads it itself";

function tooLong(path: readonly PathSegment[], value: string, max: number, fix: string): Problem {
	return {
		path,
		code: "too_big",
		value: `${value.slice(0, 60)}…`,
		message: `is ${formatInt(value.length)} characters; the most it may be is ${formatInt(max)}`,
		fix,
	};
}

function tooMany(path: readonly PathSegment[], list: readonly unknown[], max: number, fix: string): Problem {
	return {
		path,
		code: "too_big",
		value: `(${formatInt(list.length)} entries)`,
		message: `has ${formatInt(list.length)} entries; the most is ${formatInt(max)}`,
		fix,
	};
}

function strings(list: unknown): string[] {
	return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : [];
}

function contextProblems(context: Record<string, unknown>): Problem[] {
	const out: Problem[] = [];
	const facts = strings(own(context, "facts"));
	if (facts.length > SPEC_LIMITS.facts) out.push(tooMany(["context", "facts"], facts, SPEC_LIMITS.facts, MATERIAL));
	facts.forEach((fact, i) => {
		if (fact.length > SPEC_LIMITS.fact) out.push(tooLong(["context", "facts", i], fact, SPEC_LIMITS.fact, MATERIAL));
	});
	const total = facts.reduce((n, f) => n + f.length, 0);
	if (total > SPEC_LIMITS.factsTotal && !out.some((p) => p.path[0] === "context" && p.path[1] === "facts")) {
		out.push({
			path: ["context", "facts"],
			code: "too_big",
			value: `(${formatInt(total)} characters in all)`,
			message: `hold ${formatInt(total)} characters in all; the most is ${formatInt(SPEC_LIMITS.factsTotal)}`,
			fix: MATERIAL,
		});
	}
	const files = strings(own(context, "files"));
	if (files.length > SPEC_LIMITS.files)
		out.push(
			tooMany(["context", "files"], files, SPEC_LIMITS.files, "name the directories to look in instead of every file"),
		);
	files.forEach((f, i) => {
		if (f.length > SPEC_LIMITS.path)
			out.push(tooLong(["context", "files", i], f, SPEC_LIMITS.path, "give the file's real path"));
	});
	const commands = strings(own(context, "commands"));
	if (commands.length > SPEC_LIMITS.commands)
		out.push(
			tooMany(["context", "commands"], commands, SPEC_LIMITS.commands, "put the steps in a script and list the script"),
		);
	commands.forEach((c, i) => {
		if (c.length > SPEC_LIMITS.command)
			out.push(
				tooLong(["context", "commands", i], c, SPEC_LIMITS.command, "put the command in a script and list the script"),
			);
	});
	return out;
}

/** Every limit a would-be spec breaks; empty when it is within all of them (or not an object at all). */
export function limitProblems(input: unknown): Problem[] {
	if (!isRecord(input)) return [];
	const out: Problem[] = [];
	for (const key of ["goal", "deliverable"] as const) {
		const value = own(input, key);
		if (typeof value === "string" && value.length > SPEC_LIMITS[key])
			out.push(tooLong([key], value, SPEC_LIMITS[key], MATERIAL));
	}
	for (const key of ["roots", "write_allowed"] as const) {
		const list = own(input, key);
		if (Array.isArray(list) && list.length > SPEC_LIMITS.roots)
			out.push(tooMany([key], list, SPEC_LIMITS.roots, "watch the parent directory instead of each subdirectory"));
		strings(list).forEach((p, i) => {
			if (p.length > SPEC_LIMITS.path)
				out.push(tooLong([key, i], p, SPEC_LIMITS.path, "give the directory's real path"));
		});
	}
	const context = own(input, "context");
	if (isRecord(context)) out.push(...contextProblems(context));
	return out;
}
