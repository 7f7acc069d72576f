/**
 * `pi-delegate spend`: what the parent and every child cost, in one table — tokens, cache reads
 * and writes, dollars, hit ratio, and what cache misses re-billed, with their causes. The thin
 * shell around the meter: it parses flags, finds the records, and prints the rollup.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { collectSpend } from "../meter/collect.ts";
import { renderSpend } from "../meter/report.ts";
import { spendJson } from "../meter/report-json.ts";
import { rollup, SPEND_GROUPINGS, type SpendGrouping } from "../meter/rollup.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { runsDirReadProblems } from "../run/audit/runs-dir.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { defaultRunsDir } from "./runs-dir.ts";

const USAGE = `Usage: pi-delegate spend [--session FILE] [--since DATE] [--by task|model|day|session] [--json] [--runs DIR]

Shows what was spent: the parent session's own requests and every task, fork and workflow child,
each with its tokens (uncached input, cache write, cache read, output), dollars, cache hit ratio
and the dollars cache misses re-billed (counted as Pi's /session counts them), then the totals,
and the misses by cause. A run that never finished is counted from its event log and marked *.

Options:
  --session FILE   one parent session: its own requests (every branch), the runs started from it,
                   and the fork children it records
  --since DATE     only runs started (and parent requests made) from then on: an ISO date
                   (2026-12-01, UTC midnight) or date-time (2026-12-01T14:00, UTC unless it
                   names a zone: 2026-12-01T14:00+01:00)
  --by KEY         one row per task (default), model, day (UTC) or parent session
  --json           print one row per run and the total as JSON, with every miss
  --runs DIR       the runs directory (default: PI_DELEGATE_RUNS_DIR, else the global runsDir
                   setting, else ~/.pi/agent/pi-delegate/runs)

Without --session or --since it covers every record in the runs directory.
Exit codes: 0 shown, 2 bad input.`;

const FLAGS = {
	session: { type: "string" },
	since: { type: "string" },
	by: { type: "string" },
	json: { type: "boolean" },
	runs: { type: "string" },
} as const;

interface SpendOptions {
	sessionFile: string | undefined;
	since: number | undefined;
	by: SpendGrouping;
	json: boolean;
	runsDir: string;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** An ISO date or date-time as epoch ms; UTC unless a zone is named. Undefined when it is not one. */
export function parseSince(text: string): number | undefined {
	const m = DATE_TIME.exec(text.trim());
	if (!m) return undefined;
	const [year, month, day, hour = 0, minute = 0, second = 0] = m
		.slice(1, 7)
		.map((v) => (v === undefined ? undefined : Number(v)));
	const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
	const monthDays = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month! - 1] ?? 0);
	if (month! < 1 || month! > 12 || day! < 1 || day! > monthDays || hour! > 23 || minute! > 59 || second! > 59)
		return undefined;
	const ms = Number((m[7] ?? "0").padEnd(3, "0"));
	const zone = m[8] ?? "Z";
	const offset =
		zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
	return Date.UTC(year!, month! - 1, day!, hour, minute, second, ms) - offset * 60_000;
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/** The most of a session file's start read to find its header line (Pi's is a few hundred bytes). */
const HEADER_PROBE_BYTES = 64 * 1024;

/**
 * Why `path` is not a Pi session file, from its kind and its first line; undefined when it is one.
 * Checked before anything is read whole: a device such as /dev/zero never ends, and a JSON file
 * given by mistake would otherwise show as a session with no spend.
 */
function notASession(path: string): string | undefined {
	const stats = statSync(path);
	if (stats.isDirectory()) return "is a directory";
	if (!stats.isFile()) return "is not a regular file (a device, FIFO or socket)";
	const fd = openSync(path, "r");
	let head: string;
	try {
		const buffer = Buffer.alloc(HEADER_PROBE_BYTES);
		head = buffer.subarray(0, readSync(fd, buffer, 0, HEADER_PROBE_BYTES, 0)).toString("utf8");
	} finally {
		closeSync(fd);
	}
	if (head.trim() === "") return "is empty, not a Pi session file";
	const first = head.split("\n", 1)[0] ?? "";
	let header: unknown;
	try {
		header = JSON.parse(first);
	} catch {
		header = undefined;
	}
	const isHeader = typeof header === "object" && header !== null && (header as { type?: unknown }).type === "session";
	return isHeader ? undefined : "is not a Pi session file: its first line is not a session header";
}

