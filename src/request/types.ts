/**
 * Types of the request table: one row per field a child request can carry, saying its value's
 * type and meaning, where it sits in a task spec, and how each entry point takes it. Every schema a
 * caller writes against — the spec's, the `task` and `fork` tools' parameters, `agent()`'s options,
 * the command line's flags — is generated from the rows (generate.ts), so adding a field is one row.
 */

/** A JSON Schema, as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * The doors a request comes through: a task spec (a file, standard input, or the object a tool
 * call becomes), the `task` and `fork` tools, a workflow's `agent()` options, the flags of
 * `pi-delegate run` (which `preview` and `/delegate-preview` take too, being a run that stops before
 * the child starts), the flags only a preview adds, and those of `pi-delegate workflow run`.
 */
export const ENTRY_NAMES = ["spec", "task", "fork", "workflow", "run", "preview", "workflow-cli"] as const;
export type EntryName = (typeof ENTRY_NAMES)[number];

/**
 * How an entry fills in a field its caller left out: the id from the goal's words (unique within the
 * call, `fork-` first for a fork) or with a digest of the prompt (a rerun derives the same one); the
 * agent's own deliverable, else a general one; the repository the session works in, or the caller's
 * working directory.
 */
export type DefaultRule = "slug" | "fork-slug" | "digest" | "agent-deliverable" | "repository" | "cwd";

/** The kinds of child a request can ask for: a checked task, a fork of the conversation, an unchecked child. */
export type ChildKind = "task" | "fork" | "unchecked";

/** How one entry takes a field. */
export interface FieldEntry {
	/** The entry's name for the field, when not the field's own (`agentType`, the flag `extension`). */
	name?: string;
	/** Other names the entry accepts for it (an earlier spelling). */
	aliases?: readonly string[];
	/**
	 * The entry's short description. A tool field without one is taken but not defined in the schema
	 * the model reads (its description names it instead: every defined field is paid on every request).
	 */
	brief?: string;
	/** Set once for every child of a call rather than per child (a `task` call's budget). */
	scope?: "call";
	/** The value's schema at this entry, when it is not the spec's with its constraints left out. */
	schema?: JsonSchema;
	/** A flag's value as the usage names it (`<kind>`); a flag without one is a switch. */
	value?: string;
	/** A flag that may be given more than once. */
	multiple?: true;
	/** A flag's usage text, one line each (the first beside the flag). */
	usage?: readonly string[];
	/** What the entry fills in when the caller leaves the field out, and why (recorded in the plan). */
	default?: { rule: DefaultRule; reason: string };
}

/** One field of a child request. */
export interface RequestField {
	name: string;
	/** The value's schema with its full description (for a spec field, the spec's). */
	schema: JsonSchema;
	/** Where the value sits in a task spec (`["context", "files"]`); absent: not a spec field. */
	spec?: readonly string[];
	/** Required in a spec. */
	required?: true;
	/** A list of paths: outside a spec, a relative entry is taken from the caller's working directory. */
	paths?: true;
	/** Outside a spec the value is the number of tokens; the spec holds `{ tokens }`. */
	tokens?: true;
	/** The kinds of child the field means something for; default: a task only. */
	kinds?: readonly ChildKind[];
	/** Which entries take the field, and how. */
	entries: Partial<Record<EntryName, FieldEntry>>;
}
