/**
 * Plain words for each field of a spec: what it expects and how to write it. Shape problems (wrong
 * type, empty, out of range, missing) are phrased from these rather than from the schema checker's own
 * messages, so the user reads "must be a positive number of seconds" instead of "must be > 0".
 */
import { APPLY_MODES, DEFAULT_EVIDENCE_RULE, EFFORTS, EVIDENCE_RULES, SANDBOX_MODES } from "../request/choices.ts";
import { DEFAULT_ACCEPT_S, DEFAULT_EFFORT, defaultsText, ID_MAX_LENGTH, ID_RULE } from "../request/limits.ts";

export interface FieldText {
	/** What a valid value is, as a noun phrase: "a positive number of seconds". */
	expects: string;
	/** How to write a valid value, given the offending one. */
	fix: (value: unknown) => string;
}

/** Turns any text into a valid id, for the fix of an invalid one. */
export function slugify(text: string): string {
	const slug = text
		.replace(/[^A-Za-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, ID_MAX_LENGTH)
		.replace(/-+$/, "");
	return slug === "" ? "my-task" : slug;
}

const wrapList = (value: unknown, name: string, example: string) =>
	typeof value === "string" && value !== ""
		? `wrap it in a list: "${name}": [${JSON.stringify(value)}]`
		: `give a list, e.g. "${name}": [${example}]`;

const emptyEntry = "remove the empty entry, or write what it should say";

/** Keyed by the field's path with indices written as `[]`. */
export const FIELDS: Readonly<Record<string, FieldText>> = {
	id: {
		expects: `a slug: ${ID_RULE}`,
		fix: (v) => `use e.g. "id": ${JSON.stringify(typeof v === "string" ? slugify(v) : "fix-readme-typo")}`,
	},
	goal: {
		expects: "a non-empty string saying what the child must do",
		fix: () => 'state the whole task, e.g. "goal": "Fix the typo \'teh\' in /abs/repo/README.md"',
	},
	deliverable: {
		expects: "a non-empty string describing the answer wanted back",
		fix: () => 'say what to report, e.g. "deliverable": "The diff you made and the test output"',
	},
	effort: {
		expects: `one of ${EFFORTS.map((e) => `"${e}"`).join(", ")}`,
		fix: () => `use one of ${EFFORTS.join(", ")}, or leave it out for "${DEFAULT_EFFORT}"`,
	},
	read_only: {
		expects: "true or false",
		fix: (v) =>
			v === "false" || v === "true"
				? `write ${v} without quotes`
				: "write true (the child changes nothing) or false (it may change the roots in write_allowed)",
	},
	roots: {
		expects: "a non-empty list of absolute directory paths",
		fix: (v) => wrapList(v, "roots", '"/abs/path/to/repo"'),
	},
	"roots[]": {
		expects: "an absolute directory path",
		fix: () => 'write the absolute path of an existing directory, e.g. "/abs/path/to/repo"',
	},
	write_allowed: {
		expects: "a list of entries of roots",
		fix: (v) => wrapList(v, "write_allowed", '"/abs/path/to/repo"'),
	},
	"write_allowed[]": {
		expects: "an absolute path that is one of the roots",
		fix: () => "copy the entry of roots the child may change",
	},
	exclude: {
		expects: "a list of absolute paths inside roots",
		fix: (v) => wrapList(v, "exclude", '"/abs/path/to/repo/.cache"'),
	},
	"exclude[]": {
		expects: "an absolute path inside one of the roots",
		fix: () => 'write the absolute path of an existing part of a root, e.g. "/abs/path/to/repo/.cache"',
	},
	context: {
		expects: "an object with optional lists facts, files and commands, and an optional tail",
		fix: () => 'e.g. "context": {"files": ["/abs/path/README.md"]}, or leave it out',
	},
	"context.facts": {
		expects: "a list of non-empty strings",
		fix: (v) => wrapList(v, "facts", '"a statement you vouch for"'),
	},
	"context.facts[]": { expects: "a non-empty string", fix: () => emptyEntry },
	"context.files": {
		expects: "a list of paths",
		fix: (v) => wrapList(v, "files", '"/abs/path/to/read"'),
	},
	"context.files[]": { expects: "a non-empty path", fix: () => emptyEntry },
	"context.commands": {
		expects: "a list of command lines",
		fix: (v) => wrapList(v, "commands", '"npm test"'),
	},
	"context.commands[]": { expects: "a non-empty command line", fix: () => emptyEntry },
	"context.tail": {
		expects: 'an object with a token budget, e.g. {"tokens": 4000}',
		fix: (v) =>
			typeof v === "number" && Number.isInteger(v) && v > 0
				? `write "tail": {"tokens": ${v}}`
				: 'e.g. "tail": {"tokens": 4000}, or leave it out for none',
	},
	"context.tail.tokens": {
		expects: "a positive whole number of tokens",
		fix: () => 'e.g. "tokens": 4000, or leave out context.tail for no conversation at all',
	},
	accept: {
		expects: "a non-empty list of shell command lines",
		fix: (v) =>
			Array.isArray(v) && v.length === 0
				? 'name at least one command, e.g. "accept": ["npm test"], or leave accept out for none'
				: wrapList(v, "accept", '"npm test"'),
	},
	"accept[]": {
		expects: "a non-empty command line (a string)",
		fix: (v) =>
			typeof v === "string"
				? emptyEntry
				: `write the command as a string, e.g. ${JSON.stringify(String(v ?? "npm test"))}`,
	},
	"budget.accept_s": {
		expects: "a positive finite number of seconds",
		fix: () => `e.g. "accept_s": 120, or leave it out for the default (${DEFAULT_ACCEPT_S} s)`,
	},
	budget: {
		expects: "an object with optional limits wall_s, usd, turns and accept_s",
		fix: () => `e.g. "budget": {"wall_s": 600, "usd": 1}, or leave it out for the defaults`,
	},
	"budget.wall_s": {
		expects: "a positive finite number of seconds",
		fix: () => `e.g. "wall_s": 600, or leave it out for the default (${defaultsText("wall_s", (v) => `${v} s`)})`,
	},
	"budget.usd": {
		expects: "a positive finite number of US dollars",
		fix: () => `e.g. "usd": 0.5, or leave it out for the default (${defaultsText("usd", (v) => `$${v}`)})`,
	},
	sandbox: {
		expects: `one of ${SANDBOX_MODES.map((m) => `"${m}"`).join(", ")}`,
		fix: () => 'use "enforce" (writes outside write_allowed are prevented) or "off", or leave it out for the default',
	},
	apply: {
		expects: `one of ${APPLY_MODES.map((m) => `"${m}"`).join(", ")}`,
		fix: () =>
			'use "on-pass" (the child works on a copy, applied only on PASS) or "direct" (in the real root), or leave it out for the default',
	},
	network: {
		expects: "true or false",
		fix: (v) =>
			v === "false" || v === "true"
				? `write ${v} without quotes`
				: "write true (bash may use the network) or false (no network), or leave it out for false",
	},
	git_writes: {
		expects: "true or false",
		fix: (v) =>
			v === "false" || v === "true"
				? `write ${v} without quotes`
				: "write true (the child may commit, tag and change .git) or false, or leave it out for false",
	},
	"budget.turns": {
		expects: "a positive whole number of turns",
		fix: () => `e.g. "turns": 50, or leave it out for the default (${defaultsText("turns", String)})`,
	},
	evidence: {
		expects: `one of ${EVIDENCE_RULES.map((r) => `"${r}"`).join(", ")}`,
		fix: (v) =>
			v === true || v === false
				? `write "${v ? "required" : "optional"}"`
				: `use "required" (an ok result must cite evidence) or "optional", or leave it out for "${DEFAULT_EVIDENCE_RULE}"`,
	},
};

/** The field text for a concrete path such as `roots[2]`; a generic one for paths not listed. */
export function fieldText(pattern: string): FieldText {
	return FIELDS[pattern] ?? { expects: "a valid value", fix: () => "see `pi-delegate schema`" };
}
