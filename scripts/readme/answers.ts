/**
 * What the scripted model answers each child of the README's runs, chosen by words of the child's
 * brief (scripted-children.ts). The answers are written to be right: every pointer they cite is
 * true, so what the README shows is what pi-delegate's checks make of a correct, obedient child.
 * Pure: each of `bases` is a copy of the examples, which stands where examples/setup.sh puts them;
 * a child's brief names the copy it works in, which picks the answers that cite that copy.
 */
import type { ScriptTurn } from "../../src/selftest/scripted-provider.ts";

export interface ChildAnswer {
	/** Words of the brief that pick this child; the first entry whose words match wins. */
	when: string;
	turns: Array<string | ScriptTurn>;
}

type Args = NonNullable<ScriptTurn["tools"]>[number]["args"];

const tool = (name: string, args: Args): ScriptTurn => ({ tools: [{ name, args }] });

function submit(deliverable: string, evidence: Array<[claim: string, pointer: string]>, unsure: string[] = []) {
	return tool("submit_result", {
		status: "ok",
		deliverable,
		evidence: evidence.map(([claim, pointer]) => ({ claim, pointer })),
		unsure,
		did_not_do: [],
	});
}

/** The files of the workflow's project: two TODO comments, one still true and one stale. */
export const TODO_PROJECT: Readonly<Record<string, string>> = {
	"src/cache.ts": [
		"const entries = new Map<string, { value: string; at: number }>();",
		"",
		"// TODO: evict entries older than an hour",
		"export function remember(key: string, value: string): void {",
		"\tentries.set(key, { value, at: Date.now() });",
		"}",
		"",
	].join("\n"),
	"src/parse.ts": [
		"export function parse(text: string): unknown {",
		"\t// TODO: drop the fallback once every caller sends JSON",
		"\treturn JSON.parse(text);",
		"}",
		"",
	].join("\n"),
};

function exampleAnswers(base: string): ChildAnswer[] {
	const compile = `python3 -m py_compile ${base}/lib/mod.py`;
	const parse = `python3 -m ast ${base}/lib/mod.py`;
	return [
		{
			when: `Review the function add in ${base}/app`,
			turns: [
				tool("read", { path: `${base}/app/src/add.ts` }),
				submit(
					"add(a, b) returns a + b (src/add.ts:2), as the README promises.",
					[
						["add returns a + b", `${base}/app/src/add.ts:1-3`],
						["the README promises a sum", `${base}/app/README.md:3`],
					],
					["whether any caller passes NaN or Infinity"],
				),
			],
		},
		{
			when: `Two steps. (1) README.md in ${base}/app`,
			turns: [
				tool("edit", { path: `${base}/app/README.md`, edits: [{ oldText: "teh", newText: "the" }] }),
				// The parse is cited, not the compile, which writes a cache into lib: under the sandbox that
				// write fails and the compile exits 1, and a command that failed backs no claim.
				{
					tools: [
						{ name: "bash", args: { command: compile } },
						{ name: "bash", args: { command: parse } },
					],
				},
				submit("Fixed 'teh' in README.md; the module parses.", [
					["the typo is fixed", `${base}/app/README.md:3`],
					["the module parses", `cmd: ${parse}`],
				]),
			],
		},
	];
}

function workflowAnswers(): ChildAnswer[] {
	const todos = {
		todos: [
			{ file: "src/cache.ts", line: 3, text: "evict entries older than an hour" },
			{ file: "src/parse.ts", line: 2, text: "drop the fallback once every caller sends JSON" },
		],
	};
	return [
		{
			// First: the summary's prompt quotes the rulings, whose words would pick a judge.
			when: "Summarise these TODO rulings",
			turns: [
				"Keep the cache TODO: nothing evicts old entries yet.\nDrop the parse TODO: its fallback is gone.\nNo other TODOs in src.",
			],
		},
		{
			when: "List every TODO comment",
			turns: [
				tool("grep", { pattern: "TODO", path: "src" }),
				submit(JSON.stringify(todos), [
					["the cache TODO", "src/cache.ts:3"],
					["the parse TODO", "src/parse.ts:2"],
				]),
			],
		},
		{
			when: "src/cache.ts:3 says",
			turns: [
				tool("read", { path: "src/cache.ts" }),
				submit(JSON.stringify({ keep: true, why: "remember() stores a time stamp but nothing evicts" }), [
					["nothing evicts", "src/cache.ts:4-6"],
				]),
			],
		},
		{
			when: "src/parse.ts:2 says",
			turns: [
				tool("read", { path: "src/parse.ts" }),
				submit(JSON.stringify({ keep: false, why: "there is no fallback left: parse() calls JSON.parse" }), [
					["no fallback", "src/parse.ts:3"],
				]),
			],
		},
	];
}

export function childAnswers(bases: readonly string[]): ChildAnswer[] {
	return [...bases.flatMap(exampleAnswers), ...workflowAnswers()];
}
