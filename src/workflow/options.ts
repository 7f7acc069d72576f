/**
 * The options of `wf.agent(prompt, options)`: the request table's `workflow` entry — named as the
 * task spec's fields (roots, write_allowed, read_only, exclude, effort, budget, evidence, sandbox,
 * network, git_writes, facts, files, commands, tail, id, deliverable), plus what chooses the child
 * (agent, the context fields, inheritPrompt), a result schema, and `check`. Every field the `task`
 * tool takes, an option takes too.
 *
 * Checked strictly, because options carry authority, by the planner's one request step
 * (plan/request.ts): an unknown key is an error with a did-you-mean (a misspelt `write_allowed` must
 * never leave a task with other rights than meant), a value of the wrong kind is an error, and an
 * option that means nothing for the kind of child asked for (roots for an unchecked child, tools for
 * a checked one) is an error, not silently dropped. Every problem comes back at once.
 */
import { requestChildren } from "../plan/request.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type {
	ApplySetting,
	Effort,
	EvidenceRule,
	SandboxSetting,
	Strategy,
	SystemPromptMode,
} from "../request/choices.ts";
import type { Budget } from "../request/limits.ts";
import { schemaProblems } from "./request.ts";

/** The options of one call, as a script writes them (test/workflow/options.test.ts holds them equal to the table's). */
export interface AgentOptions {
	id?: string;
	deliverable?: string;
	effort?: Effort;
	read_only?: boolean;
	roots?: string[];
	write_allowed?: string[];
	exclude?: string[];
	facts?: string[];
	files?: string[];
	commands?: string[];
	/** Tokens of the conversation's latest turns to quote as background (the run needs one). */
	tail?: number;
	budget?: Partial<Budget>;
	evidence?: EvidenceRule;
	/** Shell commands pi-delegate runs in the child's tree after it ends; a failing one fails the task. */
	accept?: string[];
	/** "direct": the child changes the real roots as it works; default "on-pass": applied only on PASS. */
	apply?: ApplySetting;
	sandbox?: SandboxSetting;
	network?: boolean;
	git_writes?: boolean;
	agent?: string;
	/** The earlier name of `agent`. */
	agentType?: string;
	contextMode?: string;
	inheritProjectContext?: boolean;
	inheritMainRules?: boolean;
	inheritSkills?: boolean;
	systemPromptMode?: SystemPromptMode;
	skills?: string[];
	inheritPrompt?: Strategy;
	/** false: an unchecked child that answers in text. */
	check?: boolean;
	/** An unchecked child's tools. */
	tools?: string[];
	/** A JSON schema the deliverable, parsed as JSON, must satisfy. */
	schema?: Record<string, unknown>;
}

export type CheckedOptions = { ok: true; options: AgentOptions } | { ok: false; problems: Problem[] };

/** Only the options are checked here: defaults that need the run's place are the planner's. */
const NOWHERE = { cwd: "/", repoRoot: () => "/", deliverableOf: () => undefined };

/** Checks one call's options; `where` names the call in problems (`agent(3).options`). */
export function checkAgentOptions(value: unknown, where: ProblemPlace): CheckedOptions {
	const requested = requestChildren("workflow", value, NOWHERE, { where, prompt: "(checked)" });
	if (!requested.ok) return { ok: false, problems: requested.problems };
	const options = (value ?? {}) as AgentOptions;
	const problems = schemaProblems(where, options.schema);
	return problems.length > 0 ? { ok: false, problems } : { ok: true, options };
}
