/**
 * The task spec: the immutable description of one delegation. The schema below is the single
 * definition of its shape — `pi-delegate schema` prints it, the Pi `task` tool can use it as its
 * parameters, and `validate` checks input against it before the semantic rules run. Budget defaults are
 * spelled out in the descriptions from the same constants that `validate` applies, so the two cannot
 * drift apart.
 *
 * It is written as plain JSON Schema (`as const`), not with typebox's builders: building it would
 * load typebox, which is most of what `pi-delegate validate` cost to start (and of what the
 * extension cost Pi's start-up), while the check of a spec needs only the data. typebox still types
 * it (`Static`) and still checks against it; test/spec/ holds shape.ts's verdict equal to typebox's.
 */
import type { Static } from "typebox";
import { EFFORTS, type Effort, SANDBOX_MODES, type SandboxSetting } from "./choices.ts";
import { DEFAULT_EVIDENCE_RULE, EVIDENCE_RULES, type EvidenceRule } from "./evidence.ts";

export { EFFORTS, type Effort, SANDBOX_MODES, type SandboxSetting } from "./choices.ts";

export const DEFAULT_EFFORT: Effort = "balanced";

/** The limits that stop a child. */
export interface Budget {
	/** Wall-clock seconds before the child is stopped. */
	readonly wall_s: number;
	/** US dollars the child may spend. */
	readonly usd: number;
	/** Model turns (one model response plus the tool calls it makes) the child may take. */
	readonly turns: number;
}

/**
 * Budgets applied when the spec gives none. They exist so that a runaway child always stops: each is
 * several times what a normal run at that effort takes (a balanced run of a few tool calls measured
 * about 90 s and $0.16), so an ordinary task never trips them, yet a loop is cut off in minutes.
 */
export const DEFAULT_BUDGETS: Readonly<Record<Effort, Budget>> = Object.freeze({
	fast: Object.freeze({ wall_s: 300, usd: 0.5, turns: 40 }),
	balanced: Object.freeze({ wall_s: 900, usd: 2, turns: 100 }),
	deep: Object.freeze({ wall_s: 1800, usd: 5, turns: 200 }),
});

/** The id rule. The id names the audit directory, so it must be safe as one path segment. */
export const ID_PATTERN = "^[A-Za-z0-9]+([-_.][A-Za-z0-9]+)*$";
export const ID_MAX_LENGTH = 64;
export const ID_RULE =
	`1–${ID_MAX_LENGTH} letters and digits, optionally joined by single "-", "_" or "." ` +
	"(no spaces or slashes, and no separator at either end)";

/** The default of one limit at every effort: "300 s for fast, 900 s for balanced, 1800 s for deep". */
export function defaultsText(key: keyof Budget, unit: (value: number) => string): string {
	return EFFORTS.map((effort) => `${unit(DEFAULT_BUDGETS[effort][key])} for ${effort}`).join(", ");
}

const nonEmpty = (description: string) => ({ type: "string", minLength: 1, description }) as const;

/** A list of non-empty strings; `each` describes one entry. */
const nonEmptyList = (each: string, description: string) =>
	({ type: "array", items: nonEmpty(each), description }) as const;

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

export const ContextSchema = {
	type: "object",
	properties: {
		facts: nonEmptyList(
			"One statement the caller vouches for, pasted verbatim into the child's first message.",
			"Statements the caller asserts as true, pasted verbatim to the child so it need not re-derive them. " +
				"Default: none.",
		),
		files: nonEmptyList(
			"A path the child should open and read; best given as an absolute path.",
			"Paths the child should read for itself (only the names are sent, not the contents). A path that " +
				"does not exist is reported as a warning, not an error. Default: none.",
		),
		commands: nonEmptyList(
			"One exact command line the child may run.",
			"Exact commands the child may run, e.g. to verify its work. Default: none.",
		),
		tail: TailSchema,
	},
	additionalProperties: false,
	description: "What the caller hands the child besides the goal. Every list defaults to empty; tail defaults to none.",
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
	},
	additionalProperties: false,
	description:
		"Limits that stop the child. Each limit left out takes the default for the spec's effort, and the " +
		"normalized spec records the value that applied.",
} as const;

