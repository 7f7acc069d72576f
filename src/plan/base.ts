/**
 * The plan's smallest parts, which every kind of plan and request is made of: a decision with its
 * reason, the model a child runs on, its budget, the call's context fields, and what every plan has.
 * Their own file so the kinds' types (fork-types.ts, request-types.ts) and types.ts do not import
 * each other.
 */
import type { ContextFields } from "../context/primitives.ts";
import type { Problem } from "../problems.ts";
import type { Strategy } from "../request/choices.ts";
import type { Budget } from "../request/limits.ts";
import type { Thinking } from "../spec/model-ref.ts";
import type { RootClaim } from "./root-claim.ts";

/** A model as `provider/id`, with the thinking level to use. */
export interface ModelChoice {
	provider: string;
	id: string;
	thinking?: Thinking;
	/** Why this model was chosen (effort profile, --model, parent's model, settings default). */
	reason: string;
}

/** Wall seconds (a hard stop), dollars (stopped once exceeded) and assistant turns (told to submit on the last). */
export type ChildBudget = Budget;

/** Per-call context fields: the highest precedence layer of what a child sees. */
export type CallFields = ContextFields & { strategy?: Strategy };

/** A decision and who made it, in words a report can print. */
export interface Decided<T> {
	value: T;
	reason: string;
}

/** A default an entry filled in: the field, the value, and why, in words a report can print. */
export interface DefaultDecision {
	field: string;
	value: unknown;
	reason: string;
}

/** The leg a resumed run continues, as both records name it. */
export interface ResumeLink {
	/** The first leg's run: its audit directory's name. */
	run: string;
	/** Its audit directory. */
	dir: string;
	kind: "task" | "fork";
	/** The session the new leg continues: its id, how many entries, its last entry. */
	sessionId: string;
	entries: number;
	leafId: string | null;
}

/** What every planned child has, whatever it is: who it is, where and on what it runs, what it holds, where it is recorded. */
export interface PlanBase {
	version: 1;
	id: string;
	cwd: string;
	agentDir: string;
	model: ModelChoice;
	budget: ChildBudget;
	audit: { runsDir: string; files: string[] };
	/** Equal for siblings that send the same model, tools and system prompt: they share one cached prefix. */
	prefixKey: string;
	piVersion: string;
	/** The roots it holds while it runs, and whether it may change them (run/root-lock.ts). */
	claim: RootClaim;
	/** What the entry filled in for the caller, with why. */
	defaults: DefaultDecision[];
	warnings: Problem[];
	/** The leg this one continues, when it resumes a finished run (plan/resume.ts). */
	resumes?: ResumeLink;
}
