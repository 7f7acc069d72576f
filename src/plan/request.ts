/**
 * From what an entry point was given to the children it asks for: one pure function for the `task`
 * tool (one task from its top-level fields, or one per entry of `tasks` with the top-level fields as
 * what they share), a workflow's `agent(prompt, options)` (a checked task, or with `check: false` an
 * unchecked child) and the `fork` tool (one fork per brief). Every field is read by its row of the
 * request table — its name at this entry, its place in the spec, a relative path taken from the
 * caller's working directory, `tail` as its tokens, the context fields as the call's layer — and
 * whatever the caller left out that the entry fills in is recorded with why.
 *
 * Every problem of every child comes back at once, each at its place in the call, and then nothing
 * runs. The spec's own check (spec/validate.ts) comes after and words the spec's fields.
 */
import { isAbsolute, resolve } from "node:path";
import { inside, type PathSegment, type Problem, type ProblemPlace } from "../problems.ts";
import { fieldAt, fieldsOf, namesOf } from "../request/table.ts";
import type { EntryName } from "../request/types.ts";
import { isRecord } from "../values.ts";
import { shapeProblems, unknownKeys } from "./request-check.ts";
import { defaultOf, schemaDeliverable } from "./request-defaults.ts";
import { forkRequests } from "./request-fork.ts";
import { layerOf } from "./request-layer.ts";
import type {
	ChildRequest,
	DefaultDecision,
	EntryPlace,
	Requested,
	ResumeRequest,
	TaskRequest,
} from "./request-types.ts";
import { uncheckedRequest } from "./request-unchecked.ts";

type Values = Record<string, unknown>;

const isStringList = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((v) => typeof v === "string");

/** Relative entries taken from `cwd`; anything not a list of strings is left for the spec's check to name. */
function fromCwd(value: unknown, cwd: string): unknown {
	return isStringList(value) ? value.map((p) => (p === "" || isAbsolute(p) ? p : resolve(cwd, p))) : value;
}

/** The value of each field the entry takes, by the field's own name (an alias read as the name). */
function byField(entry: EntryName, values: Values): Values {
	const out: Values = {};
	for (const [key, value] of Object.entries(values)) {
		const taken = fieldAt(entry, key);
		if (taken && value !== undefined) out[taken.field.name] = value;
	}
	return out;
}

/** The spec a task's fields describe: each at its place in the spec, paths from the cwd, the tail as its tokens. */
function specOf(fields: Values, cwd: string): Record<string, unknown> {
	const spec: Record<string, unknown> = {};
	for (const { field } of fieldsOf("spec")) {
		const value = fields[field.name];
		const [top, inner] = field.spec ?? [];
		if (value === undefined || top === undefined) continue;
		const taken = field.paths ? fromCwd(value, cwd) : field.tokens ? { tokens: value } : value;
		if (inner === undefined) spec[top] = taken;
		else spec[top] = { ...(spec[top] as Values | undefined), [inner]: taken };
	}
	return spec;
}

interface TaskInput {
	entry: "task" | "workflow";
	fields: Values;
	where: ProblemPlace;
	place: EntryPlace;
	taken: Set<string>;
	/** The key the caller named its agent by (`agentType` in an older script). */
	agentAt?: PathSegment;
}

/** One task of a call, its defaults filled in; or the problem that leaves it without one it needs. */
function taskRequest({ entry, fields, where, place, taken, agentAt = "agent" }: TaskInput): TaskRequest | Problem {
	const defaults: DefaultDecision[] = [];
	const filled: Values = { ...fields };
	const agent = typeof fields.agent === "string" ? fields.agent : undefined;
	const resume = resumeOf(fields.resume, where);
	if (resume && "code" in resume) return resume;
	for (const name of ["id", "deliverable", "roots"]) {
		// A resumed task takes what its call leaves out from the run it continues, not from defaults.
		if (fields[name] !== undefined || resume) continue;
		const inputs = { entry, field: name, goal: fields.goal, agent, readOnly: fields.read_only, place, taken, where };
		const { decision, problem } = defaultOf(inputs);
		if (problem) return problem;
		if (decision) {
			defaults.push(decision);
			filled[name] = decision.value;
		}
	}
	if (typeof filled.id === "string") taken.add(filled.id);
	const schema = isRecord(fields.schema) ? fields.schema : undefined;
	if (schema)
		filled.deliverable = schemaDeliverable(
			typeof fields.deliverable === "string" ? fields.deliverable : undefined,
			schema,
		);
	return {
		kind: "task",
		where,
		spec: specOf(filled, place.cwd),
		layer: layerOf(fields, where, agentAt),
		defaults,
		...(schema && { schema }),
		...(resume && { resume }),
	};
}

