/**
 * Types of a resumed leg: the leg it continues as both records name it, what that leg was allowed,
 * and the finished run read back to be continued. Their own file so that plan/types.ts and
 * plan/base.ts can name them without importing the planner's resume step.
 */
import type { ProblemPlace } from "../problems.ts";
import type { ResumeLink } from "./base.ts";
import type { SessionEntryLike } from "./fork-types.ts";

export type { ResumeLink };

/** What the first leg was allowed, as its record says (launch.json), for the widening check. */
export interface LegAuthority {
	sandbox?: string;
	apply?: string;
	network: boolean;
	gitWrites: boolean;
	writeAllowed: string[];
}

/** A finished leg to continue, read from its record (run/audit/resume-record.ts). */
export interface ResumeSource {
	link: ResumeLink;
	/** The session's entries (header left out), checked: unique ids, each parent before its child. */
	entries: SessionEntryLike[];
	/** A task's: its spec as recorded, its agent, what it was allowed. */
	spec?: Record<string, unknown>;
	agent?: string;
	authority?: LegAuthority;
	/** Where the call named the run (`resume`, `tasks[1].resume`, `--resume`). */
	where: ProblemPlace;
	/** A task's: the spec fields the call itself gave (the rest came from the first leg). */
	given?: string[];
}
