/**
 * From a `task` call's arguments to the specs it asks for, with what the model may leave out filled
 * in: one task from the top-level fields, or one per entry of `tasks` with the top-level fields as
 * what they share (a field a task sets replaces the shared one). Pure: the working directory, the
 * repository root and the agents' deliverables come in as plain data.
 *
 * Filled in, each in the way that cannot widen what a child may do:
 * - `id`: from the goal, unique within the call;
 * - `deliverable`: the agent file's `deliverable:`;
 * - `roots`, `write_allowed`: a relative path is taken from the session's working directory; a
 *   read-only task without roots watches the repository the session works in (or the working
 *   directory outside one). A task that writes names its roots and write_allowed itself: a default
 *   would decide what it may change.
 *
 * Every problem of every task comes back at once, paths prefixed `tasks[i].`, and then nothing runs.
 */
import { isAbsolute, resolve } from "node:path";
import { isPrimitiveValue, primitiveValueFix } from "../context/primitives.ts";
import { STRATEGIES } from "../context/strategies.ts";
import { slugFromBrief } from "../gate/slug.ts";
import { formatSegments, nestProblem, type PathSegment, type Problem } from "../problems.ts";
import { closest } from "../suggest.ts";
import { CALL_FIELD_NAMES, CONTEXT_FIELD_NAMES, TASK_FIELD_NAMES, type TaskParams } from "./task-params.ts";

/** What the call's surroundings supply. */
export interface CallPlace {
	/** The session's working directory. */
	cwd: string;
	/** The repository root of `cwd` (`git rev-parse --show-toplevel`), or `cwd` outside a repository; asked only when needed. */
	repoRoot: () => string;
	/** The `deliverable:` of an agent file, by agent name; undefined when it sets none. */
	deliverableOf: (agent: string) => string | undefined;
}

/** Where a task's fields sit in the call: `[]` for a one-task call, `["tasks", 2]` in a list. */
export type TaskPrefix = readonly PathSegment[];

/** One task of a call, ready for spec validation. */
export interface CallTask {
	/** Where its fields sit in the call. */
	prefix: TaskPrefix;
	/** The spec as the call (with its defaults) describes it, before validation. */
	spec: Record<string, unknown>;
	agent: string | undefined;
	/** What was filled in, for the report: `id`, `deliverable`, `roots`. */
	defaulted: string[];
}

type Fields = Partial<Record<(typeof TASK_FIELD_NAMES)[number], unknown>>;

interface Item {
	prefix: TaskPrefix;
	fields: Fields;
}

const isStringList = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((v) => typeof v === "string");

/** Relative entries taken from `cwd`; anything not a list of strings is left for the spec's check to name. */
function fromCwd(value: unknown, cwd: string): unknown {
	return isStringList(value) ? value.map((p) => (p === "" || isAbsolute(p) ? p : resolve(cwd, p))) : value;
}

/** The top-level fields a list of tasks shares. */
function shared(params: TaskParams): Fields {
	const out: Fields = {};
	for (const key of TASK_FIELD_NAMES)
		if (params[key] !== undefined && key !== "id" && key !== "goal") out[key] = params[key];
	return out;
}

/**
 * Keys the call or one of its tasks names that are no field of it. Pi's check of the call lets any
 * extra key through, and the adapter reads only the fields it knows: without this, a misspelt
 * `write_allowed` or `sandbox` would vanish without a word (never widening what a child may do, but
 * never doing what was asked either).
 */
function unknownKeys(value: unknown, known: readonly string[], prefix: TaskPrefix, where: string): Problem[] {
	if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
	return Object.keys(value)
		.filter((key) => !known.includes(key))
		.map((key) => {
			const meant = closest(key, known);
			return {
				path: [...prefix, key],
				code: "unknown_key",
				value: (value as Record<string, unknown>)[key],
				message: `unknown field "${key}" in ${where}${meant ? ` (did you mean "${meant}"?)` : ""}`,
				fix: meant ? `rename it to "${meant}"` : `remove it; the fields of ${where} are: ${known.join(", ")}`,
			} satisfies Problem;
		});
}

/**
 * The per-call context fields with a value of the wrong kind. The schema the model reads does not
 * define them (task-params.ts), so Pi neither checks nor coerces them: a `"false"` in quotes must be
 * refused here, since read as truthy it would let the main rules in.
 */
function contextValueProblems(params: TaskParams): Problem[] {
	const record = params as Record<string, unknown>;
	return CONTEXT_FIELD_NAMES.flatMap((key): Problem[] => {
		const value = record[key];
		if (value === undefined) return [];
		let fix: string | undefined;
		if (key === "skills") {
			const names = Array.isArray(value) && value.every((v) => typeof v === "string");
			fix = names ? undefined : 'use a list of skill names, such as ["changelog"], or [] for none';
		} else if (key === "inheritPrompt") {
			fix = (STRATEGIES as readonly unknown[]).includes(value) ? undefined : 'use "full" or "portable"';
		} else fix = isPrimitiveValue(key, value) ? undefined : primitiveValueFix(key);
		return fix === undefined ? [] : [{ path: [key], code: "invalid_value", value, message: `not a valid ${key}`, fix }];
	});
}

