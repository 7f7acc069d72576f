/**
 * What an entry point refuses of its caller's values before a spec exists: a key it does not take
 * (with the one it most likely meant: a misspelt `write_allowed` must never vanish without a word),
 * and a value of the wrong kind for a field that is not the spec's — the spec's own check words its
 * fields' problems, and the fields that choose the child (agent, context fields, tools) are checked
 * here, since Pi coerces nothing a tool's schema does not define: a quoted `"false"` must be refused,
 * never read as truthy. Pure.
 */
import { Value } from "typebox/value";
import { isPrimitiveValue, type PrimitiveName, primitiveValueFix } from "../context/primitives.ts";
import { inside, keywordCode, type Problem, type ProblemPlace, pointerSegments } from "../problems.ts";
import { entryShapes } from "../request/generate.ts";
import { fieldAt } from "../request/table.ts";
import type { EntryName, JsonSchema } from "../request/types.ts";
import { closest } from "../suggest.ts";
import { isRecord } from "../values.ts";

/** How an entry speaks of its keys in a problem: "unknown field "x" in the call", "unknown option "x"". */
export interface KeyWords {
	noun: "field" | "option";
	/** The place the keys belong to, in words ("the call", "a task of tasks"); absent for options. */
	within?: string;
}

/** Every key of `value` the entry does not take among `known`, each with the name it most likely meant. */
export function unknownKeys(value: unknown, known: readonly string[], where: ProblemPlace, words: KeyWords): Problem[] {
	if (!isRecord(value)) return [];
	return Object.keys(value)
		.filter((key) => !known.includes(key))
		.map((key): Problem => {
			const meant = closest(key, known);
			const place = words.within === undefined ? "" : ` in ${words.within}`;
			const list = `${words.within === undefined ? "use one of" : `the fields of ${words.within} are`}: ${known.join(", ")}`;
			return {
				...inside(where, key),
				code: "unknown_key",
				value: value[key],
				message: `unknown ${words.noun} "${key}"${place}${meant ? ` (did you mean "${meant}"?)` : ""}`,
				fix: meant ? `rename it to "${meant}"` : words.within === undefined ? list : `remove it; ${list}`,
			};
		});
}

const PRIMITIVES: readonly string[] = [
	"inheritProjectContext",
	"inheritMainRules",
	"inheritSkills",
	"systemPromptMode",
];

/** The context fields, whose problems keep the words every reader of them uses (settings, agent files). */
const CONTEXT_FIELDS: readonly string[] = [...PRIMITIVES, "skills", "inheritPrompt"];

/** The fix for a value of the wrong kind: the context fields' own words, else the field's description. */
function shapeFix(entry: EntryName, name: string, schema: JsonSchema): string {
	if (PRIMITIVES.includes(name)) return primitiveValueFix(name as PrimitiveName);
	if (name === "skills") return 'use a list of skill names, such as ["changelog"], or [] for none';
	if (name === "inheritPrompt") return 'use "full" or "portable"';
	const taken = fieldAt(entry, name);
	const description = taken?.entry.brief ?? (schema.description as string | undefined) ?? "";
	return description === ""
		? `see the ${name} ${entry === "workflow" ? "option" : "field"}`
		: `${name}: ${description}`;
}

function shapeProblem(entry: EntryName, where: ProblemPlace, name: string, value: unknown): Problem | undefined {
	const schema = entryShapes(entry)[name];
	if (!schema) return undefined;
	if (PRIMITIVES.includes(name) && isPrimitiveValue(name as PrimitiveName, value)) return undefined;
	const checked = schema as Parameters<typeof Value.Check>[0];
	if (Value.Check(checked, value)) return undefined;
	const first = [...Value.Errors(checked, value)][0];
	return {
		...inside(where, name, ...(CONTEXT_FIELDS.includes(name) ? [] : pointerSegments(first?.instancePath ?? ""))),
		code: CONTEXT_FIELDS.includes(name) ? "invalid_value" : first ? keywordCode(first.keyword) : "invalid_type",
		value,
		message: CONTEXT_FIELDS.includes(name) ? `not a valid ${name}` : (first?.message ?? "has the wrong type"),
		fix: shapeFix(entry, name, schema),
	};
}

/**
 * Values of the wrong kind among the fields of `value` that are not the spec's (the spec's check
 * words those) and are not in `skip` (list forms the caller reads item by item).
 */
export function shapeProblems(
	entry: EntryName,
	value: Record<string, unknown>,
	where: ProblemPlace,
	skip: readonly string[] = [],
): Problem[] {
	return Object.entries(value).flatMap(([name, item]) => {
		const taken = fieldAt(entry, name);
		if (!taken || taken.field.spec !== undefined || item === undefined || skip.includes(name)) return [];
		const problem = shapeProblem(entry, where, name, item);
		return problem ? [problem] : [];
	});
}
