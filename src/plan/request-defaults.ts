/**
 * The defaults an entry fills in, by the rule its row of the request table names: an id from the
 * goal's words or with a digest of the prompt, the agent's deliverable (or a general one), the
 * repository the session works in or the caller's directory. Each one filled in is recorded with its
 * reason, so a plan says what the caller decided and what was decided for it. Pure.
 */
import { createHash } from "node:crypto";
import { slugFromBrief } from "../gate/slug.ts";
import { inside, type Problem, type ProblemPlace } from "../problems.ts";
import { ID_MAX_LENGTH } from "../request/limits.ts";
import { fieldAt } from "../request/table.ts";
import type { DefaultRule, EntryName } from "../request/types.ts";
import type { DefaultDecision, EntryPlace } from "./request-types.ts";

/** The deliverable of a workflow call that names none and whose agent sets none. */
export const DEFAULT_DELIVERABLE =
	"What you found or did, in plain words, with every claim backed by a pointer to where it can be checked.";

/** `review-the-auth-module-3fa9c1`: the prompt's first words and a digest of the whole prompt. */
export function deriveId(prompt: string): string {
	const digest = createHash("sha256").update(prompt).digest("hex").slice(0, 6);
	const words = prompt.toLowerCase().match(/[a-z0-9]+/g) ?? [];
	let slug = "";
	for (const word of words.slice(0, 5)) {
		const next = slug === "" ? word.slice(0, 24) : `${slug}-${word.slice(0, 24)}`;
		if (next.length > ID_MAX_LENGTH - 8) break;
		slug = next;
	}
	return `${slug === "" ? "agent" : slug}-${digest}`;
}

/** What the child reads in its brief's deliverable when its result must be JSON of a schema's shape. */
export function schemaDeliverable(deliverable: string | undefined, schema: Record<string, unknown>): string {
	const head = deliverable ?? "The answer the goal asks for.";
	return [
		head,
		"Write it as one JSON value, and only that, as the text of the `deliverable` field of your result. It must satisfy this JSON schema:",
		JSON.stringify(schema),
	].join("\n");
}

/** `wanted`, or `wanted-2`, `wanted-3` …: the first not yet taken in the call. */
export function uniqueId(wanted: string, taken: ReadonlySet<string>): string {
	let id = wanted;
	for (let n = 2; taken.has(id); n++) id = `${wanted.slice(0, 60)}-${n}`;
	return id;
}

/** What a default is filled in from. */
export interface DefaultInputs {
	entry: EntryName;
	field: string;
	goal: unknown;
	agent: string | undefined;
	readOnly: unknown;
	place: EntryPlace;
	/** Ids the call already has. */
	taken: ReadonlySet<string>;
	where: ProblemPlace;
}

function idOf(rule: DefaultRule, goal: unknown, taken: ReadonlySet<string>): string {
	const text = typeof goal === "string" ? goal : "";
	if (rule === "digest") return deriveId(text);
	const slug = slugFromBrief(text);
	const base = rule === "fork-slug" ? (slug === "task" ? "fork" : `fork-${slug}`) : slug;
	return uniqueId(base, taken);
}

function ruleValue(rule: DefaultRule, inputs: DefaultInputs): { value?: unknown; problem?: Problem } {
	switch (rule) {
		case "slug":
		case "fork-slug":
		case "digest":
			return { value: idOf(rule, inputs.goal, inputs.taken) };
		case "agent-deliverable": {
			const own = inputs.agent === undefined ? undefined : inputs.place.deliverableOf(inputs.agent);
			return { value: own ?? (inputs.entry === "workflow" ? DEFAULT_DELIVERABLE : undefined) };
		}
		case "cwd":
			return { value: [inputs.place.cwd] };
		case "repository":
			if (inputs.readOnly === false) {
				const problem: Problem = {
					...inside(inputs.where, "roots"),
					code: "required",
					value: undefined,
					message: "missing: a task that writes names the roots it watches",
					fix: "list the directories to watch, and the ones it may change in write_allowed",
				};
				return { problem };
			}
			return { value: [inputs.place.repoRoot()] };
	}
}

/**
 * The default of one field the caller left out, with why; or the problem that there is none (a task
 * that writes must name its roots: a default would decide what it may change).
 */
export function defaultOf(inputs: DefaultInputs): { decision?: DefaultDecision; problem?: Problem } {
	const rule = fieldAt(inputs.entry, inputs.field)?.entry.default;
	if (!rule) return {};
	const { value, problem } = ruleValue(rule.rule, inputs);
	if (problem) return { problem };
	if (value === undefined) return {};
	const own = rule.rule === "agent-deliverable" && inputs.agent !== undefined && value !== DEFAULT_DELIVERABLE;
	const reason = rule.rule === "agent-deliverable" && !own ? "a general one (no agent sets one)" : rule.reason;
	return { decision: { field: inputs.field, value, reason } };
}
