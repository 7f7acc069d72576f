/**
 * Types of a fork's plan (context ladder L4). `ForkInputs` is everything already read from the
 * parent's Pi session; `ForkPlan` is everything decided about the forks of one call — plain,
 * JSON-serialisable data that each fork's launch.json records and `executeFork` carries out. The
 * branch's entries themselves stay out of the plan (they are the parent's whole conversation); the
 * plan names them by id, and a fork's session.jsonl holds them.
 */
import type { PrefixHashes } from "../meter/types.ts";
import type { Decided, PlanBase } from "./base.ts";

/** An entry of a Pi session (id, parent, type; the rest as Pi wrote it). */
export interface SessionEntryLike {
	readonly type: string;
	readonly id: string;
	readonly parentId: string | null;
	readonly [field: string]: unknown;
}

/** A tool as a transcript declares it to the model: name, description, parameters. */
export interface ToolDeclarationLike {
	name: string;
	description: string;
	parameters: unknown;
	constrainedSampling?: unknown;
}

/** The parent's session, as the fork call finds it. */
export interface ForkSession {
	id: string;
	file?: string;
	/** Every entry of the session, every branch, in file order. */
	entries: readonly SessionEntryLike[];
	/** The assistant message that holds this fork call, when it is in the session. */
	callEntryId?: string;
	/** Where the fork branches by default: just before that message (the parent's last request). */
	leafId: string | null;
}

/** What a fork is planned from besides the common inputs: the parent's session as the call finds it. */
export interface ForkContext {
	session: ForkSession;
	/**
	 * The system prompt of the parent's last request, when a `before_agent_start` handler forced it
	 * (Pi then sends that text instead of the transcript's sections); undefined when it did not.
	 */
	forcedPrompt?: string;
	/** Pi's own read-only tools and bash, as this Pi declares them for the fork's working directory. */
	builtins: readonly ToolDeclarationLike[];
	/** The parent's last request as the request meter recorded it, to check that a fork repeats it. */
	parentRequest?: PrefixHashes;
}

/** What a fork may do with one of the parent's tools: run Pi's own implementation, or refuse with a reason it reads. */
export type ForkToolRule = { name: string; action: "run" } | { name: string; action: "refuse"; reason: string };

/** The prompt state a fork reproduces so Pi sends the parent's system prompt and tools unchanged. */
export interface InheritedPrompt {
	/** The transcript's system prompt sections at the branch point, by name (`preamble` untagged). */
	sections: Record<string, string>;
	/** The parent's forced system prompt text, when it had one. */
	forced?: string;
	/** The tools the transcript declares at the branch point, in declaration order. */
	tools: ToolDeclarationLike[];
}

/** The branch a fork inherits, named rather than copied. */
export interface ForkBranch {
	sessionId: string;
	sessionFile?: string;
	/** The last entry the forks see; null for an empty session. */
	leafId: string | null;
	/** The `from` the call gave, when it gave one. */
	from?: string;
	/** Ids of the entries from the root to the leaf, in order. */
	entryIds: string[];
	/** Messages Pi would send for it (the latest compaction's summary counts as one), and their rough size. */
	messages: number;
	approxTokens: number;
	/** Compactions on the path; the latest one is where the inherited context starts. */
	compactions: number;
}

/** The plan of one fork: the parent's branch, then its brief as the last user message. */
export interface ForkPlan extends PlanBase {
	kind: "fork";
	rung: "L4";
	/** Its brief, its 1-based position among the call's briefs, and how many there are. */
	brief: string;
	index: number;
	of: number;
	runner: Decided<"in-process">;
	/** The working directory, watched and not writable: any change a fork leaves fails it. */
	boundary: { roots: string[]; writeAllowed: string[]; watchedOnly: string[] };
	branch: ForkBranch;
	prompt: InheritedPrompt;
	tools: ForkToolRule[];
	parentSession: { id: string; file?: string };
	parentRequest?: PrefixHashes;
}
