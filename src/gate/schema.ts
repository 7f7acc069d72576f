/**
 * The gate's output as a contract: the JSON `pi-delegate gate --json` prints, and what a fork tool
 * may put in a blocked result's details. Scripts and hooks read it, so its shape is pinned here and
 * tested against what the command prints. (The command itself does not load this file: it needs
 * no schema to print, and it loads nothing it does not need.)
 */
import Type, { type Static } from "typebox";

export const GateReasonSchema = Type.Object({
	kind: Type.Union(
		[
			Type.Literal("prohibition"),
			Type.Literal("write-boundary"),
			Type.Literal("file-change"),
			Type.Literal("not-read-only"),
		],
		{
			description:
				"What tripped: a prohibition, a write boundary, a file-changing order, or words (an act verb or a rule marker) that do not read as read-only.",
		},
	),
	quote: Type.String({ description: "The exact words that tripped it: the brief's text from offset on." }),
	offset: Type.Integer({ minimum: 0, description: "Where the quote starts in the brief, in UTF-16 code units." }),
	rule: Type.String({ description: 'The rule that fired, a stable id such as "negated-directive".' }),
	path: Type.Optional(
		Type.Object(
			{
				text: Type.String({ description: "The path as the brief writes it." }),
				sense: Type.Union([Type.Literal("change"), Type.Literal("keep")], {
					description: "Whether the brief names it to change or to leave alone.",
				}),
			},
			{ description: "For a write boundary that names a path." },
		),
	),
});

export const ProposedParamsSchema = Type.Object(
	{
		id: Type.String({ description: "A slug from the brief, valid as a task id." }),
		goal: Type.String({ description: "The brief, verbatim." }),
		deliverable: Type.String({ description: "A default asking for the answer with file:line evidence." }),
		read_only: Type.Boolean({ description: "False only when the brief must write." }),
		roots: Type.Array(Type.String(), { description: "The working directory, the one watched root." }),
		write_allowed: Type.Optional(
			Type.Array(Type.String(), { description: "For a write task: a placeholder the caller must replace." }),
		),
	},
	{ description: "The task tool's parameters (src/pi/task-params.ts names)." },
);

export const TaskProposalSchema = Type.Object({
	params: ProposedParamsSchema,
	writeHints: Type.Array(Type.String(), { description: "Paths the brief names to change: hints, not authority." }),
	keepHints: Type.Array(Type.String(), { description: "Paths the brief names to leave alone." }),
	text: Type.String({ description: "The call as text, with the hints as comments." }),
});

/** What `pi-delegate gate --json` prints. */
export const GateOutputSchema = Type.Object({
	route: Type.Union([Type.Literal("fork"), Type.Literal("task")], {
		description: "fork: the brief may go to a fork; task: it must be a task.",
	}),
	reasons: Type.Array(GateReasonSchema, { description: "Every reason found; empty for a fork." }),
	proposal: TaskProposalSchema,
});

export type GateOutput = Static<typeof GateOutputSchema>;
