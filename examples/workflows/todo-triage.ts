/**
 * Triage the TODO comments of a directory: a scout lists them (its result schema makes the answer
 * data the script can loop over), one child per TODO judges in parallel whether it still applies,
 * and an unchecked child writes a short summary for a maintainer from the rulings.
 *
 *   pi-delegate workflow run examples/workflows/todo-triage.ts -- src
 *
 * Every child is read-only (the default); every ruling cites the line it is about, and the
 * pointer is checked before the ruling counts.
 */
import type { CheckedResult, Workflow } from "../../src/workflow/types.ts";

export const limits = { concurrency: 3, usd: 2 };

interface Todo {
	file: string;
	line: number;
	text: string;
}

interface Ruling {
	keep: boolean;
	why: string;
}

const TODOS = {
	type: "object",
	properties: {
		todos: {
			type: "array",
			maxItems: 12,
			items: {
				type: "object",
				properties: { file: { type: "string" }, line: { type: "integer" }, text: { type: "string" } },
				required: ["file", "line", "text"],
			},
		},
	},
	required: ["todos"],
};

const RULING = {
	type: "object",
	properties: { keep: { type: "boolean" }, why: { type: "string", minLength: 1 } },
	required: ["keep", "why"],
};

function row(todo: Todo, result: CheckedResult): string {
	const where = `${todo.file}:${todo.line}`;
	if (result.verdict === "FAIL") return `?     ${where}  (no checked ruling: ${result.problems[0]?.message})`;
	const ruling = result.value as Ruling;
	return `${ruling.keep ? "keep " : "drop "} ${where}  ${ruling.why}`;
}

export default async function todoTriage(wf: Workflow, args: readonly string[]): Promise<string> {
	const dir = args[0] ?? ".";
	const found = await wf.phase("find", () =>
		wf.agent(`List every TODO comment in ${dir}, with its file (relative to where you started) and line.`, {
			agentType: "scout",
			effort: "fast",
			schema: TODOS,
		}),
	);
	if (found.verdict === "FAIL") return `Could not list the TODOs: ${found.problems[0]?.message}`;
	const todos = (found.value as { todos: Todo[] }).todos;
	const rulings = await wf.phase("judge", () =>
		wf.parallel(
			todos.map(
				(todo) => () =>
					wf.agent(`Does this TODO still apply? ${todo.file}:${todo.line} says "${todo.text}"`, {
						files: [`${wf.cwd}/${todo.file}`],
						schema: RULING,
						deliverable: "Whether to keep the TODO, and why, in one sentence.",
					}),
			),
		),
	);
	const lines = todos.map((todo, i) => row(todo, rulings[i] as CheckedResult));
	const summary = await wf.agent(`Summarise these TODO rulings for a maintainer in three lines:\n${lines.join("\n")}`, {
		check: false,
	});
	return [`${todos.length} TODO${todos.length === 1 ? "" : "s"} in ${dir}`, "", ...lines, "", summary.text].join("\n");
}
