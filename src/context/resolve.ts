/**
 * The precedence resolver: which value each primitive takes for one child, and which layer decided
 * it. Highest first:
 *
 *   per-call field > per-call mode > agent .md field > agent .md mode > run-level mode > default mode
 *
 * Within a layer an explicit primitive beats that layer's mode (which the order above already says:
 * each layer's fields sit just above its mode). The answer carries its provenance so `preview` can
 * show a user why a child saw what it saw, and its warnings so no fallback is ever silent. Pure.
 */
import type { Problem, ProblemPlace } from "../problems.ts";
import { didYouMean } from "../suggest.ts";
import { type ContextMode, defaultMode, lookupMode, type ModeRegistry, modeNames } from "./modes.ts";
import {
	type ContextFields,
	type ContextPrimitives,
	type PartialPrimitives,
	PRIMITIVE_NAMES,
	type PrimitiveName,
	pickPrimitives,
} from "./primitives.ts";

export type LayerName = "call-field" | "call-mode" | "agent-field" | "agent-mode" | "run-mode" | "default";

/** The layers in precedence order, highest first. (@internal: exported for its tests) */
export const LAYERS: readonly LayerName[] = [
	"call-field",
	"call-mode",
	"agent-field",
	"agent-mode",
	"run-mode",
	"default",
];

export interface ResolveContextInput {
	registry: ModeRegistry;
	/** The delegation call's own context fields. */
	call?: ContextFields;
	/** The agent definition's context fields; `label` names its file in provenance and warnings. */
	agent?: ContextFields & { label?: string };
	/** The run-level mode, e.g. a `--mode` flag given to a whole command or workflow. */
	runMode?: string;
}

/** One decided value and who decided it. */
export interface Decision<T> {
	value: T;
	layer: LayerName;
	/** Plain words for `preview`: `per-call field`, `agent .md mode "scoped"`, `default mode "focused"`. */
	reason: string;
}

export type PrimitiveDecisions = { [K in PrimitiveName]: Decision<ContextPrimitives[K]> };

export interface ResolvedContext {
	primitives: ContextPrimitives;
	decisions: PrimitiveDecisions;
	/**
	 * The skills allowlist, if a call or agent gave one (the call's wins). When set it decides the
	 * skills channel regardless of `inheritSkills`; see skills.ts.
	 */
	skills: Decision<readonly string[] | undefined> & {
		/** Where the allowlist was given, for selectSkills' warnings (`call.skills`, `<file>: skills`). */
		where?: ProblemPlace;
	};
	/** Unknown mode names, each naming where it was given and what stood in for it. */
	warnings: Problem[];
}

/** A candidate source of values: one layer, with the primitives it sets. */
interface Candidate {
	layer: LayerName;
	reason: string;
	values: PartialPrimitives;
}

const MODE_LAYER_WORDS: Record<"call-mode" | "agent-mode" | "run-mode", string> = {
	"call-mode": "per-call mode",
	"agent-mode": "agent .md mode",
	"run-mode": "run-level mode",
};

/** Turns a mode name given at a layer into a candidate; an unknown name becomes the default, with a warning. */
function modeCandidate(
	registry: ModeRegistry,
	layer: "call-mode" | "agent-mode" | "run-mode",
	name: string,
	where: ProblemPlace,
	warnings: Problem[],
): Candidate {
	const words = MODE_LAYER_WORDS[layer];
	const found = lookupMode(registry, name);
	if (found) {
		const alias = found.alias === undefined ? "" : ` (alias of "${found.mode.name}")`;
		return { layer, reason: `${words} "${name}"${alias}`, values: found.mode.primitives };
	}
	const fallback: ContextMode = defaultMode(registry);
	warnings.push({
		...where,
		code: "not_found",
		value: name,
		message: `unknown context mode "${name}"${didYouMean(name, modeNames(registry))}; the default mode "${fallback.name}" stands in for it`,
		fix: `use one of: ${modeNames(registry).join(", ")}; project modes are defined under pi-delegate.contextModes in Pi settings`,
	});
	return {
		layer,
		reason: `${words} "${name}" (unknown; default "${fallback.name}" used)`,
		values: fallback.primitives,
	};
}

/**
 * A run-level mode that names no mode: a refusal, not a warning. The operator chose it on purpose
 * (`--mode`, a command's argument), and the default standing in for a typo of `isolated` would show
 * the child more than was asked for. A call's or an agent's unknown mode still falls back with a
 * warning: those are one child's layer, with the run's layers beneath them.
 */
