/**
 * Semantic validation of a task spec, before anything runs. Pure: the file system is reached only
 * through the injected probe. Every problem is collected — shape, text, and the roots contract — so a
 * caller fixes a bad spec in one pass; a valid spec comes back normalized and frozen.
 */
import { formatPath, type PathSegment, type Problem } from "../problems.ts";
import { isRecord, own } from "../values.ts";
import { contextWarnings } from "./context.ts";
import { checkContract } from "./contract.ts";
import { limitProblems } from "./limits.ts";
import { normalize } from "./normalize.ts";
import type { PathOptions } from "./roots.ts";
import type { TaskSpec, TaskSpecInput } from "./schema.ts";
import { shapeProblems } from "./shape.ts";
import { SPEC_KEYS } from "./suggest.ts";

export type ValidateOptions = PathOptions;

export interface SpecValid {
	ok: true;
	spec: TaskSpec;
	/** Non-fatal observations, in the same form as problems. */
	warnings: readonly Problem[];
	/** Paths of the fields filled from defaults (`effort`, `budget.wall_s`, …). */
	defaulted: readonly string[];
}

export interface SpecInvalid {
	ok: false;
	problems: readonly Problem[];
	warnings: readonly Problem[];
}

export type SpecResult = SpecValid | SpecInvalid;

/** A string that passes the schema's minLength but says nothing. */
function blankProblems(input: Record<string, unknown>): Problem[] {
	const out: Problem[] = [];
	const blank = (value: unknown) => typeof value === "string" && value !== "" && value.trim() === "";
	for (const key of ["goal", "deliverable"]) {
		const value = own(input, key);
		if (blank(value)) {
			out.push({
				path: [key],
				code: "invalid_value",
				value,
				message: "contains only whitespace",
				fix: `write the ${key} in words`,
			});
		}
	}
	const context = own(input, "context");
	if (isRecord(context)) {
		for (const name of SPEC_KEYS.context ?? []) {
			const list = own(context, name);
			if (!Array.isArray(list)) continue;
			list.forEach((value, i) => {
				if (blank(value)) {
					const path = ["context", name, i];
					const fix = `remove ${formatPath({ path })}`;
					out.push({ path, code: "invalid_value", value, message: "contains only whitespace", fix });
				}
			});
		}
	}
	return out;
}

const FIELD_ORDER = SPEC_KEYS[""] ?? [];

/**
 * Where a problem sorts: the file and the whole spec first, then unknown top-level keys (they often
 * explain the problems after them), then field by field in spec order, sub-field by sub-field, index
 * by index.
 */
function sortKey({ source, path }: Pick<Problem, "source" | "path">): number[] {
	if (source !== undefined || path.length === 0) return [0];
	const [head, second] = path;
	const field = typeof head === "string" ? FIELD_ORDER.indexOf(head) : -1;
	if (field === -1 || typeof head !== "string") return [1];
	const sub = typeof second === "string" ? second : undefined;
	const subRank = sub === undefined ? -2 : (SPEC_KEYS[head]?.indexOf(sub) ?? -1);
	const indices = path.filter((s): s is number => typeof s === "number");
	return [field + 2, subRank, ...indices];
}

/** One key per place, for telling whether two problems are about the same field. */
function placeKey(problem: Pick<Problem, "source" | "path">): string {
	return JSON.stringify([problem.source ?? null, ...problem.path] satisfies Array<PathSegment | null>);
}

/** Sorts problems into the order of the fields they concern; stable within one path. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
	const keyed = problems.map((p, order) => ({ p, order, key: sortKey(p) }));
	keyed.sort((a, b) => {
		for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
			const diff = (a.key[i] ?? -3) - (b.key[i] ?? -3);
			if (diff !== 0) return diff;
		}
		return a.order - b.order;
	});
	return keyed.map((k) => k.p);
}

/** Shape problems win: a field with the wrong type gets no further, vaguer, semantic problem. */
function merge(shape: readonly Problem[], semantic: readonly Problem[]): Problem[] {
	const taken = new Set(shape.map(placeKey));
	const seen = new Set<string>();
	return [...shape, ...semantic.filter((p) => !taken.has(placeKey(p)))].filter((p) => {
		const key = `${placeKey(p)}\n${p.message}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/**
 * Validates a would-be spec (already parsed from JSON, or passed as an object by a tool) and returns
 * either every problem found or the normalized, frozen spec. Never throws on bad input.
 */
export function validateSpec(input: unknown, options: ValidateOptions): SpecResult {
	// Limits first: an oversized spec is refused before a single root is looked at.
	const limits = limitProblems(input);
	if (limits.length > 0) return { ok: false, problems: sortProblems(limits), warnings: [] };
	const shape = shapeProblems(input);
	if (!isRecord(input)) return { ok: false, problems: shape, warnings: [] };
	const contract = checkContract(
		{
			roots: own(input, "roots"),
			write_allowed: own(input, "write_allowed"),
			read_only: own(input, "read_only"),
			exclude: own(input, "exclude"),
		},
		options,
	);
	const warnings = sortProblems([...contract.warnings, ...contextWarnings(own(input, "context"), options.probe)]);
	const problems = sortProblems(merge(shape, [...blankProblems(input), ...contract.problems]));
	if (problems.length > 0 || !contract.resolved) return { ok: false, problems, warnings };
	const { spec, defaulted } = normalize(input as unknown as TaskSpecInput, contract.resolved);
	return { ok: true, spec, warnings, defaulted };
}
