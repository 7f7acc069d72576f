/**
 * The `task` tool of a child that may delegate (a spec's `delegate: { depth: N }`, plan/delegate.ts).
 * Its definition is the same for every runner, so a child's tool list is decided once and rendered
 * the same way; only where a call goes differs — in-process straight to the broker, from a
 * subprocess child up its channel. Whatever the child asks for, the broker (run/nest.ts) decides:
 * the grandchild's depth, budget, roots and write_allowed are checked against the child's own.
 */
import { defineTool } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { NESTED_TASK_TOOL } from "../plan/delegate.ts";

const paths = (description: string) => Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description }));

export const NestedTaskSchema = Type.Object({
	goal: Type.String({ minLength: 1, description: "What the child must do, self-contained." }),
	deliverable: Type.String({ minLength: 1, description: "What to hand back." }),
	roots: paths("Absolute directories it watches; default: yours. Only inside your roots."),
	write_allowed: paths("Absolute directories it may change; only inside your write_allowed. Default: none."),
	budget: Type.Optional(
		Type.Object(
			{
				usd: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
				wall_s: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
				turns: Type.Optional(Type.Integer({ minimum: 1 })),
			},
			{ description: "At most what remains of yours; default: what remains." },
		),
	),
});

const DESCRIPTION =
	"Hand a self-contained piece of your work to a checked child agent and wait for its report (PASS or FAIL, " +
	"with its answer). Its budget comes out of yours.";

/** Where a call goes: the broker's answer is the grandchild's compact report, or why it was refused. */
export type NestedTaskCall = (args: unknown, signal: AbortSignal | undefined) => Promise<{ ok: boolean; text: string }>;

/** The tool, answering through `call`; a refused or failed call throws, so the model reads it as an error. */
export function nestedTaskTool(call: NestedTaskCall) {
	return defineTool({
		name: NESTED_TASK_TOOL,
		label: "task",
		description: DESCRIPTION,
		promptSnippet: "Delegate a self-contained piece of work to a checked child agent",
		parameters: NestedTaskSchema,
		executionMode: "sequential",
		async execute(_id, params, signal) {
			const answer = await call(params, signal);
			if (!answer.ok) throw new Error(answer.text);
			return { content: [{ type: "text" as const, text: answer.text }], details: {} };
		},
	});
}

/** The tool as a render shows it (its calls are never made there). */
export const nestedTaskStandIn = () =>
	nestedTaskTool(async () => ({ ok: false, text: "this child may not delegate here" }));