/** A problem with one flag's value. */
function flagProblem(flag: string, value: unknown, code: Problem["code"], message: string, fix: string): Problem {
	return { source: flag, path: [], code, value, message, fix };
}

function parse(argv: string[], io: CommandIO): SpendOptions | Problem[] {
	const parsed = parseFlags(argv, FLAGS);
	if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument "${parsed.positionals[0]}"`);
	const v = parsed.values;
	const problems: Problem[] = [];
	const since = v.since === undefined ? undefined : parseSince(v.since);
	if (v.since !== undefined && since === undefined) {
		const fix = "write e.g. 2026-12-01 or 2026-12-01T14:00Z";
		problems.push(flagProblem("--since", v.since, "invalid_value", "is not an ISO date or date-time", fix));
	}
	const by = (v.by ?? "task") as SpendGrouping;
	if (!SPEND_GROUPINGS.includes(by)) {
		const fix = `use one of ${SPEND_GROUPINGS.join(", ")}`;
		problems.push(flagProblem("--by", v.by, "invalid_value", "is not a grouping", fix));
	}
	const sessionFile = v.session === undefined ? undefined : resolve(io.cwd, v.session);
	const sessionFix = "pass a Pi session file (.jsonl)";
	if (sessionFile !== undefined && !existsSync(sessionFile)) {
		problems.push(flagProblem("--session", v.session, "not_found", "does not exist", sessionFix));
	} else if (sessionFile !== undefined) {
		const why = notASession(sessionFile);
		if (why !== undefined) problems.push(flagProblem("--session", v.session, "invalid_value", why, sessionFix));
	}
	const chosen = v.runs === undefined ? defaultRunsDir(io) : undefined;
	const runsDir = chosen?.dir ?? resolve(io.cwd, v.runs ?? "");
	if (v.runs !== undefined && !isDirectory(runsDir)) {
		const fix = "pass the runs directory (where each run has its own folder)";
		problems.push(flagProblem("--runs", v.runs, "invalid_value", "is not a directory", fix));
	} else problems.push(...runsDirReadProblems(runsDir, chosen?.place ?? { source: "--runs", path: [] }));
	if (problems.length > 0) return problems;
	return { sessionFile, since, by, json: v.json === true, runsDir };
}

function title(options: SpendOptions, runs: number): string {
	const since =
		options.since === undefined ? "" : `, since ${new Date(options.since).toISOString().replace(".000Z", "Z")}`;
	// Each path on a line of its own, whole: a path broken mid-name cannot be copied.
	if (options.sessionFile)
		return `Spend of a session: its own requests and ${runs} child run(s)${since}\n${options.sessionFile}`;
	return `Spend of ${runs} run(s)${since} in\n${options.runsDir}`;
}

export const spendCommand: Command = {
	name: "spend",
	summary: "what the parent and every child cost: tokens, cache, dollars",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const options = parse(argv, io);
		if (Array.isArray(options)) {
			io.stderr(`pi-delegate spend: bad input:\n${formatProblems(options)}\n`);
			return EXIT.badInput;
		}
		let sources: ReturnType<typeof collectSpend>;
		try {
			sources = collectSpend({
				runsDir: options.runsDir,
				...(options.sessionFile ? { sessionFile: options.sessionFile } : {}),
			});
		} catch (error) {
			const why = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
			io.stderr(`pi-delegate spend: cannot read the records (${why})\n`);
			return EXIT.badInput;
		}
		const report = rollup(sources, {
			by: options.by,
			...(options.since !== undefined ? { since: options.since } : {}),
		});
		if (options.json) {
			const extra = {
				since: options.since,
				runsDir: options.runsDir,
				...(options.sessionFile ? { sessionFile: options.sessionFile } : {}),
			};
			io.stdout(`${JSON.stringify(spendJson(report, extra), null, 2)}\n`);
		} else {
			const children = report.runs.filter((r) => r.source?.kind !== "parent").length;
			io.stdout(`${renderSpend(report, title(options, children))}\n`);
		}
		return EXIT.pass;
	},
};
