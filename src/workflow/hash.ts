/**
 * The call hash: what decides an `agent()` call's result, as one digest, computed from the call's
 * plan so it cannot drift from what the child is actually given. Two calls with equal hashes get
 * the same child — the same first message, system prompt, tools, model, context and authority — so
 * the journal may hand one's result to the other.
 *
 * In the hash: the kind (task or plain); the first message (the prompt, and for a task its whole
 * brief: deliverable with any result schema, authority, files, facts, commands, budget); the prefix
 * key (Pi's version, the model, the tools, every system prompt input — the role an agent file gives
 * and each skill the allowlist lets through — and the directory); the resolved primitives, the
 * skills allowlist and the strategy; the model with its thinking level; the roots and what may be
 * written; the budget; and the hashes of the earlier results the prompt was given. An agent file's
 * content enters through what it decides (role, model, tools, context); an edit that decides nothing
 * (its description) reruns nothing. The runner is not in it: where a child runs does not change
 * what it is asked. Pure.
 */
import { createHash } from "node:crypto";
import type { TaskPlan, UncheckedPlan } from "../plan/types.ts";

/** JSON with object keys sorted, so two spellings of one value hash alike. */
export function canonicalJson(value: unknown): string {
	return JSON.stringify(value, (_key, v: unknown) => {
		if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
		return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
	});
}

function sha256(text: string): string {
	return createHash("sha256").update(text).digest("hex");
}

export interface HashExtras {
	/** The call's result schema, when it has one. */
	schema?: unknown;
	/** Hashes of the earlier results whose text the prompt carries (see provenance.ts). */
	given: readonly string[];
}

/** The parts of a plan the hash reads, named, so the journal can show what a call hashed. */
export function hashParts(plan: TaskPlan | UncheckedPlan, extras: HashExtras): Record<string, unknown> {
	const { child } = plan;
	return {
		kind: plan.kind,
		firstMessage: child.firstMessage,
		prefixKey: plan.prefixKey,
		primitives: child.context.primitives,
		skills: child.context.skills.value ?? null,
		strategy: child.strategy.applies ? child.strategy.value : "legacy",
		model: { provider: plan.model.provider, id: plan.model.id, thinking: plan.model.thinking ?? null },
		tools: child.tools,
		agent: plan.agent?.label ?? null,
		authority:
			plan.kind === "task"
				? { readOnly: plan.spec.read_only, roots: plan.boundary.roots, writeAllowed: plan.boundary.writeAllowed }
				: null,
		budget: plan.budget,
		schema: extras.schema ?? null,
		given: [...extras.given].sort(),
	};
}

/** A short digest of each part, for the journal: a rerun names the parts that changed. */
export function partDigests(parts: Record<string, unknown>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(parts).map(([key, value]) => [key, sha256(canonicalJson(value)).slice(0, 16)]),
	);
}

export function callHash(plan: TaskPlan | UncheckedPlan, extras: HashExtras): string {
	return sha256(canonicalJson(hashParts(plan, extras)));
}

/** What a result said, without when, where or at what cost: equal answers hash alike. */
export function resultHash(result: {
	kind: string;
	id: string;
	text: string;
	verdict?: string;
	status?: string;
	envelope?: unknown;
	value?: unknown;
	problems: ReadonlyArray<{ message: string }>;
}): string {
	return sha256(
		canonicalJson({
			kind: result.kind,
			id: result.id,
			outcome: result.verdict ?? result.status ?? null,
			text: result.text,
			envelope: result.envelope ?? null,
			value: result.value ?? null,
			problems: result.problems.map((p) => p.message),
		}),
	);
}
