/**
 * The one-turn child of the overhead benchmark, for every variant alike: the naive child and the
 * reference session answer "done" in text; a pi-delegate child answers by one `submit_result` call
 * (its tool ends the child, so it is one request too), with a pointer into the data file of its
 * root that the tool verifies. A parent offered the `task` tool asks for the tasks listed in its
 * own first message, then says "done".
 */
import type { Script, TurnSpec } from "../emulator/index.ts";
import { DATA_FILE } from "./bench-env.ts";
import type { ChildTask } from "./child-variant.ts";

/** A result that passes every check: the pointer is relative to the child's first root. */
export const ONE_TURN_ENVELOPE = {
	status: "ok",
	deliverable: "done",
	evidence: [{ claim: "the data file has a first line", pointer: `${DATA_FILE}:1` }],
	unsure: [],
	did_not_do: [],
};

/** An id the spec accepts, from a marker such as `[overhead pd-sub n8 r1 #3]`. */
export function slug(marker: string): string {
	return marker.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** The `task` tool's arguments the benchmark uses (the rest default, as a model would leave them). */
export interface TaskCall {
	id: string;
	goal: string;
	deliverable: string;
	roots: string[];
}

/** The `task` tool's arguments for one child: a read-only task on its own root. */
export function taskParams(task: ChildTask): TaskCall {
	return { id: slug(task.marker), goal: task.task, deliverable: "The word done.", roots: [task.root] };
}

/** The first message of a parent that will ask for `tasks`: a marker line, then the calls as JSON. */
export function parentMessage(marker: string, tasks: readonly ChildTask[]): string {
	return `${marker}\n${JSON.stringify(tasks.map(taskParams))}`;
}

function parentTurn(firstUserText: string, turn: number): TurnSpec | string {
	if (turn > 0) return "done";
	const calls = JSON.parse(firstUserText.slice(firstUserText.indexOf("\n") + 1)) as TaskCall[];
	return { tools: calls.map((input) => ({ name: "task", input: { ...input } })) };
}

export const ONE_TURN_SCRIPT: Script = {
	default: (req) => {
		if (req.tools.includes("submit_result")) return { tools: [{ name: "submit_result", input: ONE_TURN_ENVELOPE }] };
		if (req.tools.includes("task")) return parentTurn(req.firstUserText, req.turn);
		return "done";
	},
};
