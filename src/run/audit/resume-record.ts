/**
 * A finished run read back to be resumed: its result (it must have ended, as a task or a fork, with
 * a record nothing tampered with), a task's spec and what its plan allowed, and the session its
 * child left. Every file is read as data a hostile writer may have shaped — the child's Pi writes
 * session.jsonl, and a child without the sandbox can write anywhere in its record: never through a
 * link, never from a FIFO or device, never past a ceiling; a line that is not a session entry, an
 * id given twice or a parent that does not come before its child (which could make a reader walk a
 * cycle for ever) refuses the whole session, naming the line. Each refusal names the field the run
 * was given in, the value, what is wrong and the fix.
 */
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readJson } from "../../json/read.ts";
import type { SessionEntryLike } from "../../plan/fork-types.ts";
import type { LegAuthority, ResumeSource } from "../../plan/resume-types.ts";
import type { Problem, ProblemPlace } from "../../problems.ts";
import { isTooLarge, readRecordTextSync } from "../../read-input.ts";
import { isRecord } from "../../values.ts";
import { runDirectory } from "./run-directory.ts";

/** The largest session a leg is resumed from: far above a child's conversation, far below what would stall the call. */
export const RESUME_SESSION_LIMIT = 64 * 1024 * 1024;

/** The most entries a resumed session may hold. */
export const RESUME_MAX_ENTRIES = 100_000;

type Read<T> = { ok: true; value: T } | { ok: false; problem: Problem };

interface Asked {
	run: string;
	kind: "task" | "fork";
	where: ProblemPlace;
	cwd: string;
	runsDir: string;
}

const refuse = (
	asked: Asked,
	message: string,
	fix: string,
	code: Problem["code"] = "unavailable",
): { ok: false; problem: Problem } => ({
	ok: false,
	problem: { ...asked.where, code, value: asked.run, message, fix },
});

const RERUN = "start a new task instead of resuming this run";

/** Why a record's file cannot be read, in words. */
function readError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === "ENOENT") return "does not exist";
	if (code === "ELOOP") return "is a symbolic link, which a record's file is never read through";
	if (isTooLarge(error)) return `is too large (${error.reason})`;
	return `cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}

/** A record's JSON file, read as data. */
function readRecordJson(asked: Asked, dir: string, name: string, missing: string, limit?: number): Read<unknown> {
	let text: string;
	try {
		text = readRecordTextSync(join(dir, name), limit);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === "ENOENT")
			return refuse(
				asked,
				missing,
				name === "result.json" ? "wait for it to end (it may still be running), then resume it" : RERUN,
				"not_found",
			);
		return refuse(asked, `${name} of the run ${readError(error)}`, RERUN, "unreadable");
	}
	const parsed = readJson(text);
	if (!parsed.ok)
		return refuse(
			asked,
			`${name} of the run is not JSON: ${parsed.error.reason} (line ${parsed.error.line})`,
			RERUN,
			"unreadable",
		);
	return { ok: true, value: parsed.value };
}

/** The run's directory: found as `apply` finds one, a directory of the runs directory itself, not a link. */
function runDir(asked: Asked): Read<string> {
	const found = runDirectory(asked.run, asked.cwd, asked.runsDir, asked.where);
	if ("problem" in found) return { ok: false, problem: found.problem };
	let inRunsDir = false;
	try {
		inRunsDir =
			!lstatSync(found.dir).isSymbolicLink() && realpathSync(dirname(found.dir)) === realpathSync(asked.runsDir);
	} catch {}
	if (!inRunsDir)
		return refuse(
			asked,
			`is not a run of the runs directory ${asked.runsDir} (a resumed run's record gains a link to the new leg)`,
			"resume a run recorded in the runs directory: its id, a task id, or its path there",
			"invalid_value",
		);
	return { ok: true, value: found.dir };
}

/** The result says the run ended, as the kind of child the call continues, with a record nothing broke. */
function endedAs(asked: Asked, result: unknown): Read<Record<string, unknown>> {
	if (!isRecord(result)) return refuse(asked, "result.json of the run is not an object", RERUN, "unreadable");
	const kind = result.kind ?? "task";
	if (kind !== "task" && kind !== "fork")
		return refuse(
			asked,
			`is a run of an unchecked child (${String(kind)}), which cannot be resumed`,
			RERUN,
			"invalid_value",
		);
	if (kind !== asked.kind) {
		const tool = kind === "fork" ? "fork (with a brief)" : "task (with a goal)";
		return refuse(
			asked,
			`is a ${kind}'s run, and this call starts a ${asked.kind}`,
			`resume it with ${tool}`,
			"invalid_value",
		);
	}
	const problems = Array.isArray(result.problems) ? result.problems : [];
	if (problems.some((p) => isRecord(p) && p.code === "record"))
		return refuse(
			asked,
			"is a run whose audit record was tampered with or left incomplete: its session cannot be trusted",
			RERUN,
			"invalid_value",
		);
	return { ok: true, value: result };
}

/** The problem with one line of the session. */
const lineProblem = (asked: Asked, line: number, what: string): Read<never> =>
	refuse(asked, `session.jsonl of the run is not a session Pi wrote: line ${line} ${what}`, RERUN, "invalid_syntax");