export function unknownRunMode(registry: ModeRegistry, name: string | undefined): Problem | undefined {
	if (name === undefined || lookupMode(registry, name)) return undefined;
	return {
		source: "--mode",
		path: [],
		code: "not_found",
		value: name,
		message: `unknown context mode "${name}"${didYouMean(name, modeNames(registry))}`,
		fix: `use one of: ${modeNames(registry).join(", ")}; project modes are defined under pi-delegate.contextModes in Pi settings`,
	};
}

/** Where an agent's key is named in a problem: its file when it has one. */
function agentPlace(agent: ResolveContextInput["agent"], key: string): ProblemPlace {
	return agent?.label ? { source: agent.label, path: [key] } : { path: ["agent", key] };
}

/** The layers that may set a primitive, highest first; the default mode last, so every primitive is set. */
function candidatesOf(input: ResolveContextInput, warnings: Problem[]): Candidate[] {
	const { registry, call, agent, runMode } = input;
	const agentSuffix = agent?.label ? ` (${agent.label})` : "";
	const candidates: Candidate[] = [];
	if (call) candidates.push({ layer: "call-field", reason: "per-call field", values: pickPrimitives(call) });
	if (call?.contextMode !== undefined) {
		candidates.push(
			modeCandidate(registry, "call-mode", call.contextMode, { path: ["call", "contextMode"] }, warnings),
		);
	}
	if (agent) {
		candidates.push({ layer: "agent-field", reason: `agent .md field${agentSuffix}`, values: pickPrimitives(agent) });
	}
	if (agent?.contextMode !== undefined) {
		const where = agentPlace(agent, "contextMode");
		candidates.push(modeCandidate(registry, "agent-mode", agent.contextMode, where, warnings));
	}
	if (runMode !== undefined)
		candidates.push(modeCandidate(registry, "run-mode", runMode, { path: ["run", "mode"] }, warnings));
	const fallback = defaultMode(registry);
	candidates.push({ layer: "default", reason: `default mode "${fallback.name}"`, values: fallback.primitives });
	return candidates;
}

/** The skills allowlist: the call's, else the agent's, else none (inheritSkills alone decides). */
function skillsOf(input: ResolveContextInput, inheritSkills: Decision<boolean>): ResolvedContext["skills"] {
	const { call, agent } = input;
	if (call?.skills !== undefined) {
		return { value: call.skills, layer: "call-field", reason: "per-call skills", where: { path: ["call", "skills"] } };
	}
	if (agent?.skills !== undefined) {
		const reason = `agent .md skills${agent.label ? ` (${agent.label})` : ""}`;
		return { value: agent.skills, layer: "agent-field", reason, where: agentPlace(agent, "skills") };
	}
	return { value: undefined, layer: inheritSkills.layer, reason: "no allowlist; inheritSkills decides" };
}

/** Resolves the four primitives and the skills allowlist for one child. */
export function resolveContext(input: ResolveContextInput): ResolvedContext {
	const warnings: Problem[] = [];
	const candidates = candidatesOf(input, warnings);
	const decide = <K extends PrimitiveName>(name: K): Decision<ContextPrimitives[K]> => {
		for (const candidate of candidates) {
			const value = candidate.values[name];
			if (value !== undefined)
				return { value: value as ContextPrimitives[K], layer: candidate.layer, reason: candidate.reason };
		}
		throw new Error(`the default mode does not set ${name}`);
	};
	const decisions: PrimitiveDecisions = {
		inheritProjectContext: decide("inheritProjectContext"),
		inheritMainRules: decide("inheritMainRules"),
		inheritSkills: decide("inheritSkills"),
		systemPromptMode: decide("systemPromptMode"),
	};
	const primitives: ContextPrimitives = {
		inheritProjectContext: decisions.inheritProjectContext.value,
		inheritMainRules: decisions.inheritMainRules.value,
		inheritSkills: decisions.inheritSkills.value,
		systemPromptMode: decisions.systemPromptMode.value,
	};
	return { primitives, decisions, skills: skillsOf(input, decisions.inheritSkills), warnings };
}

/** The provenance as lines: `inheritMainRules: true — per-call field`. */
export function formatProvenance(resolved: ResolvedContext): string[] {
	const lines = PRIMITIVE_NAMES.map((name) => {
		const decision = resolved.decisions[name];
		return `${name}: ${String(decision.value)} — ${decision.reason}`;
	});
	const allowlist = resolved.skills.value;
	lines.push(
		`skills: ${allowlist === undefined ? "(no allowlist)" : `[${allowlist.join(", ")}]`} — ${resolved.skills.reason}`,
	);
	return lines;
}
