/**
 * Problems, reported the way zod reports them: every problem at once, each with the path of the
 * offending field, the value found there, what is wrong, and how to fix it. Validators collect
 * problems instead of throwing on the first, so a user fixes a bad spec in one pass.
 */

/** One thing wrong with an input. */
export interface Problem {
	/** Where the problem is, as a JSON-ish path: `write_allowed[1]`, `budget.usd`, or `(root)`. */
	path: string;
	/** The offending value as found (undefined when the field is missing). */
	value: unknown;
	/** What is wrong, in plain words. */
	message: string;
	/** What to do about it. */
	fix: string;
}

/** Joins path segments into the display form used in `Problem.path`. */
export function joinPath(...segments: Array<string | number>): string {
	let out = "";
	for (const segment of segments) {
		if (typeof segment === "number") out += `[${segment}]`;
		else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
		else out += `[${JSON.stringify(segment)}]`;
	}
	return out === "" ? "(root)" : out;
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
 * Formats problems as an indented list for a terminal, one block per problem. `mark` distinguishes
 * errors (✗) from warnings (!).
 */
export function formatProblems(problems: readonly Problem[], mark = "✗"): string {
	return problems
		.map((p) => `  ${mark} ${p.path}: ${p.message}\n      value: ${showValue(p.value)}\n      fix:   ${p.fix}`)
		.join("\n");
}

/** Thrown by the I/O shell when input is unusable; carries every problem found. */
export class InputError extends Error {
	readonly problems: readonly Problem[];
	constructor(summary: string, problems: readonly Problem[]) {
		super(`${summary}\n${formatProblems(problems)}`);
		this.name = "InputError";
		this.problems = problems;
	}
}
