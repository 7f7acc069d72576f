/**
 * The rows of the request table that a task spec holds: what a child must do, what it may see and
 * change, and what it may spend. Each row's schema is the spec's own, description and all; the
 * other entries take the same value without the spec's constraints (the spec's check applies them,
 * with every problem in plain words), under a shorter description where the entry shows one.
 */
import { APPLY_FIELD } from "./apply-field.ts";
import { DEFAULT_EVIDENCE_RULE, EFFORTS, EVIDENCE_RULES } from "./choices.ts";
import { DELEGATE_FIELD } from "./delegate-field.ts";
import { DEFAULT_EFFORT, ID_MAX_LENGTH, ID_PATTERN, ID_RULE } from "./limits.ts";
import { SANDBOX_FIELDS } from "./sandbox-fields.ts";
import { BudgetSchema, TailSchema } from "./spec-parts.ts";
import type { RequestField } from "./types.ts";

const nonEmpty = (description: string) => ({ type: "string", minLength: 1, description }) as const;

/** A list of non-empty strings; `each` describes one entry. */
const nonEmptyList = (each: string, description: string) =>
	({ type: "array", items: nonEmpty(each), description }) as const;

/** The spec's fields, in the spec's order (a group's rows stand where the group does). */
export const SPEC_FIELDS: readonly RequestField[] = [
	{
		name: "id",
		spec: ["id"],
		required: true,
		kinds: ["task", "fork", "unchecked"],
		schema: {
			type: "string",
			minLength: 1,
			maxLength: ID_MAX_LENGTH,
			pattern: ID_PATTERN,
			description: `Short name of the task, used in the audit directory name: ${ID_RULE}. Example: "fix-readme-typo".`,
		},
		entries: {
			spec: {},
			task: {
				default: { rule: "slug", reason: "made from the goal's words, unique within the call" },
			},
			fork: { default: { rule: "fork-slug", reason: "made from the brief's words, unique within the call" } },
			workflow: {
				brief: "The child's id (its audit directory's name); derived from the prompt when absent.",
				default: { rule: "digest", reason: "made from the prompt's words and digest, so a rerun makes the same" },
			},
		},
	},
	{
		name: "goal",
		spec: ["goal"],
		required: true,
		kinds: ["task", "fork", "unchecked"],
		schema: nonEmpty(
			"What the child must do, in full. The child has no other context: no conversation, no history, " +
				"only this spec.",
		),
		entries: {
			spec: {},
			task: { brief: "" },
			fork: { name: "brief", brief: "" },
		},
	},
	{
		name: "deliverable",
		spec: ["deliverable"],
		required: true,
		schema: nonEmpty("The exact shape of the answer wanted back (what to report, in what form)."),
		entries: {
			spec: {},
			task: {
				default: { rule: "agent-deliverable", reason: "the agent's own deliverable" },
			},
			workflow: {
				brief: "The shape of the answer wanted back; the agent's, else a general one, when absent.",
				default: { rule: "agent-deliverable", reason: "the agent's own deliverable, else a general one" },
			},
		},
	},
	{
		name: "effort",
		spec: ["effort"],
		kinds: ["task", "unchecked"],
		schema: {
			enum: EFFORTS,
			type: "string",
			default: DEFAULT_EFFORT,
			description:
				"How hard the child thinks: fast (mechanical work, lookups), balanced (most tasks), deep " +
				`(architecture, security, ambiguous debugging). Default: ${DEFAULT_EFFORT}.`,
		},
		entries: {
			spec: {},
			task: { brief: "" },
			workflow: { brief: "fast, balanced (default) or deep: picks the model and the budget." },
		},
	},
	{
		name: "read_only",
		spec: ["read_only"],
		schema: {
			type: "boolean",
			default: true,
			description:
				"True (the default) when the child must not change anything under roots. Set false for a task " +
				"that writes, and then name the writable roots in write_allowed.",
		},
		entries: {
			spec: {},
			task: { brief: "Default true." },
			workflow: { brief: "Default true; false for a task that changes files." },
		},
	},
	{
		name: "roots",
		spec: ["roots"],
		required: true,
		paths: true,
		schema: {
			type: "array",
			items: nonEmpty("An absolute path of an existing directory."),
			minItems: 1,
			description:
				"The WATCHED set: absolute directories, each snapshotted before the run and diffed after it. Any " +
				"change outside write_allowed fails the task, however it was made. Roots must exist and must not " +
				"nest or repeat (compared by real path, so symlinks and '..' spellings count as the same directory).",
		},
		entries: {
			spec: {},
			task: {
				brief: "Default: the repository.",
				default: { rule: "repository", reason: "the repository the session works in (a read-only task)" },
			},
			workflow: {
				brief: "Directories the task watches, relative to the run's directory (default: it).",
				default: { rule: "cwd", reason: "the run's directory" },
			},
		},
	},
	{
		name: "write_allowed",
		spec: ["write_allowed"],
		paths: true,
		schema: nonEmptyList(
			"An absolute path naming one entry of roots.",
			"The CHANGEABLE subset of roots; required and non-empty when read_only is false, absent or empty " +
				"when it is true. Each entry must name an entry of roots itself (a subdirectory of a root is not enough), " +
				"and a writable root must not lie inside a watched-only one. There is no default: writing to " +
				"every root would leave nothing for the boundary diff to catch.",
		),
		entries: {
			spec: {},
			task: { brief: "" },
			workflow: { brief: "The roots the task may change (with read_only false)." },
		},
	},
	{
		name: "exclude",
		spec: ["exclude"],
		paths: true,
		schema: nonEmptyList(
			"An absolute path of an existing file or directory inside one of roots.",
			"Parts of roots that are NOT checked: neither snapshotted nor diffed, and listed as unchecked in " +
				"the result. Each must exist and lie inside a root (compared by real path), and must not be a " +
				"root itself. Use it for a part that cannot be read (a root-owned cache, a FUSE mount), which " +
				"otherwise fails the task, since a change inside it could not be seen. Default: none.",
		),
		entries: {
			spec: {},
			task: {},
			workflow: { brief: "Parts of roots left unchecked (an unreadable cache); listed in the result." },
		},
	},
	{
		name: "facts",
		spec: ["context", "facts"],
		schema: nonEmptyList(
			"One statement the caller vouches for, pasted verbatim into the child's first message.",
			"Statements the caller asserts as true, pasted verbatim to the child so it need not re-derive them. " +
				"Default: none.",
		),
		entries: {
			spec: {},
			task: {},
			workflow: { brief: "Facts the script vouches for, passed on as unverified." },
		},
	},
	{
		name: "files",
		spec: ["context", "files"],
		schema: nonEmptyList(
			"A path the child should open and read; best given as an absolute path.",
			"Paths the child should read for itself (only the names are sent, not the contents). A path that " +
				"does not exist is reported as a warning, not an error. Default: none.",
		),
		entries: {
			spec: {},
			task: {},
			workflow: { brief: "Files the child should read." },
		},
	},
	{
		name: "commands",
		spec: ["context", "commands"],
		schema: nonEmptyList(
			"One exact command line the child may run.",
			"Exact commands the child may run, e.g. to verify its work. Default: none.",
		),
		entries: {
			spec: {},
			task: {},
			workflow: { brief: "Exact commands the child may run." },
		},
	},
	{
		name: "tail",
		spec: ["context", "tail"],
		tokens: true,
		schema: TailSchema,
		entries: {
			spec: {},
			task: { schema: { type: "number" } },
			workflow: {
				brief: "Tokens of the conversation's latest turns to quote as background (needs one).",
				schema: { type: "number" },
			},
		},
	},
	{
		name: "budget",
		spec: ["budget"],
		kinds: ["task", "unchecked"],
		schema: BudgetSchema,
		entries: {
			spec: {},
			task: {
				scope: "call",
				// Its keys are named in the description, not defined (21 tokens less on every request); the
				// spec's check refuses a key or a value it does not know, as for any field.
				schema: { type: "object" },
			},
			workflow: { brief: "The child's own limits; defaults by effort." },
		},
	},
	{
		name: "evidence",
		spec: ["evidence"],
		schema: {
			enum: EVIDENCE_RULES,
			type: "string",
			default: DEFAULT_EVIDENCE_RULE,
			description:
				'Whether a result with status ok must cite evidence. "required" (the default): an ok needs at least one ' +
				'evidence pointer, and every pointer must verify. "optional": for a deliverable with nothing to point ' +
				"at (a plan, a summary of given text); an ok without evidence passes, any pointer given is still " +
				"verified, and the report says the rule was relaxed.",
		},
		entries: {
			spec: {},
			task: { scope: "call" },
			workflow: { brief: "required (default) or optional: whether an ok must cite evidence." },
		},
	},
	{
		name: "accept",
		spec: ["accept"],
		schema: {
			type: "array",
			items: nonEmpty("One shell command line, run with bash in the child's working directory."),
			minItems: 1,
			description:
				"Acceptance commands: shell command lines pi-delegate runs itself, one after another, once the child has " +
				"ended, in the child's working directory and under the same sandbox as the child's own commands. Each " +
				"one's exit status, duration and output tail are recorded in the result; a non-zero exit or a time-out " +
				"(budget.accept_s) fails the task, and a write one makes outside write_allowed is a violation like any " +
				"other. The child's brief lists them, so it can run them first. Default: none; an empty list is refused.",
		},
		entries: {
			spec: {},
			// Named in the tool's description, not defined (task-tool.ts): the definition rides on every request.
			task: {},
			workflow: { brief: "Commands run after the child ends; a non-zero exit or a time-out fails the task." },
		},
	},
	APPLY_FIELD,
	...SANDBOX_FIELDS,
	DELEGATE_FIELD,
];
