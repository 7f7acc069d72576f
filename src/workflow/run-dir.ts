/**
 * A workflow run's audit directory: `<runsDir>/<stamp>-workflow-<name>/`, next to its children's
 * own records (so every reader of the runs directory sees their spend). It holds the journal,
 * appended line by line as the run goes, and `result.json` (kind "workflow") once it has ended — a
 * directory without one is a run that did not finish, and can be resumed.
 *
 * RUN, where a command takes one, is the run's id (the directory's name), its path, or its journal's.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import type { Problem } from "../problems.ts";
import { isTooLarge, readRecordTextSync } from "../read-input.ts";
import { AuditRecord, type RecordFault } from "../run/audit/audit.ts";
import { closest } from "../suggest.ts";
import { decodeJournal, encodeLine, JOURNAL_FILE, type JournalLine, type ReadJournal } from "./journal.ts";

/** The most a journal may hold for `--resume` to read it: far above any run's (a line per call). */
const JOURNAL_INPUT_LIMIT = 256 * 1024 * 1024;

/** The part of a directory name that marks a workflow run. */
export const WORKFLOW_MARK = "-workflow-";

export interface RunDir {
	id: string;
	dir: string;
	/** Appends a journal line; one that cannot be written is kept as a fault for `seal`. */
	append(line: JournalLine): void;
	/** Closes the journal and checks the record (see AuditWriter.seal): every fault so far. */
	seal(): RecordFault[];
	/** Writes result.json atomically; says why when it could not. */
	finish(summary: unknown): RecordFault | undefined;
}

/** A name safe in a directory name, from a script's file name. */
export function workflowName(file: string): string {
	const stem = basename(file).replace(/\.(m|c)?[jt]s$/, "");
	const slug = stem.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
	return (slug || "script").slice(0, 40);
}

export function createRunDir(runsDir: string, name: string, now: Date): RunDir {
	const record = AuditRecord.create(runsDir, `workflow-${name}`, now);
	return {
		id: basename(record.dir),
		dir: record.dir,
		append: (line) => record.appendText(JOURNAL_FILE, () => encodeLine(line)),
		seal: () => record.seal(),
		finish: (summary) => record.finish(summary),
	};
}

function workflowRuns(runsDir: string): string[] {
	if (!existsSync(runsDir)) return [];
	return readdirSync(runsDir)
		.filter((name) => name.includes(WORKFLOW_MARK))
		.sort();
}

/** The directory RUN names (an id in the runs directory, or a path), or why there is none. */
export function locateRun(ref: string, runsDir: string, cwd: string): { dir: string } | { problem: Problem } {
	const asPath = isAbsolute(ref) ? ref : resolve(cwd, ref);
	// The journal itself names its run too.
	const candidates = [asPath, ...(basename(asPath) === JOURNAL_FILE ? [dirname(asPath)] : []), join(runsDir, ref)];
	for (const dir of candidates) {
		if (existsSync(join(dir, JOURNAL_FILE)) && statSync(dir).isDirectory()) return { dir };
	}
	const known = workflowRuns(runsDir);
	const suffix = known.filter((name) => name.endsWith(ref));
	if (suffix.length === 1 && suffix[0]) return { dir: join(runsDir, suffix[0]) };
	const near = closest(ref, known);
	return {
		problem: {
			source: "--resume",
			path: [],
			code: "not_found",
			value: ref,
			message: `no workflow run "${ref}" (no ${JOURNAL_FILE} there or in ${runsDir})${near ? ` (did you mean "${near}"?)` : ""}`,
			fix:
				known.length === 0
					? "run the workflow once without --resume"
					: `give a run id or directory; the latest is ${known.at(-1)}`,
		},
	};
}

/** The journal of a run, read as a record's file is (never through a link, with a ceiling). */
export function readRunJournal(dir: string): ReadJournal {
	return decodeJournal(readRecordTextSync(join(dir, JOURNAL_FILE), JOURNAL_INPUT_LIMIT));
}

/** Why `--resume` cannot read the journal of the run it names (a link, a FIFO, a directory, no permission). */
export function journalProblem(ref: string, dir: string, error: unknown): Problem {
	const code = (error as NodeJS.ErrnoException).code;
	const why =
		code === "ELOOP"
			? "it is a symlink, which is not followed"
			: isTooLarge(error)
				? error.reason
				: `${error instanceof Error ? error.message : String(error)}`;
	return {
		source: "--resume",
		path: [],
		code: "unreadable",
		value: ref,
		message: `the journal ${join(dir, JOURNAL_FILE)} cannot be read: ${why}`,
		fix: "resume another run, or run the workflow again without --resume",
	};
}