/** The run a child continues, as the call gave it; a value that is not a run's name is refused. */
function resumeOf(value: unknown, where: ProblemPlace): ResumeRequest | Problem | undefined {
	if (value === undefined) return undefined;
	const at = inside(where, "resume");
	if (typeof value === "string" && value.trim() !== "") return { run: value, where: at };
	const fix = "give the run to continue: its id (an audit directory's name), a task's id, or its path";
	return { ...at, code: "invalid_type", value, message: "must be a run's id, as text", fix };
}

/** The children of a `task` call: its `tasks`, or one task from its top-level fields. */
function taskCall(values: Values, place: EntryPlace, where: ProblemPlace): Requested {
	const items = Array.isArray(values.tasks) ? values.tasks : undefined;
	const problems: Problem[] = [
		...unknownKeys(values, namesOf("task"), where, { noun: "field", within: "the call" }),
		...(items ?? []).flatMap((task, i) =>
			unknownKeys(task, namesOf("task", "child"), inside(where, "tasks", i), {
				noun: "field",
				within: "a task of tasks",
			}),
		),
		...shapeProblems("task", values, where, ["tasks"]),
	];
	if (problems.length > 0) return { ok: false, problems };
	const top = byField("task", values);
	const shared = Object.fromEntries(
		namesOf("task", "call")
			.filter((n) => top[n] !== undefined)
			.map((n) => [n, top[n]]),
	);
	const listed = items ? listedTasks(values, items, where) : single(values, where);
	if ("problems" in listed) return { ok: false, problems: listed.problems };
	problems.push(...(items ? duplicateIds(items, where) : []));
	const taken = new Set(listed.items.map((i) => i.fields.id).filter((id): id is string => typeof id === "string"));
	const children: ChildRequest[] = [];
	for (const item of listed.items) {
		const child = taskRequest({
			entry: "task",
			fields: { ...item.fields, ...shared },
			where: item.where,
			place,
			taken,
		});
		if ("kind" in child) children.push(child);
		else problems.push(child);
	}
	return problems.length > 0 ? { ok: false, problems } : { ok: true, children };
}

interface Item {
	where: ProblemPlace;
	fields: Values;
}

function single(values: Values, where: ProblemPlace): { items: Item[] } | { problems: Problem[] } {
	if (values.goal !== undefined) return { items: [{ where, fields: byField("task", values) }] };
	const problem: Problem = {
		...inside(where, "goal"),
		code: "required",
		value: undefined,
		message: "missing: the call names no goal and no tasks",
		fix: "give goal (what the child must do), or tasks: [{ goal: … }, …] for several",
	};
	return { problems: [problem] };
}

/** The entries of `tasks`, each with the fields the call shares, or the problems with the list. */
function listedTasks(
	values: Values,
	tasks: unknown[],
	where: ProblemPlace,
): { items: Item[] } | { problems: Problem[] } {
	const problems: Problem[] = [];
	if (tasks.length === 0) {
		const fix = "give at least one task, or leave tasks out";
		problems.push({ ...inside(where, "tasks"), code: "too_small", value: [], message: "is empty", fix });
	}
	for (const key of ["goal", "id"] as const) {
		if (values[key] === undefined) continue;
		problems.push({
			...inside(where, key),
			code: "conflict",
			value: values[key],
			message: `is given beside tasks, where each task has its own ${key}`,
			fix: "move it into the task it belongs to",
		});
	}
	if (problems.length > 0) return { problems };
	const common = byField("task", values);
	delete common.tasks;
	delete common.goal;
	delete common.id;
	return {
		items: tasks.map((task, i) => ({
			where: inside(where, "tasks", i),
			fields: { ...common, ...byField("task", isRecord(task) ? task : {}) },
		})),
	};
}

