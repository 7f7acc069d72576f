/**
 * The parts of a task spec that are objects of their own: the tail of the caller's conversation,
 * the budget, and the `context` group's description. The spec's schema nests them as they stand here.
 */
import { DEFAULT_ACCEPT_S, defaultsText } from "./limits.ts";

/**
 * Rung L3 of the context ladder: the end of the caller's conversation, quoted in the brief. Only
 * its size is in the spec; which turns it holds is decided when the task is planned, from the
 * conversation as it then stands.
 */
export const TailSchema = {
	type: "object",
	required: ["tokens"],
	properties: {
		tokens: {
			type: "integer",
			minimum: 1,
			description:
				"At most this many tokens (estimated as characters / 4, as Pi estimates) of the caller's latest " +
				"turns. Whole turns only: a tool call stays with its result, and a turn that does not fit is left out " +
				"with everything before it. A positive whole number, e.g. 4000.",
		},
	},
	additionalProperties: false,
	description:
		"Give the child the end of the caller's conversation as background (context ladder L3): its latest whole " +
		"turns within a token budget, from after the latest compaction on, with that compaction's summary. They " +
		"are quoted in the first message, labelled as background and not as instructions. Needs a conversation: " +
		"the task tool's own session, or `--session FILE` on the command line. Default: none.",
} as const;

export const BudgetSchema = {
	type: "object",
	properties: {
		wall_s: {
			type: "number",
			exclusiveMinimum: 0,
			description:
				"Wall-clock seconds after which the child is stopped. A positive finite number. Always applies: " +
				`default ${defaultsText("wall_s", (v) => `${v} s`)}.`,
		},
		usd: {
			type: "number",
			exclusiveMinimum: 0,
			description:
				"US dollars the child may spend, summed over its model calls; the run fails when it goes over. " +
				`A positive finite number. Default ${defaultsText("usd", (v) => `$${v}`)}.`,
		},
		turns: {
			type: "integer",
			minimum: 1,
			description:
				"Model turns (one response plus the tool calls it makes) before the child is stopped. A positive " +
				`whole number. Default ${defaultsText("turns", String)}.`,
		},
		accept_s: {
			type: "number",
			exclusiveMinimum: 0,
			description:
				"Wall-clock seconds the acceptance commands (accept) may take together, apart from wall_s; a command " +
				"still running then is stopped with everything it started, and fails the task. A positive finite " +
				`number. Default ${DEFAULT_ACCEPT_S} s.`,
		},
	},
	additionalProperties: false,
	description:
		"Limits that stop the child. Each limit left out takes the default for the spec's effort, and the " +
		"normalized spec records the value that applied.",
} as const;

/** The spec's groups of fields: their own description, and no key of their own beyond the rows'. */
export const SPEC_GROUPS: Readonly<Record<string, { description: string }>> = {
	context: {
		description:
			"What the caller hands the child besides the goal. Every list defaults to empty; tail defaults to none.",
	},
};