/** The task entries of the call, or the problems with its shape. */
function entries(params: TaskParams): { items: Item[] } | { problems: Problem[] } {
	const unknown = [
		...unknownKeys(params, CALL_FIELD_NAMES, [], "the call"),
		...(Array.isArray(params.tasks)
			? params.tasks.flatMap((task, i) => unknownKeys(task, TASK_FIELD_NAMES, ["tasks", i], "a task of tasks"))
			: []),
		...contextValueProblems(params),
	];
	if (unknown.length > 0) return { problems: unknown };
	if (params.tasks === undefined) {
		if (params.goal !== undefined) return { items: [{ prefix: [], fields: params }] };
		const problem: Problem = {
			path: ["goal"],
			code: "required",
			value: undefined,
			message: "missing: the call names no goal and no tasks",
			fix: "give goal (what the child must do), or tasks: [{ goal: … }, …] for several",
		};
		return { problems: [problem] };
	}
	const problems: Problem[] = [];
	if (params.tasks.length === 0) {
		const fix = "give at least one task, or leave tasks out";
		problems.push({ path: ["tasks"], code: "too_small", value: [], message: "is empty", fix });
	}
	for (const key of ["goal", "id"] as const) {
		if (params[key] === undefined) continue;
		problems.push({
			path: [key],
			code: "conflict",
			value: params[key],
			message: `is given beside tasks, where each task has its own ${key}`,
			fix: `move it into the task it belongs to`,
		});
	}
	if (problems.length > 0) return { problems };
	const common = shared(params);
	return { items: params.tasks.map((task, i) => ({ prefix: ["tasks", i], fields: { ...common, ...task } })) };
}

function uniqueId(wanted: string, taken: Set<string>): string {
	let id = wanted;
	for (let n = 2; taken.has(id); n++) id = `${wanted.slice(0, 60)}-${n}`;
	return id;
}

/** The spec of one entry, its defaults filled in; `taken` holds the ids given so far. */
function taskSpec(fields: Fields, prefix: TaskPrefix, place: CallPlace, taken: Set<string>): CallTask | Problem {
	const defaulted: string[] = [];
	const agent = typeof fields.agent === "string" ? fields.agent : undefined;
	let id = fields.id;
	if (id === undefined) {
		id = uniqueId(slugFromBrief(typeof fields.goal === "string" ? fields.goal : ""), taken);
		defaulted.push("id");
	}
	let deliverable = fields.deliverable;
	if (deliverable === undefined && agent !== undefined) {
		deliverable = place.deliverableOf(agent);
		if (deliverable !== undefined) defaulted.push("deliverable");
	}
	let roots = fromCwd(fields.roots, place.cwd);
	if (roots === undefined) {
		if (fields.read_only === false) {
			return {
				path: [...prefix, "roots"],
				code: "required",
				value: undefined,
				message: "missing: a task that writes names the roots it watches",
				fix: "list the directories to watch, and the ones it may change in write_allowed",
			};
		}
		roots = [place.repoRoot()];
		defaulted.push("roots");
	}
	const context = {
		...(fields.files !== undefined && { files: fields.files }),
		...(fields.facts !== undefined && { facts: fields.facts }),
		...(fields.commands !== undefined && { commands: fields.commands }),
		...(fields.tail !== undefined && { tail: { tokens: fields.tail } }),
	};
	const spec: Record<string, unknown> = {
		id,
		goal: fields.goal,
		...(deliverable !== undefined && { deliverable }),
		...(fields.effort !== undefined && { effort: fields.effort }),
		...(fields.read_only !== undefined && { read_only: fields.read_only }),
		roots,
		...(fields.write_allowed !== undefined && { write_allowed: fromCwd(fields.write_allowed, place.cwd) }),
		...(fields.exclude !== undefined && { exclude: fromCwd(fields.exclude, place.cwd) }),
		...(fields.sandbox !== undefined && { sandbox: fields.sandbox }),
		...(fields.network !== undefined && { network: fields.network }),
		...(fields.git_writes !== undefined && { git_writes: fields.git_writes }),
		...(Object.keys(context).length > 0 && { context }),
	};
	if (typeof id === "string") taken.add(id);
	return { prefix, spec, agent, defaulted };
}

/** Ids the call gives twice: each names an audit directory and a row of the report. */
function duplicateIds(items: readonly Item[]): Problem[] {
	const seen = new Map<unknown, TaskPrefix>();
	const problems: Problem[] = [];
	for (const { prefix, fields } of items) {
		if (fields.id === undefined) continue;
		const first = seen.get(fields.id);
		if (first === undefined) seen.set(fields.id, prefix);
		else
			problems.push({
				path: [...prefix, "id"],
				code: "duplicate",
				value: fields.id,
				message: `is also the id of ${formatSegments(first)}`,
				fix: "give each task its own id, or leave ids out to have them made from the goals",
			});
	}
	return problems;
}

/**
 * The call's tasks with their defaults, or every problem of the call. The budget, evidence rule and
 * context fields are the call's, shared by every task; the adapter passes them on as they are.
 */
export function expandCall(params: TaskParams, place: CallPlace): { tasks: CallTask[] } | { problems: Problem[] } {
	const listed = entries(params);
	if ("problems" in listed) return listed;
	const problems = duplicateIds(listed.items);
	const given = new Set(listed.items.map((i) => i.fields.id).filter((id): id is string => typeof id === "string"));
	const tasks: CallTask[] = [];
	for (const { prefix, fields } of listed.items) {
		const task = taskSpec(fields, prefix, place, given);
		if ("spec" in task) tasks.push(task);
		else problems.push(task);
	}
	if (problems.length > 0) return { problems };
	const common = { budget: params.budget, evidence: params.evidence };
	for (const task of tasks) {
		for (const [key, value] of Object.entries(common)) if (value !== undefined) task.spec[key] = value;
	}
	return { tasks };
}

/**
 * A problem of task `prefix`'s spec or plan, with its path moved under the task. A problem in
 * another input (an agent file, a settings file) keeps its own place.
 */
export function underTask(problem: Problem, prefix: TaskPrefix): Problem {
	return prefix.length === 0 || problem.source !== undefined ? problem : nestProblem(problem, { path: prefix });
}