/** Ids the call gives twice: each names an audit directory and a row of the report. */
function duplicateIds(tasks: readonly unknown[], where: ProblemPlace): Problem[] {
	const seen = new Map<unknown, number>();
	const problems: Problem[] = [];
	tasks.forEach((task, i) => {
		const id = isRecord(task) ? task.id : undefined;
		if (id === undefined) return;
		const first = seen.get(id);
		if (first === undefined) seen.set(id, i);
		else
			problems.push({
				...inside(where, "tasks", i, "id"),
				code: "duplicate",
				value: id,
				message: `is also the id of tasks[${first}]`,
				fix: "give each task its own id, or leave ids out to have them made from the goals",
			});
	});
	return problems;
}

/** The child of one `agent(prompt, options)` call: a checked task, or with `check: false` an unchecked one. */
function workflowCall(values: Values, prompt: string, place: EntryPlace, where: ProblemPlace): Requested {
	const problems = [
		...unknownKeys(values, namesOf("workflow"), where, { noun: "option" }),
		...shapeProblems("workflow", values, where),
	];
	if (problems.length > 0) return { ok: false, problems };
	const agentAt = values.agent === undefined && values.agentType !== undefined ? "agentType" : "agent";
	const fields: Values = { ...byField("workflow", values), goal: prompt };
	if (values.check === false) return uncheckedRequest(fields, where, agentAt);
	if (fields.tools !== undefined) {
		const problem: Problem = {
			...inside(where, "tools"),
			code: "conflict",
			value: fields.tools,
			message: "a checked task's tools follow its authority (read_only, commands)",
			fix: "remove tools, or give check: false for an unchecked child",
		};
		return { ok: false, problems: [problem] };
	}
	const child = taskRequest({ entry: "workflow", fields, where, place, taken: new Set(), agentAt });
	return "kind" in child ? { ok: true, children: [child] } : { ok: false, problems: [child] };
}

/**
 * The children an entry's values ask for. `where` places problems (`agent(3).options` for a
 * script's call); `prompt` is `agent()`'s first argument.
 */
export function requestChildren(
	entry: "task" | "fork" | "workflow",
	values: unknown,
	place: EntryPlace,
	options: { where?: ProblemPlace; prompt?: string } = {},
): Requested {
	const where = options.where ?? { path: [] };
	if (values !== undefined && !isRecord(values)) {
		const message = entry === "workflow" ? "must be an object of options" : "must be an object of fields";
		const fix = entry === "workflow" ? "pass { … } or nothing" : "call it with an object";
		return { ok: false, problems: [{ ...where, code: "invalid_type", value: values, message, fix }] };
	}
	const given = values ?? {};
	if (entry === "fork") return forkRequests(given, where);
	if (entry === "workflow") return workflowCall(given, options.prompt ?? "", place, where);
	return taskCall(given, place, where);
}

/**
 * A spec problem's place in the words of the entry it came through: `context.files[0]` is `files[0]`
 * in a `task` call or an `agent()` option, `context.tail.tokens` is `tail`. A problem in another
 * input (an agent file) keeps its own place; a field the entry has no name for keeps the spec's.
 */
export function entryPlace(
	entry: EntryName,
	where: ProblemPlace,
	problem: Pick<Problem, "source" | "path">,
): ProblemPlace {
	if (problem.source !== undefined) return { source: problem.source, path: problem.path };
	if (problem.path.length === 0) return where;
	for (const { field, name } of fieldsOf(entry)) {
		const spec = field.spec ?? [];
		if (spec.length === 0 || !spec.every((segment, i) => problem.path[i] === segment)) continue;
		const rest = field.tokens ? [] : problem.path.slice(spec.length);
		return inside(where, name, ...rest);
	}
	return inside(where, ...problem.path);
}
