/**
 * Types of a child request: what one entry point asked for, field by field, with every default it
 * filled in and why — before anything is loaded or validated against the disk. The `task` and `fork`
 * tools, a workflow's `agent()` and the command line all produce these (request.ts), and the one
 * planner takes them.
 */
import type { Problem, ProblemPlace } from "../problems.ts";
import type { Effort } from "../request/choices.ts";
import type { Budget } from "../request/limits.ts";
import type { CallFields, DefaultDecision } from "./base.ts";

/** What an entry's surroundings supply to fill in a default; asked only when one is needed. */
export interface EntryPlace {
	/** The caller's working directory: relative paths are taken from it. */
	cwd: string;
	/** The repository `cwd` is in (its top level), or `cwd` outside one. */
	repoRoot: () => string;
	/** The `deliverable:` an agent file sets, by agent name. */
	deliverableOf: (agent: string) => string | undefined;
}

export type { DefaultDecision };

/** The layer of a request that chooses the child: its agent, and the call's context fields. */
export interface RequestLayer {
	agent?: { name: string; where: ProblemPlace };
	call?: CallFields;
}

interface RequestBase {
	/** Where the child's values sit: `[]` alone, `tasks[2]` or `briefs[1]` in a list, `agent(3).options` in a script. */
	where: ProblemPlace;
	/** Every default the entry filled in. */
	defaults: DefaultDecision[];
}

/** A finished run the child continues (`resume`), and where the call named it. */
export interface ResumeRequest {
	run: string;
	where: ProblemPlace;
}

/** Where a spec comes from when it is not an object already: a file, or text read from standard input. */
export type SpecSource = { file: string } | { text: string; label: string };

/** A checked task: its spec as the request describes it, before the spec's check. */
export interface TaskRequest extends RequestBase {
	kind: "task";
	/** The spec as the call describes it, before the spec's check. */
	spec: Record<string, unknown>;
	/** From the command line: where the spec is read from instead (a file, standard input). */
	source?: SpecSource;
	layer: RequestLayer;
	/** A workflow call's result schema: the deliverable must be JSON of this shape. */
	schema?: Record<string, unknown>;
	/** The run whose session the child continues: its spec is that run's with this one over it. */
	resume?: ResumeRequest;
}

/** A child that answers in text and is not checked: no spec, no boundary, no envelope. */
export interface UncheckedRequest extends RequestBase {
	kind: "unchecked";
	id: string;
	prompt: string;
	effort: Effort;
	/** Every limit, its effort's defaults filling what the caller left out. */
	budget: Budget;
	layer: RequestLayer;
	/** The tools the caller names; absent: the agent's, else the entry's default. */
	tools?: { names: readonly string[]; where: ProblemPlace };
	/** What it gets when neither the caller nor its agent names tools, and why; absent: the reading tools. */
	defaultTools?: { names: readonly string[]; reason: string };
}

/** One fork of a call: the parent's conversation, then its brief. */
export interface ForkRequest extends RequestBase {
	kind: "fork";
	id: string;
	brief: string;
	/** 1-based position among the call's briefs, and how many there are. */
	index: number;
	of: number;
	/** A session entry id to branch from instead of the call's place, as given (the planner checks it against the session). */
	from?: unknown;
	/** The fork's run whose session this one continues, instead of branching from the parent's. */
	resume?: ResumeRequest;
}

export type ChildRequest = TaskRequest | UncheckedRequest | ForkRequest;

export type Requested = { ok: true; children: ChildRequest[] } | { ok: false; problems: Problem[] };
