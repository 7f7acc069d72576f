/**
 * The task spec: the immutable description of one delegation. Its JSON Schema is generated from the
 * request table (src/request/), the one place a request's fields are defined: `pi-delegate schema`
 * prints it, and the spec's check (shape.ts) walks it before the semantic rules run. Budget defaults
 * are spelled out in the descriptions from the same constants that `validate` applies, so the two
 * cannot drift apart.
 *
 * The schema is plain data, not typebox builders: building it would load typebox, which is most of
 * what `pi-delegate validate` cost to start (and of what the extension cost Pi's start-up), while the
 * check of a spec needs only the data. test/spec/ holds shape.ts's verdict equal to typebox's.
 */
import type { ApplySetting, Effort, EvidenceRule, SandboxSetting } from "../request/choices.ts";
import { specSchema } from "../request/generate.ts";
import type { Budget } from "../request/limits.ts";
import type { JsonSchema } from "../request/types.ts";

export const TaskSpecSchema = specSchema();

/** The schema of the spec's `context` group. @internal */
export const ContextSchema = TaskSpecSchema.properties.context as JsonSchema & {
	properties: Record<string, JsonSchema>;
};

/** A spec as a caller writes it (before defaults): what the schema allows. */
export interface TaskSpecInput {
	id: string;
	goal: string;
	deliverable: string;
	effort?: Effort;
	read_only?: boolean;
	roots: string[];
	write_allowed?: string[];
	exclude?: string[];
	context?: { facts?: string[]; files?: string[]; commands?: string[]; tail?: { tokens: number } };
	budget?: Partial<Budget>;
	evidence?: EvidenceRule;
	accept?: string[];
	apply?: ApplySetting;
	sandbox?: SandboxSetting;
	network?: boolean;
	git_writes?: boolean;
	delegate?: { depth: number };
}

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
	/** Acceptance commands pi-delegate runs after the child ends; absent for none (then budget.accept_s is too). */
	readonly accept?: readonly string[];
	/** As the caller gave it; undefined leaves the choice to the setting and the roots (plan/apply.ts). */
	readonly apply?: ApplySetting;
	/** As the caller gave it; undefined leaves the choice to the setting and the machine (decideSandbox). */
	readonly sandbox: SandboxSetting | undefined;
	readonly network: boolean;
	readonly git_writes: boolean;
	/** As the caller gave it; absent: the child may not delegate (plan/delegate.ts caps the depth). */
	readonly delegate?: { readonly depth: number };
	readonly resolved: ResolvedRoots;
}
