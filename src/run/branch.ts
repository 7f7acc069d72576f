/**
 * The caller's conversation, read from a Pi session: inside Pi from the session the tool runs in,
 * on the command line from a session file (`--session FILE`). The messages are Pi's own
 * projection of the branch (`buildSessionContext`: the latest compaction's summary, the entries it
 * kept, everything after) — what Pi would send its model — so a tail (L3) is cut from exactly
 * that. A session file is only read: Pi's migration of an old format runs on the copy in memory.
 */
import { resolve } from "node:path";
import {
	buildSessionContext,
	type FileEntry,
	migrateSessionEntries,
	parseSessionEntries,
	type SessionEntry,
	type SessionHeader,
} from "@earendil-works/pi-coding-agent";
import type { TaskBranch } from "../plan/tail.ts";
import type { Problem, ProblemCode } from "../problems.ts";
import type { TranscriptMessage } from "../prompt/tail-units.ts";
import { isTooLarge, readBoundedTextSync, SESSION_INPUT_LIMIT } from "../read-input.ts";

/** What pi-delegate reads of a session manager (Pi's ReadonlySessionManager has all of it). */
export interface SessionReader {
	getEntries(): SessionEntry[];
	getLeafId(): string | null;
	getHeader(): SessionHeader | null;
	getSessionId(): string;
	getSessionFile(): string | undefined;
}

/** Pi's projection of the path from the root to `leafId` (the current leaf when omitted). */
export function projectBranch(entries: readonly SessionEntry[], leafId?: string | null): TranscriptMessage[] {
	return buildSessionContext([...entries], leafId).messages as unknown as TranscriptMessage[];
}

/** The branch a session is on now, as a task's tail reads it. */
export function branchOfSession(session: SessionReader): TaskBranch {
	return { messages: projectBranch(session.getEntries(), session.getLeafId()), source: "this session" };
}

export interface SessionFile {
	header: SessionHeader;
	entries: SessionEntry[];
}

function fileProblem(code: ProblemCode, path: string, message: string, fix: string): Problem {
	return { source: "--session", path: [], code, value: path, message, fix };
}

/** Reads a session file without writing to it, or says why it cannot be used. */
export function readSessionFile(path: string): { ok: true; file: SessionFile } | { ok: false; problems: Problem[] } {
	let text: string;
	try {
		text = readBoundedTextSync(resolve(path), SESSION_INPUT_LIMIT);
	} catch (error) {
		if (isTooLarge(error)) {
			const fix = "give the path of a Pi session file (.jsonl)";
			return {
				ok: false,
				problems: [fileProblem("too_big", path, `cannot be read: ${error.reason}`, fix)],
			};
		}
		const code = (error as NodeJS.ErrnoException).code ?? String(error);
		return {
			ok: false,
			problems: [
				fileProblem("unreadable", path, `cannot be read (${code})`, "give the path of a Pi session file (.jsonl)"),
			],
		};
	}
	const all: FileEntry[] = parseSessionEntries(text);
	const header = all.find((e): e is SessionHeader => e.type === "session");
	if (!header) {
		return {
			ok: false,
			problems: [
				fileProblem(
					"invalid_syntax",
					path,
					"is not a Pi session file: it has no session header line",
					"give a file from ~/.pi/agent/sessions/ (or one Pi wrote with --session)",
				),
			],
		};
	}
	migrateSessionEntries(all);
	return { ok: true, file: { header, entries: all.filter((e): e is SessionEntry => e.type !== "session") } };
}

/**
 * `--session FILE` (an absolute path): the file's current branch — its last entry is its leaf, as
 * when Pi opens it — and the session a run started from it is recorded under.
 */
export function conversationOfFile(
	path: string,
): { ok: true; branch: TaskBranch; session: { id: string; file: string } } | { ok: false; problems: Problem[] } {
	const read = readSessionFile(path);
	if (!read.ok) return read;
	return {
		ok: true,
		branch: { messages: projectBranch(read.file.entries), source: `the session ${path}` },
		session: { id: read.file.header.id, file: path },
	};
}
