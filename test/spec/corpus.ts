// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${TMP} is a placeholder filled at test time, not a template
/**
 * The spec corpus: JSON texts with `${TMP}` placeholders (filled with a real temporary tree, see
 * tree.ts) and, for each invalid one, the exact list of problems expected — path, key words of the
 * message, key words of the fix. The list is exact and ordered, so a missing or extra problem fails.
 */

export interface Expected {
	path: string;
	/** Words the message must contain. */
	words: string[];
	/** Words the fix must contain (a fix must always be present). */
	fix?: string[];
}

export interface InvalidCase {
	name: string;
	json: string;
	problems: Expected[];
}

export interface ValidCase {
	name: string;
	json: string;
	/** Paths of the warnings expected, in order. */
	warnings?: string[];
}

const BASE = { id: "t", goal: "g", deliverable: "d", roots: ["${TMP}/a"] };

/** A spec text from the base with fields replaced (undefined removes a field). */
function spec(changes: Record<string, unknown> = {}): string {
	const out: Record<string, unknown> = { ...BASE, ...changes };
	for (const [k, v] of Object.entries(changes)) if (v === undefined) delete out[k];
	return JSON.stringify(out, null, 2);
}

const write = (roots: string[], write_allowed: string[]) => spec({ read_only: false, roots, write_allowed });

export const VALID: ValidCase[] = [
	{ name: "minimal read-only spec", json: spec() },
	{
		name: "write task whose write_allowed is spelled with a trailing slash, '..' and a symlink",
		json: write(
			["${TMP}/repo-link/docs/", "${TMP}/repo/src", "${TMP}/repo/test"],
			["${TMP}/repo/docs/deep/../", "${TMP}/repo-link/test"],
		),
	},
	{
		name: "fast effort with a partial budget and full context",
		json: spec({
			effort: "fast",
			budget: { usd: 0.05 },
			context: { facts: ["the build is green"], files: ["${TMP}/repo/README.md"], commands: ["npm test"] },
		}),
	},
	{
		name: "observations come back as warnings, not errors",
		json: spec({
			read_only: false,
			roots: ["${TMP}/a", "${TMP}/b"],
			write_allowed: ["${TMP}/a", "${TMP}/b"],
			context: { facts: ["x", "x"], files: ["${TMP}/nope.md", "relative.md"] },
		}),
		warnings: ["write_allowed", "context.facts[1]", "context.files[0]", "context.files[1]"],
	},
	{ name: "read_only true with an empty write_allowed", json: spec({ read_only: true, write_allowed: [] }) },
];