// Kept whole: one pass over the lines, each checked against what the lines before it established.
/** The session's entries: a header first, then entries whose parents all come before them. */
function sessionEntries(asked: Asked, text: string): Read<{ id: string; entries: SessionEntryLike[] }> {
	const lines = text.split("\n");
	if (lines.at(-1) === "") lines.pop();
	if (lines.length - 1 > RESUME_MAX_ENTRIES)
		return refuse(asked, `session.jsonl of the run holds more than ${RESUME_MAX_ENTRIES} entries`, RERUN, "too_big");
	let id: string | undefined;
	const seen = new Set<string>();
	const entries: SessionEntryLike[] = [];
	for (const [i, line] of lines.entries()) {
		const parsed = readJson(line);
		if (!parsed.ok) return lineProblem(asked, i + 1, `is not JSON: ${parsed.error.reason}`);
		const entry = parsed.value;
		if (!isRecord(entry) || typeof entry.type !== "string")
			return lineProblem(asked, i + 1, "is not an entry with a type");
		if (i === 0) {
			if (entry.type !== "session" || typeof entry.id !== "string")
				return lineProblem(asked, 1, "is not the session's header");
			id = entry.id;
			continue;
		}
		if (entry.type === "session") return lineProblem(asked, i + 1, "is a second header");
		const parent = entry.parentId;
		if (typeof entry.id !== "string" || entry.id === "") return lineProblem(asked, i + 1, "has no id");
		if (seen.has(entry.id)) return lineProblem(asked, i + 1, `repeats the id ${entry.id}`);
		if (parent !== null && (typeof parent !== "string" || !seen.has(parent)))
			return lineProblem(asked, i + 1, "names a parent that is not an earlier entry");
		seen.add(entry.id);
		entries.push(entry as SessionEntryLike);
	}
	if (id === undefined) return refuse(asked, "session.jsonl of the run is empty", RERUN, "not_found");
	return { ok: true, value: { id, entries } };
}

function readSession(asked: Asked, dir: string): Read<{ id: string; entries: SessionEntryLike[] }> {
	let text: string;
	try {
		text = readRecordTextSync(join(dir, "session.jsonl"), RESUME_SESSION_LIMIT);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const fix =
			code === "ENOENT" ? "the child never started, so there is nothing to continue: start a new task" : RERUN;
		return refuse(
			asked,
			`session.jsonl of the run ${readError(error)}`,
			fix,
			code === "ENOENT" ? "not_found" : "unreadable",
		);
	}
	return sessionEntries(asked, text);
}

const strings = (value: unknown): string[] =>
	Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** What a task's plan allowed and which agent it ran as, from its launch.json. */
function taskLaunch(launch: unknown): { agent?: string; authority: LegAuthority } {
	const plan = isRecord(launch) ? launch : {};
	const pick = (key: string) => (isRecord(plan[key]) ? (plan[key] as Record<string, unknown>) : {});
	const sandbox = pick("sandbox");
	const child = pick("child");
	const agent = isRecord(plan.agent) && typeof child.agent === "string" ? child.agent : undefined;
	return {
		...(agent !== undefined && { agent }),
		authority: {
			...(typeof sandbox.mode === "string" && { sandbox: sandbox.mode }),
			...(typeof pick("apply").mode === "string" && { apply: pick("apply").mode as string }),
			network: sandbox.network === true,
			gitWrites: sandbox.gitWritable === true,
			writeAllowed: strings(pick("boundary").writeAllowed),
		},
	};
}

// Kept whole: the record's files in the order a refusal should name them.
/** The finished run `run` names, ready to be resumed as a `kind`, or the one problem that stops it. */
export function readResumable(asked: Asked): { ok: true; source: ResumeSource } | { ok: false; problem: Problem } {
	const dir = runDir(asked);
	if (!dir.ok) return dir;
	const result = readRecordJson(asked, dir.value, "result.json", "has not finished: its record has no result.json yet");
	if (!result.ok) return result;
	const ended = endedAs(asked, result.value);
	if (!ended.ok) return ended;
	const session = readSession(asked, dir.value);
	if (!session.ok) return session;
	const { id, entries } = session.value;
	const link = {
		run: basename(dir.value),
		dir: dir.value,
		kind: asked.kind,
		sessionId: id,
		entries: entries.length,
		leafId: entries.at(-1)?.id ?? null,
	};
	if (asked.kind === "fork") return { ok: true, source: { link, entries, where: asked.where } };
	const spec = readRecordJson(asked, dir.value, "spec.json", "has no spec.json: its record is incomplete");
	if (!spec.ok) return spec;
	if (!isRecord(spec.value)) return refuse(asked, "spec.json of the run is not an object", RERUN, "unreadable");
	const launch = readRecordJson(asked, dir.value, "launch.json", "has no launch.json: its record is incomplete");
	if (!launch.ok) return launch;
	const { agent, authority } = taskLaunch(launch.value);
	return {
		ok: true,
		source: { link, entries, spec: spec.value, authority, ...(agent !== undefined && { agent }), where: asked.where },
	};
}
