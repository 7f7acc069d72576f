/**
 * Problems, reported the way zod reports them: every problem at once, each with where it is, the
 * value found there, what is wrong, and how to fix it. Validators collect problems instead of
 * throwing on the first, so a user fixes a bad spec in one pass.
 *
 * Where a problem is stays structured (an input's name and a list of segments) until the edge: a
 * program tests `code` and `path`, and only a renderer turns them into `write_allowed[1]` or
 * `.pi/settings.json:4:5: pi-delegate.runner`, through `formatPath` alone.
 */

import { hanging, terminalSafe } from "./format/text.ts";

/** One step into an input: an object key or a list index. */
export type PathSegment = string | number;

/**
 * Every kind of problem the package reports, with what it means. A program may rely on these: the
 * set only grows, and a code keeps its meaning.
 */
export const PROBLEM_CODES = {
	invalid_type: "the value has the wrong JSON type (a string where a list belongs, …)",
	required: "a field that must be given is missing",
	unknown_key: "a key that is not part of the input's schema (often a misspelling)",
	invalid_value: "the value has the right type but is not acceptable (a pattern, a choice, a rule)",
	too_big: "over a limit: too long, too many, too large",
	too_small: "under a limit: empty, or below the least allowed",
	not_found: "names something that does not exist: a file, an agent, a mode, a model, a tool",
	duplicate: "given twice where once is allowed: a key, an id, a root",
	conflict: "contradicts another field or input: each is fine alone, not together",
	unreadable: "an input that could not be read, or a place that could not be written",
	invalid_syntax: "text that does not parse: JSON, YAML, a session file",
	unavailable: "something the run needs is missing or does not work here",
	setup: "the run could not have passed whatever the child did (its model could not be reached)",
	budget: "the child went over a budget (wall time, dollars, turns) and was stopped",
	child: "the child did not finish: it failed, was cancelled, or ran with another prompt than planned",
	envelope: "the child handed in no valid result envelope, or a deliverable its caller's schema refuses",
	status: "the child's envelope reports a status other than ok",
	evidence: "an evidence pointer did not verify, or an ok cites nothing",
	boundary: "a change outside write_allowed, or a watched part that could not be checked",
	accept: "an acceptance command pi-delegate ran after the child exited non-zero, ran out of time or could not run",
	apply: "a passed task's change, made on private copies, could not be applied to the real root",
	sandbox: "the enforced sandbox let a change outside write_allowed through: a bug in pi-delegate",
	record: "the run's audit record could not be written in full, or something else changed it during the run",
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/** Where a problem is: which input, and where inside it. */
export interface ProblemPlace {
	/**
	 * The input the problem is in, as a reader names it: a file (`.pi/settings.json`, with
	 * `:line:column` when known, see `sourceAt`), a flag (`--model`), an agent file. Absent when the
	 * caller knows which input it gave (a spec passed inline).
	 */
	source?: string;
	/** Where inside the input, as segments: `["write_allowed", 1]`; `[]` for the whole input. */
	path: readonly PathSegment[];
}

/** One thing wrong with an input or a run. */
export interface Problem extends ProblemPlace {
	/** What kind of problem, for programs (see PROBLEM_CODES). */
	code: ProblemCode;
	/** The offending value as found (undefined when the field is missing). */
	value: unknown;
	/** What is wrong, in plain words. */
	message: string;
	/** What to do about it. */
	fix: string;
}

/** A place further inside `place`: `inside({ source: "a.md", path: ["tools"] }, 1)` is `a.md: tools[1]`. */
export function inside(place: ProblemPlace, ...segments: PathSegment[]): ProblemPlace {
	return { ...(place.source !== undefined && { source: place.source }), path: [...place.path, ...segments] };
}

/** The same problem placed under a parent: a task's problem inside a call of many, `tasks[2].roots[0]`. */
export function nestProblem(problem: Problem, parent: ProblemPlace): Problem {
	const source = parent.source ?? problem.source;
	return { ...problem, ...(source !== undefined && { source }), path: [...parent.path, ...problem.path] };
}

/** Whether two places are the same: same input, same segments. */
export function samePlace(a: ProblemPlace, b: ProblemPlace): boolean {
	return a.source === b.source && a.path.length === b.path.length && a.path.every((s, i) => s === b.path[i]);
}

/**
 * How a position in a file is named, the one convention of every message: `file:line:column`
 * (1-based, columns in UTF-16 units, as src/json/position.ts counts them), `file:line` when only
 * the line is known. Terminals and editors turn this form into a link.
 */
export function sourceAt(file: string, position?: { line: number; column?: number | undefined }): string {
	if (position === undefined) return file;
	return position.column === undefined ? `${file}:${position.line}` : `${file}:${position.line}:${position.column}`;
}

/**
 * How a key is written after a dot. In the input a caller passed (a spec, a tool call's arguments,
 * an envelope) a path reads as a JavaScript accessor: a word, else quoted (`["write-allowed"]`). In
 * a named file (settings, an agent's frontmatter) it reads as that file's own key names, dashes and
 * leading digits allowed (`pi-delegate.contextModes.lean-builder`), as users write them there.
 */
export type KeyStyle = "accessor" | "name";

const PLAIN_KEY: Readonly<Record<KeyStyle, RegExp>> = {
	accessor: /^[A-Za-z_][A-Za-z0-9_]*$/,
	name: /^(?![0-9]+$)[A-Za-z0-9_][A-Za-z0-9_-]*$/,
};
/** A call in a script, named as written: `agent(3)`, `parallel()`. */
const CALL_KEY = /^[A-Za-z_][A-Za-z0-9_]*\([0-9]*\)$/;
/** A part of an input that has no key, in parentheses: the `(body)` of a Markdown file. */
const PART_KEY = /^\([a-z][a-z ]*\)$/;

/** Segments as a user would write them: `context.files[1]`, `contextModes["my mode"]`; "" for none. */
export function formatSegments(path: readonly PathSegment[], style: KeyStyle = "accessor"): string {
	let out = "";
	for (const segment of path) {
		if (typeof segment === "number") out += `[${segment}]`;
		else if (PLAIN_KEY[style].test(segment) || CALL_KEY.test(segment) || PART_KEY.test(segment))
			out += out === "" ? segment : `.${segment}`;
		else out += `[${JSON.stringify(segment)}]`;
	}
	return out;
}

/**
 * Where a problem is, for a person: the path alone (`write_allowed[1]`, `(root)` for the whole
 * input), the source alone (`--model`, `.pi/settings.json:1:18`), or both
 * (`.pi/agents/reviewer.md: tools[1]`); a flag's index follows it directly (`--exclude[1]`).
 */
export function formatPath(place: ProblemPlace): string {
	const { source } = place;
	if (source === undefined || source === "") return formatSegments(place.path) || "(root)";
	const joined = formatSegments(place.path, "name");
	if (joined === "") return source;
	if (source.startsWith("-") && joined.startsWith("[")) return `${source}${joined}`;
	return `${source}: ${joined}`;
}

/**
 * What a verdict's problem was called before problems had a code (`kind`). JSON output keeps it
 * beside `code`, so a result.json written now still reads in an older version, and a script that
 * tests `kind` keeps working. A sandbox breach was a boundary problem then.
 */
const FORMER_KIND: Partial<Record<ProblemCode, string>> = {
	setup: "setup",
	budget: "budget",
	child: "child",
	envelope: "envelope",
	status: "status",
	evidence: "evidence",
	boundary: "boundary",
	sandbox: "boundary",
};

/** A problem as JSON output prints it: the structured form, and `at`, the display form of where it is. */
export interface ProblemJson {
	code: ProblemCode;
	/** Only on a verdict's problem: its former name (see FORMER_KIND). */
	kind?: string;
	at: string;
	source?: string;
	path: PathSegment[];
	value: unknown;
	message: string;
	fix: string;
}

export function problemJson(problem: Problem): ProblemJson {
	const kind = FORMER_KIND[problem.code];
	return {
		code: problem.code,
		...(kind !== undefined && { kind }),
		at: formatPath(problem),
		...(problem.source !== undefined && { source: problem.source }),
		path: [...problem.path],
		value: problem.value,
		message: problem.message,
		fix: problem.fix,
	};
}

/** Whether a value is a Problem, so a JSON writer can meet one anywhere in a document. */
function isProblem(value: unknown): value is Problem {
	if (typeof value !== "object" || value === null) return false;
	const v = value as Record<string, unknown>;
	return (
		typeof v.code === "string" &&
		Object.hasOwn(PROBLEM_CODES, v.code) &&
		Array.isArray(v.path) &&
		typeof v.message === "string" &&
		typeof v.fix === "string"
	);
}

/**
 * A `JSON.stringify` replacer for JSON output: every Problem in the document is written as
 * `problemJson` writes it, with `at` beside the structured place.
 */
export function problemReplacer(_key: string, value: unknown): unknown {
	return isProblem(value) ? problemJson(value) : value;
}

/** Renders a value for a message: strings quoted, long values shortened, undefined spelled out. */
export function showValue(value: unknown, max = 120): string {
	if (value === undefined) return "(missing)";
	let text: string;
	try {
		// JSON would print a non-finite number as null; say what it is (1e999 in JSON parses to Infinity).
		const mark = `\u0001${Math.random()}\u0001`;
		const json = JSON.stringify(value, (_key, v: unknown) =>
			typeof v === "number" && !Number.isFinite(v) ? `${mark}${v}` : v,
		);
		text = json ?? String(value);
		for (const word of ["Infinity", "-Infinity", "NaN"]) text = text.split(JSON.stringify(mark + word)).join(word);
	} catch {
		text = String(value);
	}
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Formats problems as an indented list for a terminal `width` columns wide, one block per problem,
 * each line's words wrapped under its first word. `mark` distinguishes errors (✗) from warnings (!).
 */
export function formatProblems(problems: readonly Problem[], mark = "✗", width = 80): string {
	// A message quotes what it found (a key, a name), so it is made terminal-safe with the rest.
	return terminalSafe(
		problems
			.map((p) =>
				[
					hanging(`  ${mark} `, `${formatPath(p)}: ${p.message}`, width),
					hanging("      value: ", showValue(p.value), width),
					hanging("      fix:   ", p.fix, width),
				].join("\n"),
			)
			.join("\n"),
	);
}

// typebox reports a failed check as a JSON Pointer and a keyword; these put both in Problem terms
// without loading typebox (boundary/load.ts loads its compiler only for a file that fails).

/** JSON Schema keywords of a limit from below or above; every other rule is about the value itself. */
const TOO_SMALL = new Set(["minItems", "minLength", "minimum", "exclusiveMinimum", "minProperties"]);
const TOO_BIG = new Set(["maxItems", "maxLength", "maximum", "exclusiveMaximum", "maxProperties"]);

/** The problem code of a JSON Schema keyword that failed, for callers that take typebox's own errors. */
export function keywordCode(keyword: string): ProblemCode {
	if (keyword === "type") return "invalid_type";
	if (keyword === "required") return "required";
	if (keyword === "additionalProperties") return "unknown_key";
	if (TOO_SMALL.has(keyword)) return "too_small";
	return TOO_BIG.has(keyword) ? "too_big" : "invalid_value";
}

/** A JSON Pointer (`/roots/0/entries`, typebox's `instancePath`) as path segments. */
export function pointerSegments(pointer: string): PathSegment[] {
	if (pointer === "") return [];
	return pointer
		.slice(1)
		.split("/")
		.map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
		.map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}