export const INVALID: InvalidCase[] = [
	{
		name: "a subdirectory of a root in write_allowed",
		json: write(["${TMP}/repo"], ["${TMP}/repo/docs"]),
		problems: [
			{
				path: "write_allowed[0]",
				words: ["inside the root roots[0]", "not itself an entry of roots"],
				fix: ["add", '"${TMP}/repo/docs" to roots', '"${TMP}/repo/src"', '"${TMP}/repo/test"', "not watched"],
			},
		],
	},
	{
		name: "a writable root nested in a watched-only root",
		json: write(["${TMP}/repo", "${TMP}/repo/docs"], ["${TMP}/repo/docs"]),
		problems: [
			{
				path: "write_allowed[0]",
				words: ["inside the watched-only root roots[0]", "diffed on its own", "each authorised write", "fail the task"],
				fix: ['"${TMP}/repo/src"', '"${TMP}/repo/test"', "no root contains another"],
			},
		],
	},
	{
		name: "a writable root nested two levels down names the directories between",
		json: write(["${TMP}/repo", "${TMP}/repo/docs/deep"], ["${TMP}/repo/docs/deep"]),
		problems: [
			{
				path: "write_allowed[0]",
				words: ["watched-only root roots[0]"],
				fix: ['"${TMP}/repo/src"', '"${TMP}/repo/test"', "directories between"],
			},
		],
	},
	{
		name: "a watched-only root nested in a writable root",
		json: write(["${TMP}/repo", "${TMP}/repo/docs"], ["${TMP}/repo"]),
		problems: [{ path: "roots[1]", words: ["watched-only", "inside the writable root roots[0]", "must not nest"] }],
	},
	{
		name: "nested roots, inner listed first",
		json: spec({ roots: ["${TMP}/repo/docs", "${TMP}/repo"] }),
		problems: [{ path: "roots[0]", words: ["inside roots[1]", "must not nest"], fix: ["remove roots[0]"] }],
	},
	{
		name: "three nested roots are each reported once, against the nearest outer root",
		json: spec({ roots: ["${TMP}/repo", "${TMP}/repo/docs", "${TMP}/repo/docs/deep"] }),
		problems: [
			{ path: "roots[1]", words: ["inside roots[0]"] },
			{ path: "roots[2]", words: ["inside roots[1]"] },
		],
	},
	{
		name: "duplicate roots by trailing slash, '..' and symlink",
		json: spec({ roots: ["${TMP}/a", "${TMP}/a/", "${TMP}/b/../a", "${TMP}/link-a"] }),
		problems: [
			{ path: "roots[1]", words: ["same directory as roots[0]"], fix: ["remove roots[1]"] },
			{ path: "roots[2]", words: ["same directory as roots[0]"] },
			{ path: "roots[3]", words: ["same directory as roots[0]", "both resolve to"] },
		],
	},
	{
		name: "'..' after a symlink is resolved by real path, not by text",
		// ${TMP}/deep-link/.. is ${TMP}/repo/docs on disk, although it reads as ${TMP}.
		json: spec({ roots: ["${TMP}/repo/docs", "${TMP}/deep-link/.."] }),
		problems: [{ path: "roots[1]", words: ["same directory as roots[0]", 'both resolve to "${TMP}/repo/docs"'] }],
	},
	{
		name: "missing, relative and file roots",
		json: spec({ roots: ["${TMP}/missing", "rel/dir", "${TMP}/file.txt"] }),
		problems: [
			{ path: "roots[0]", words: ["does not exist"], fix: ["create"] },
			{ path: "roots[1]", words: ["relative path", "must be absolute"], fix: ['"/work/rel/dir"'] },
			{ path: "roots[2]", words: ["is a file, not a directory"], fix: ['"${TMP}"', "context.files"] },
		],
	},
	{
		name: "a root starting with ~",
		json: spec({ roots: ["~/src/repo"] }),
		problems: [{ path: "roots[0]", words: ['"~"', "not expanded"], fix: ['"/home/user/src/repo"'] }],
	},
	{ name: "no roots", json: spec({ roots: [] }), problems: [{ path: "roots", words: ["is empty"] }] },
	{ name: "roots left out", json: spec({ roots: undefined }), problems: [{ path: "roots", words: ["is required"] }] },
	{
		name: "roots given as a string",
		json: spec({ roots: "${TMP}/a" }),
		problems: [{ path: "roots", words: ["not a string"], fix: ["wrap it in a list"] }],
	},
	{
		name: "read_only left out (true) with write_allowed",
		json: spec({ write_allowed: ["${TMP}/a"] }),
		problems: [{ path: "write_allowed", words: ["read_only is true (the default)"], fix: ['"read_only": false'] }],
	},
	{
		name: "read_only true with write_allowed",
		json: spec({ read_only: true, write_allowed: ["${TMP}/a"] }),
		problems: [{ path: "write_allowed", words: ["read_only is true"] }],
	},
	{
		name: "read_only false without write_allowed",
		json: spec({ read_only: false }),
		problems: [{ path: "write_allowed", words: ["missing", "does not default to all of roots", "undetectable"] }],
	},
	{
		name: "read_only false with an empty write_allowed",
		json: spec({ read_only: false, write_allowed: [] }),
		problems: [{ path: "write_allowed", words: ["empty", "undetectable"] }],
	},
	{
		name: "write_allowed outside every root",
		json: write(["${TMP}/a"], ["${TMP}/b", "${TMP}/nowhere"]),
		problems: [
			{ path: "write_allowed[0]", words: ["not one of roots"], fix: ["add", "to roots"] },
			{ path: "write_allowed[1]", words: ["not one of roots", "does not exist"] },
		],
	},
	{
		name: "write_allowed naming the parent of roots",
		json: write(["${TMP}/repo/docs", "${TMP}/repo/src"], ["${TMP}/repo"]),
		problems: [{ path: "write_allowed[0]", words: ["not an entry of roots", "contains roots[0]", "roots[1]"] }],
	},
	{
		name: "write_allowed naming one root twice, spelled two ways",
		json: write(["${TMP}/a"], ["${TMP}/a", "${TMP}/link-a/"]),
		problems: [{ path: "write_allowed[1]", words: ["same root as write_allowed[0]"] }],
	},
	{
		name: "a relative write_allowed entry",
		json: write(["${TMP}/a"], ["a"]),
		problems: [{ path: "write_allowed[0]", words: ["relative path"] }],
	},
	{
		name: "a misspelled write_allowed never widens: unknown key and missing write_allowed both reported",
		json: spec({ read_only: false, "write-allowed": ["${TMP}/a"] }),
		problems: [
			{ path: '["write-allowed"]', words: ['unknown field "write-allowed"', 'did you mean "write_allowed"'] },
			{ path: "write_allowed", words: ["missing"] },
		],
	},
	{
		name: "unknown keys at every level",
		json: spec({ readOnly: true, files: ["x"], context: { fact: ["x"] }, budget: { timeout: 60, wall: 5 } }),
		problems: [
			{ path: "readOnly", words: ['did you mean "read_only"'], fix: ['rename it to "read_only"'] },
			{ path: "files", words: ['did you mean "context.files"'], fix: ['move it to "context.files"'] },
			{ path: "context.fact", words: ['did you mean "context.facts"'], fix: ['rename it to "facts"'] },
			{ path: "budget.timeout", words: ['did you mean "budget.wall_s"'] },
			{ path: "budget.wall", words: ['did you mean "budget.wall_s"'] },
		],
	},
	{
		name: "an unknown key with no near miss lists the allowed ones",
		json: spec({ colour: "blue" }),
		problems: [{ path: "colour", words: ['unknown field "colour"'], fix: ["id, goal, deliverable"] }],
	},
	{
		name: "keys that exist on Object.prototype are still unknown",
		json: '{"id":"t","goal":"g","deliverable":"d","roots":["${TMP}/a"],"__proto__":{"read_only":false},"constructor":1}',
		problems: [
			{ path: "__proto__", words: ['unknown field "__proto__"'] },
			{ path: "constructor", words: ['unknown field "constructor"'] },
		],
	},
	{
		name: "bad budgets: zero, negative, non-integer turns",
		json: spec({ budget: { wall_s: 0, usd: -1, turns: 1.5 } }),
		problems: [
			{ path: "budget.wall_s", words: ["positive", "0 is not positive"] },
			{ path: "budget.usd", words: ["positive", "-1 is not positive"] },
			{ path: "budget.turns", words: ["whole number", "1.5 is not whole"] },
		],
	},
	{
		name: "bad budgets: NaN-like string, 1e999 (Infinity), zero turns",
		json: spec({ budget: { wall_s: "NaN", usd: 1, turns: 0 } }).replace('"usd": 1', '"usd": 1e999'),
		problems: [
			{ path: "budget.wall_s", words: ["not a string"] },
			{ path: "budget.usd", words: ["Infinity is not a finite number", "1e999"] },
			{ path: "budget.turns", words: ["0 is not positive"] },
		],
	},
	{
		name: "budget and context of the wrong type",
		json: spec({ budget: 60, context: ["x"] }),
		problems: [
			{ path: "context", words: ["not a list"] },
			{ path: "budget", words: ["not an integer"] },
		],
	},
	{
		name: "an id that is not a slug",
		json: spec({ id: "Fix the README/typo!" }),
		problems: [{ path: "id", words: ["is not valid", "a slug", "letters and digits"], fix: ['"Fix-the-README-typo"'] }],
	},
	{
		name: "an id that is too long",
		json: spec({ id: "x".repeat(65) }),
		problems: [{ path: "id", words: ["is not valid", "1–64"] }],
	},
	{
		name: "empty and blank text fields",
		json: spec({ goal: "", deliverable: "   ", context: { facts: [""], files: ["  "], commands: [7] } }),
		problems: [
			{ path: "goal", words: ["is empty"] },
			{ path: "deliverable", words: ["only whitespace"] },
			{ path: "context.facts[0]", words: ["is empty"] },
			{ path: "context.files[0]", words: ["only whitespace"] },
			{ path: "context.commands[0]", words: ["not an integer"] },
		],
	},
	{
		name: "wrong scalar types",
		json: spec({ read_only: "false", effort: "Balanced", roots: [1, null] }),
		problems: [
			{ path: "effort", words: ['did you mean "balanced"'] },
			{ path: "read_only", words: ["true or false", "not a string"], fix: ["write false without quotes"] },
			{ path: "roots[0]", words: ["not an integer"] },
			{ path: "roots[1]", words: ["not null"] },
		],
	},
	{
		name: "a spec that is not an object",
		json: '["${TMP}/a"]',
		problems: [{ path: "(root)", words: ["must be a JSON object", "not a list"] }],
	},
	{
		name: "a key given twice in the file",
		json: '{"id":"t","goal":"g","deliverable":"d","read_only":true,"roots":["${TMP}/a"],\n"read_only":false}',
		problems: [
			{ path: "read_only", words: ["appears twice", "lines 1 and 2", "silently override"] },
			{ path: "write_allowed", words: ["missing"] },
		],
	},
	{
		name: "every problem at once, more than a schema checker's default cap of 8",
		json: JSON.stringify({
			id: "no spaces",
			goal: "",
			deliverable: 3,
			effort: "max",
			read_only: false,
			roots: ["${TMP}/repo", "${TMP}/repo/docs", "rel", "${TMP}/missing"],
			write_allowed: ["${TMP}/repo/src", "${TMP}/repo/docs"],
			writable: [],
			context: { facts: [""], files: [1], notes: [] },
			budget: { wall_s: -5, usd: 0, turns: 2.5, cost: 1 },
		}),
		problems: [
			{ path: "writable", words: ['did you mean "write_allowed"'] },
			{ path: "id", words: ["is not valid"] },
			{ path: "goal", words: ["is empty"] },
			{ path: "deliverable", words: ["not an integer"] },
			{ path: "effort", words: ["one of"] },
			{ path: "roots[2]", words: ["relative"] },
			{ path: "roots[3]", words: ["does not exist"] },
			{ path: "write_allowed[0]", words: ["not itself an entry of roots"] },
			{ path: "write_allowed[1]", words: ["inside the watched-only root roots[0]"] },
			{ path: "context.notes", words: ['did you mean "context.facts"'] },
			{ path: "context.facts[0]", words: ["is empty"] },
			{ path: "context.files[0]", words: ["not an integer"] },
			{ path: "budget.cost", words: ['did you mean "budget.usd"'] },
			{ path: "budget.wall_s", words: ["not positive"] },
			{ path: "budget.usd", words: ["not positive"] },
			{ path: "budget.turns", words: ["not whole"] },
		],
	},
];
