/**
 * The schema check, turned into Problems. The walk over objects and arrays is done here, driven by the
 * schema, and typebox checks each leaf value. Two reasons not to hand the whole spec to typebox at once:
 * its error list is capped (8 by default, a process-wide setting shared with Pi), and its messages name
 * JSON Schema keywords. Walking ourselves reports every problem and phrases each one for the field.
 */
import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import type { Problem, ProblemCode } from "../problems.ts";
import { issueCode } from "../schema-problems.ts";
import { editDistance } from "../suggest.ts";
import { isRecord, kindOf, own } from "../values.ts";
import { fieldText } from "./fields.ts";
import { TaskSpecSchema } from "./schema.ts";
import { SPEC_KEYS, suggestKey } from "./suggest.ts";

type Segment = string | number;

/** The parts of a schema node the walk reads. */
interface NodeView {
	type?: string;
	properties?: Record<string, TSchema>;
	required?: string[];
	items?: TSchema;
	minItems?: number;
	enum?: unknown[];
}

function pattern(path: readonly Segment[]): string {
	return path
		.map((s) => (typeof s === "number" ? "[]" : s))
		.join(".")
		.replace(/\.\[\]/g, "[]");
}

function typeMessage(path: readonly Segment[], value: unknown, expected: string | undefined): string {
	const { expects } = fieldText(pattern(path));
	if (typeof value === "number" && !Number.isFinite(value)) {
		return `${String(value)} is not a finite number (a JSON number such as 1e999 overflows to Infinity); it must be ${expects}`;
	}
	if (expected === "integer" && typeof value === "number") return `must be ${expects}; ${value} is not whole`;
	return `must be ${expects}, not ${kindOf(value)}`;
}

function leafMessage(path: readonly Segment[], value: unknown, keyword: string, node: NodeView): string {
	const { expects } = fieldText(pattern(path));
	switch (keyword) {
		case "minLength":
			return `is empty; it must be ${expects}`;
		case "exclusiveMinimum":
		case "minimum":
			return `must be ${expects}; ${String(value)} is not positive`;
		case "pattern":
		case "maxLength":
			return `is not valid; it must be ${expects}`;
		case "enum": {
			const near = (node.enum ?? []).find(
				(e) => typeof e === "string" && typeof value === "string" && editDistance(e, value.toLowerCase()) <= 2,
			);
			return `must be ${expects}${near ? `; did you mean "${String(near)}"?` : ""}`;
		}
		default:
			return `must be ${expects}`;
	}
}

function problem(path: readonly Segment[], value: unknown, code: ProblemCode, message: string): Problem {
	return { path, code, value, message, fix: fieldText(pattern(path)).fix(value) };
}

function unknownKey(path: readonly Segment[], key: string, value: unknown): Problem {
	const level = path.filter((s) => typeof s === "string").join(".");
	const where = level === "" ? "the spec" : level;
	const meant = suggestKey(key, level);
	const hint = meant ? ` (did you mean "${meant}"?)` : "";
	let fix = `remove it; the fields of ${where} are: ${(SPEC_KEYS[level] ?? []).join(", ")}`;
	if (meant) {
		const meantLevel = meant.split(".").slice(0, -1).join(".");
		fix = meantLevel === level ? `rename it to "${meant.split(".").pop()}"` : `move it to "${meant}"`;
	}
	return {
		path: [...path, key],
		code: "unknown_key",
		value,
		message:
			`unknown field "${key}" in ${where}${hint}; unknown fields are rejected so that a misspelling ` +
			"cannot silently change what the child may do",
		fix,
	};
}

function walk(schema: TSchema, value: unknown, path: Segment[], out: Problem[]): void {
	const node = schema as unknown as NodeView;
	if (node.type === "object" && node.properties) {
		if (!isRecord(value)) {
			out.push(problem(path, value, "invalid_type", typeMessage(path, value, "object")));
			return;
		}
		for (const key of Object.keys(value)) {
			if (!Object.hasOwn(node.properties, key)) out.push(unknownKey(path, key, value[key]));
		}
		for (const [key, sub] of Object.entries(node.properties)) {
			const child = own(value, key);
			if (child === undefined) {
				if (node.required?.includes(key)) {
					const at = [...path, key];
					out.push(problem(at, undefined, "required", `is required: ${fieldText(pattern(at)).expects}`));
				}
				continue;
			}
			walk(sub, child, [...path, key], out);
		}
		return;
	}
	if (node.type === "array" && node.items) {
		if (!Array.isArray(value)) {
			out.push(problem(path, value, "invalid_type", typeMessage(path, value, "array")));
			return;
		}
		if (node.minItems !== undefined && value.length < node.minItems) {
			out.push(problem(path, value, "too_small", `is empty; it must be ${fieldText(pattern(path)).expects}`));
		}
		value.forEach((item, i) => {
			walk(node.items as TSchema, item, [...path, i], out);
		});
		return;
	}
	const [first] = Value.Errors(schema, value);
	if (!first) return;
	const code = issueCode(
		first.keyword === "type"
			? { kind: "type", expected: String((first.params as { type?: string }).type) }
			: { kind: "rule", keyword: first.keyword, params: first.params as Record<string, unknown> },
	);
	out.push(
		problem(
			path,
			value,
			code,
			first.keyword === "type"
				? typeMessage(path, value, (first.params as { type?: string }).type)
				: leafMessage(path, value, first.keyword, node),
		),
	);
}

/**
 * Every shape problem of a would-be spec: missing required fields, unknown keys (with a suggestion),
 * wrong types, empty strings and lists, out-of-range numbers. One problem per path at most.
 */
export function shapeProblems(input: unknown): Problem[] {
	if (!isRecord(input)) {
		return [
			{
				path: [],
				code: "invalid_type",
				value: input,
				message: `a task spec must be a JSON object, not ${kindOf(input)}`,
				fix: 'write an object such as {"id": "…", "goal": "…", "deliverable": "…", "roots": ["/abs/dir"]}',
			},
		];
	}
	const out: Problem[] = [];
	walk(TaskSpecSchema, input, [], out);
	return out;
}