export const TaskSpecSchema = {
	type: "object",
	required: ["id", "goal", "deliverable", "roots"],
	properties: {
		id: {
			type: "string",
			minLength: 1,
			maxLength: ID_MAX_LENGTH,
			pattern: ID_PATTERN,
			description: `Short name of the task, used in the audit directory name: ${ID_RULE}. Example: "fix-readme-typo".`,
		},
		goal: nonEmpty(
			"What the child must do, in full. The child has no other context: no conversation, no history, " +
				"only this spec.",
		),
		deliverable: nonEmpty("The exact shape of the answer wanted back (what to report, in what form)."),
		effort: {
			enum: EFFORTS,
			type: "string",
			default: DEFAULT_EFFORT,
			description:
				"How hard the child thinks: fast (mechanical work, lookups), balanced (most tasks), deep " +
				`(architecture, security, ambiguous debugging). Default: ${DEFAULT_EFFORT}.`,
		},
		read_only: {
			type: "boolean",
			default: true,
			description:
				"True (the default) when the child must not change anything under roots. Set false for a task " +
				"that writes, and then name the writable roots in write_allowed.",
		},
		roots: {
			type: "array",
			items: nonEmpty("An absolute path of an existing directory."),
			minItems: 1,
			description:
				"The WATCHED set: absolute directories, each snapshotted before the run and diffed after it. Any " +
				"change outside write_allowed fails the task, however it was made. Roots must exist and must not " +
				"nest or repeat (compared by real path, so symlinks and '..' spellings count as the same directory).",
		},
		write_allowed: nonEmptyList(
			"An absolute path naming one entry of roots.",
			"The CHANGEABLE subset of roots; required and non-empty when read_only is false, absent or empty " +
				"when it is true. Each entry must name an entry of roots itself (a subdirectory of a root is not enough), " +
				"and a writable root must not lie inside a watched-only one. There is no default: writing to " +
				"every root would leave nothing for the boundary diff to catch.",
		),
		exclude: nonEmptyList(
			"An absolute path of an existing file or directory inside one of roots.",
			"Parts of roots that are NOT checked: neither snapshotted nor diffed, and listed as unchecked in " +
				"the result. Each must exist and lie inside a root (compared by real path), and must not be a " +
				"root itself. Use it for a part that cannot be read (a root-owned cache, a FUSE mount), which " +
				"otherwise fails the task, since a change inside it could not be seen. Default: none.",
		),
		context: ContextSchema,
		budget: BudgetSchema,
		evidence: {
			enum: EVIDENCE_RULES,
			type: "string",
			default: DEFAULT_EVIDENCE_RULE,
			description:
				'Whether a result with status ok must cite evidence. "required" (the default): an ok needs at least one ' +
				'evidence pointer, and every pointer must verify. "optional": for a deliverable with nothing to point ' +
				"at (a plan, a summary of given text); an ok without evidence passes, any pointer given is still " +
				"verified, and the report says the rule was relaxed.",
		},
		sandbox: {
			enum: SANDBOX_MODES,
			type: "string",
			description:
				'"enforce": forbidden writes are prevented, not just detected — the file system is read-only but ' +
				"for write_allowed and a private /tmp, the network is off unless network is true, and the write " +
				'and edit tools refuse paths outside write_allowed (needs bubblewrap on Linux). "off": writes are ' +
				"only detected afterwards by the boundary diff. Default: the sandbox setting, else enforce where " +
				"bubblewrap works (the report says when it falls back to off). Writing enforce where bubblewrap " +
				"cannot run is an error, never a silent fallback.",
		},
		network: {
			type: "boolean",
			default: false,
			description:
				"True lets the child's bash commands use the network under the sandbox. Default false: no network " +
				"(not even the parent's loopback). No effect when sandbox is off.",
		},
		git_writes: {
			type: "boolean",
			default: false,
			description:
				"True lets the child write the .git of a writable root under the sandbox (commit, tag, branch, " +
				"hooks, config). Default false: .git stays read-only, so git status, diff and log work and nothing " +
				"the child leaves there runs later in the parent's git. No effect when sandbox is off.",
		},
	},
	additionalProperties: false,
	title: "pi-delegate task spec",
	description:
		"One delegation: what the child must do, what it may see and change, and what it may spend. Unknown " +
		"fields are errors at every level, so a misspelled key can never silently widen what the child may do.",
} as const;

/** A spec as a caller writes it (before defaults). */
export type TaskSpecInput = Static<typeof TaskSpecSchema>;

/** Real paths of the roots, resolved once at validation so later stages compare like with like. */
export interface ResolvedRoots {
	/** Real path of each entry of `roots`, index for index. */
	readonly roots: readonly string[];
	/** Real path of each entry of `write_allowed`, index for index. */
	readonly write_allowed: readonly string[];
	/** Real paths of the roots that are watched but not writable, in `roots` order. */
	readonly watched_only: readonly string[];
	/** Real path of each entry of `exclude`, index for index. */
	readonly exclude: readonly string[];
}

/** A validated spec with every default applied; deep-frozen. */
export interface TaskSpec {
	readonly id: string;
	readonly goal: string;
	readonly deliverable: string;
	readonly effort: Effort;
	readonly read_only: boolean;
	/** As the caller spelled them. */
	readonly roots: readonly string[];
	/** As the caller spelled them; empty when read_only. */
	readonly write_allowed: readonly string[];
	/** As the caller spelled them; empty by default. */
	readonly exclude: readonly string[];
	readonly context: {
		readonly facts: readonly string[];
		readonly files: readonly string[];
		readonly commands: readonly string[];
		/** L3: the token budget of the caller's conversation tail; absent for none. */
		readonly tail?: { readonly tokens: number };
	};
	readonly budget: Budget;
	/** Whether an ok result must cite evidence (envelope/proof.ts). */
	readonly evidence: EvidenceRule;
	/** As the caller gave it; undefined leaves the choice to the setting and the machine (planSandbox). */
	readonly sandbox: SandboxSetting | undefined;
	readonly network: boolean;
	readonly git_writes: boolean;
	readonly resolved: ResolvedRoots;
}
