/**
 * What differs between two runs of the same command, and how the README's blocks stay comparable
 * anyway. Pure: the places (temporary directories, the repository) are passed in.
 *
 * Two kinds of rule, kept apart on purpose:
 *
 * - A **placeholder** replaces a value that only names where or when a run happened (a temporary
 *   directory, the repository's own path, an audit directory's time stamp) with one fixed text.
 *   The README shows the placeholder, so rewriting it on another machine or another day changes
 *   nothing. A placeholder that is as long as what it replaces may stand anywhere; one that is
 *   not may not stand inside a table, where it would shift the columns after it (`place` refuses).
 * - A **mask** hides a value that is real but varies from run to run (a duration, a version of a
 *   program found on the machine, a size that depends on Python's version). The README shows the
 *   value the writing run measured; the check compares both sides with the value masked, so a
 *   change of words, lines or columns around it is still caught.
 */

/** One placeholder: every occurrence of `from` (text or pattern) becomes `to`. */
export interface Placeholder {
	name: string;
	why: string;
	from: string | RegExp;
	to: string;
	/** True when `to` can differ in length from what it replaces: then not inside a table. */
	changesLength: boolean;
}

export interface Mask {
	name: string;
	why: string;
	pattern: RegExp;
	to: string;
}

/** The directories a scene made, as they really are on this machine. */
export interface Places {
	/** The scene's copies of the examples: each made 24 characters long, the length of its placeholder. */
	bases: readonly string[];
	/** The home directories the scenes ran with (inside `base`). */
	homes: readonly string[];
	/** The repository the command ran from. */
	repo: string;
	/** The temporary directory the commands were given (TMPDIR). */
	tmp: string;
}

/** Where the README says the runs happened. `EXAMPLE_BASE` is the directory examples/setup.sh makes. */
export const EXAMPLE_BASE = "/tmp/pi-delegate-example";
export const REPO_PLACEHOLDER = "~/pi-delegate";
export const STAMP_PLACEHOLDER = "YYYYMMDDTHHMMSSZ";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function placeholders(places: Places): Placeholder[] {
	for (const base of places.bases) {
		if (base.length !== EXAMPLE_BASE.length) {
			throw new Error(`the scene's base ${base} must be ${EXAMPLE_BASE.length} characters long`);
		}
	}
	return [
		...places.homes.map((home) => ({
			name: "home",
			why: "each scene runs with a fresh home of its own; the README calls it ~",
			from: new RegExp(`${literal(home)}(?=/|\\b|$)`, "g"),
			to: "~",
			changesLength: true,
		})),
		...places.bases.map((base) => ({
			name: "base",
			why: "the scene's copies of the examples stand where examples/setup.sh puts them",
			from: base,
			to: EXAMPLE_BASE,
			changesLength: false,
		})),
		{
			name: "repo",
			why: "the clone the commands ran from is wherever it was cloned; the README says ~/pi-delegate",
			from: places.repo,
			to: REPO_PLACEHOLDER,
			changesLength: true,
		},
		{
			name: "scratch",
			why: "selftest works in a directory named by its process id and six random characters",
			from: new RegExp(`${literal(places.tmp)}/pi-delegate-selftest-\\d+-[A-Za-z0-9]{6}`, "g"),
			to: "/tmp/pi-delegate-selftest-PID-XXXXXX",
			changesLength: true,
		},
		{
			name: "stamp",
			why: "audit directories and workflow runs are named by the UTC second they started",
			from: /\b20\d{6}T\d{6}Z\b/g,
			to: STAMP_PLACEHOLDER,
			changesLength: false,
		},
	];
}

/** Every mask, by name; a block lists the ones that apply to it. */
export const MASKS = {
	elapsed: {
		name: "elapsed",
		why: "how long a run took",
		pattern: /(elapsed {2})\d+(?:\.\d+)? s/g,
		to: "$1#.# s",
	},
	durations: {
		name: "durations",
		why: "how long a child or a phase took",
		pattern: /\b\d+(?:\.\d+)? s\b/g,
		to: "#.# s",
	},
	ages: {
		name: "ages",
		why: "how long ago a run started",
		pattern: /\b\d+[smhd]$/gm,
		to: "#",
	},
	pyc: {
		name: "pyc",
		why: "the name and size of the file py_compile writes depend on the Python found on the machine",
		pattern: /(cpython-)\d+(\.pyc.*?)\d+( bytes)/g,
		to: "$1#$2#$3",
	},
	programs: {
		name: "programs",
		why: "which git and bubblewrap the machine has, and where",
		pattern: /\b\d+\.\d+(?:\.\d+)* at (?:\/[\w.@+-]+)*\/(git|bwrap)\b/g,
		to: "# at $1",
	},
	clipped: {
		name: "clipped",
		why: "selftest cuts a detail to its column, and where the cut falls depends on the length of its scratch path",
		pattern: /(\/tmp\/pi-delegate-selftest-PID-XXXXXX)\S*.*…$/gm,
		to: "$1…",
	},
	piDocs: {
		name: "piDocs",
		why: "Pi's documentation pointer quotes the path Pi is installed at, so its size varies with the clone's",
		pattern: /(is not about )\[\d+ bytes\]/g,
		to: "$1[# bytes]",
	},
	piOwnPrompt: {
		name: "piOwnPrompt",
		why: "Pi's own base prompt quotes the path Pi is installed at, so its size varies with the clone's",
		pattern: /^((?:base prompt +Pi's own|system prompt +as Pi renders it) +)\d+( +)\d+$/gm,
		to: "$1#$2#",
	},
} as const satisfies Record<string, Mask>;

export type MaskName = keyof typeof MASKS;

/**
 * The lines of `text` that belong to a table as the tools draw them — a rule of `─` runs two spaces
 * apart, the header line above it, the rows below it up to the next blank line — each with the
 * column its table's last column starts at. Text may change length there and only there: nothing
 * stands after the last column.
 */
export function tableLines(lines: readonly string[]): Map<number, number> {
	const inTable = new Map<number, number>();
	const rule = /^\s*─+(?: {2}─+)+\s*$/;
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? "";
		if (!rule.test(line)) continue;
		const last = line.lastIndexOf("  ─") + 2;
		if (i > 0) inTable.set(i - 1, last);
		for (let j = i; j < lines.length && (lines[j] ?? "").trim() !== ""; j++) inTable.set(j, last);
	}
	return inTable;
}

function replaceChecked(line: string, rule: Placeholder, lastColumn: number | undefined, block: string): string {
	const from = typeof rule.from === "string" ? new RegExp(literal(rule.from), "g") : rule.from;
	return line.replace(from, (match: string, ...rest: unknown[]) => {
		const at = rest.find((r) => typeof r === "number") as number;
		if (rule.changesLength && lastColumn !== undefined && at < lastColumn && match.length !== rule.to.length) {
			throw new Error(
				`block ${block}: the placeholder "${rule.name}" would shift the columns of a table row:\n${line}`,
			);
		}
		return rule.to;
	});
}

/** Applies the placeholders; throws when one that changes length would shift a table's columns. */
export function place(text: string, rules: readonly Placeholder[], block: string): string {
	const lines = text.split("\n");
	const inTable = tableLines(lines);
	return lines
		.map((line, i) => rules.reduce((out, rule) => replaceChecked(out, rule, inTable.get(i), block), line))
		.join("\n");
}

export function mask(text: string, names: readonly MaskName[]): string {
	return names.reduce<string>((out, name) => out.replace(MASKS[name].pattern, MASKS[name].to), text);
}
