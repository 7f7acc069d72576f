/**
 * What a `cmd:` pointer rests on when the record says how each command ended. A command that ran
 * proves a claim only by succeeding: "verified" then means one thing for every `cmd:` pointer —
 * the cited command ran and exited 0 — so a reader of a ✓ never has to read the claim's prose to
 * know which way the command went, and a child cannot cite `npm test` that failed beside "all
 * tests pass". A command that exited non-zero, or was stopped before it exited, backs nothing as
 * it stands. A child whose point is that something fails cites a command whose success says so,
 * in the shell's own words: `! npm test`, `! grep -q TODO src`. That keeps the expected failure
 * checkable instead of trusting the claim's words about it.
 *
 * The record is pi-delegate's own (its bash tool records each command it executed and its exit
 * status, run/child/command-record.ts); nothing the model writes or a command prints is read for it.
 *
 * A claim rests on the LAST run of its command that says how that command ended: a test run that
 * failed after an earlier one passed means the work changed since, and the earlier pass no longer
 * speaks for it.
 *
 * A line's exit status is its cited part's own only in one shape: nothing before the part but setup
 * that cannot change what the part is or hide how it ended — `cd`, `set -o pipefail` — and nothing
 * after it but commands joined with `&&`, and no pipe in the part unless pipefail was set (a
 * pipeline's status is its last stage's), nor a command sent to the background. Then a line that
 * exited 0 ran the part, and the part exited 0: `cd app && npm test`, cited whole or as
 * `cmd: npm test`, or `set -o pipefail; npm test | tail -5`. In any other shape it is not:
 * `npm test; true` and `npm test | tail -5` exit 0 whatever the tests did, `true || npm test` never
 * runs them, `npm test & wait` waits for nothing, and `npm() { :; }; npm test` runs a function of
 * the child's in their place. Such a line backs no claim by its exit 0, cited whole or in part.
 * Pure.
 */
import { matchCommand, normalizeCommand, type Segment, splitSegments } from "./commands.ts";

/** A bash command the child's tool executed, as pi-delegate's own bash recorded it. */
export interface CommandRun {
	/** The command line exactly as the child gave it to bash. */
	command: string;
	/** Its exit status; null when it was stopped before it exited. */
	exit: number | null;
	/** What stopped it, when `exit` is null. */
	stopped?: "timed out" | "aborted";
}

/** A recorded command: its line, and how it ended when the record says so (a plain line does not). */
export type RanCommand = string | CommandRun;

/** What one cited command comes to against the record. */
export type CitedRun =
	| { found: false; nearest: string | undefined }
	| {
			found: true;
			/** 0-based index of the run judged. */
			index: number;
			/** The run's whole line. */
			line: string;
			whole: boolean;
			/** The run's exit status; undefined when the record does not say (a plain line). */
			exit: number | null | undefined;
			stopped: CommandRun["stopped"];
			/** The cited command's own status: "ok" (it exited 0), "failed" (it did not), "unknown" (the line's status is not its own). */
			status: "ok" | "failed" | "unknown" | "unrecorded";
	  };

const lineOf = (run: RanCommand): string => (typeof run === "string" ? run : run.command);

/** Setup a part may follow: it changes where the part runs, or makes a pipeline report any stage's failure. */
const SETUP = /^(cd(\s.*)?|set -[a-z]*o pipefail)$/;
const PIPEFAIL = /^set -[a-z]*o pipefail$/;

/**
 * Whether a line's exit status is that of its part from segment `from` on (the whole of it, or
 * the one segment `from` when `whole` is false). See the file's comment for the shape.
 */
function ownStatus(segments: readonly Segment[], from: number, whole: boolean): boolean {
	const before = segments.slice(0, from);
	if (!before.every((s) => SETUP.test(s.text) && s.op !== "||")) return false;
	const pipefail = before.some((s) => PIPEFAIL.test(s.text));
	const rest = segments.slice(from);
	if (!rest.slice(0, -1).every((s) => s.op === "&&")) return false;
	const part = whole ? rest : rest.slice(0, 1);
	return part.every((s) => !s.background && (!s.piped || pipefail));
}

/** How many segments a whole line starts with that are setup (see SETUP). */
function leadingSetup(segments: readonly Segment[]): number {
	const at = segments.findIndex((s) => !SETUP.test(s.text) || s.op === "||");
	return at < 0 ? segments.length : at;
}

type Found = Extract<CitedRun, { found: true }>;

/** How `run` bears on the cited command `want` (normalised); undefined when it does not contain it. */
function judgeRun(run: RanCommand, want: string, index: number): Found | undefined {
	const line = lineOf(run);
	const whole = normalizeCommand(line) === want;
	const segments = splitSegments(line);
	const positions = whole ? [] : segments.flatMap((s, i) => (s.text === want ? [i] : []));
	if (!whole && positions.length === 0) return undefined;
	const base = { found: true as const, index, line, whole };
	if (typeof run === "string") return { ...base, exit: undefined, stopped: undefined, status: "unrecorded" };
	const own = whole
		? ownStatus(segments, leadingSetup(segments), true)
		: positions.some((at) => ownStatus(segments, at, false));
	// A line that failed fails a claim that cites it whole; a failed line says nothing of one part.
	const status = run.exit === 0 ? (own ? "ok" : "unknown") : whole ? "failed" : "unknown";
	return { ...base, exit: run.exit, stopped: run.stopped, status };
}

/**
 * Finds the run a cited command rests on: the last one whose status for it is known (else the last
 * that contains it at all). A plain-line record keeps the older rule: the first whole match, else
 * the first line it is a segment of.
 */
export function citedRun(cited: string, runs: readonly RanCommand[]): CitedRun {
	const want = normalizeCommand(cited);
	const found = runs.flatMap((run, index) => judgeRun(run, want, index) ?? []);
	if (found.length === 0) {
		const miss = matchCommand(cited, runs.map(lineOf));
		return { found: false, nearest: miss.matched ? undefined : miss.nearest };
	}
	if (found.every((f) => f.status === "unrecorded")) return found.find((f) => f.whole) ?? found[0]!;
	const known = found.filter((f) => f.status === "ok" || f.status === "failed");
	return (known.length > 0 ? known : found).at(-1)!;
}
