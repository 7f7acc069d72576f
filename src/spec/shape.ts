/**
 * The schema check, turned into Problems. The walk over objects and arrays is done here, driven by the
 * schema, and so is the check of each leaf value, for the few keywords the spec's schema uses (type,
 * enum, string lengths, pattern, lower bounds). Three reasons not to hand the spec to typebox: its
 * error list is capped (8 by default, a process-wide setting shared with Pi), its messages name JSON
 * Schema keywords, and loading it costs `pi-delegate validate` several times Node's own start-up. Walking
 * ourselves reports every problem and phrases each one for the field; test/spec/ holds the verdict
 * equal to typebox's `Value.Check` on a large corpus of valid and invalid specs.
 */
import type { Problem, ProblemCode } from "../problems.ts";
import { editDistance } from "../suggest.ts";
import { isRecord, kindOf, own } from "../values.ts";
import { fieldText } from "./fields.ts";
import { TaskSpecSchema } from "./schema.ts";
import { SPEC_KEYS, suggestKey } from "./suggest.ts";

type Segment = string | number;

/** The parts of a schema node the walk reads: every keyword the spec's schema uses. */
interface SchemaNode {
	type?: string;
	properties?: Readonly<Record<string, SchemaNode>>;
	required?: readonly string[];
	items?: SchemaNode;
	minItems?: number;
	enum?: readonly unknown[];
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	minimum?: number;
	exclusiveMinimum?: number;
}

/**
 * The problem code of each keyword the leaf check reports, as problems.ts's `keywordCode`
 * gives it (test/spec/corpus.test.ts holds the two equal), and the list of keywords the leaf check
 * knows (the same test holds it complete for the spec's schema).
 */
export const LEAF_CODES: Readonly<Record<string, ProblemCode>> = {
	type: "invalid_type",
	enum: "invalid_value",
	pattern: "invalid_value",
	minLength: "too_small",
	minimum: "too_small",
	exclusiveMinimum: "too_small",
	maxLength: "too_big",
};

const keywordCode = (keyword: string): ProblemCode => LEAF_CODES[keyword] ?? "invalid_value";

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
	string: (v) => typeof v === "string",
	number: (v) => typeof v === "number" && Number.isFinite(v),
	integer: (v) => Number.isInteger(v),
	boolean: (v) => typeof v === "boolean",
};

const patterns = new Map<string, RegExp>();

/** A string's length as JSON Schema counts it: in code points, so an emoji is one. */
const codePoints = (text: string) => {
	let n = 0;
	for (const _ of text) n++;
	return n;
};

/**
 * The first keyword a leaf value fails, in the order typebox reports them (the type first, then
 * the value's constraints), or undefined when it passes.
 */
function leafFailure(node: SchemaNode, value: unknown): string | undefined {
	if (node.type !== undefined && !(TYPE_CHECKS[node.type] ?? (() => false))(value)) return "type";
	if (node.enum !== undefined && !node.enum.includes(value)) return "enum";
	if (typeof value === "string") {
		const length = node.minLength !== undefined || node.maxLength !== undefined ? codePoints(value) : 0;
		if (node.minLength !== undefined && length < node.minLength) return "minLength";
		if (node.maxLength !== undefined && length > node.maxLength) return "maxLength";
		if (node.pattern !== undefined) {
			const re = patterns.get(node.pattern) ?? new RegExp(node.pattern);
			patterns.set(node.pattern, re);
			if (!re.test(value)) return "pattern";
		}
	}
	if (typeof value === "number") {
		if (node.exclusiveMinimum !== undefined && !(value > node.exclusiveMinimum)) return "exclusiveMinimum";
		if (node.minimum !== undefined && value < node.minimum) return "minimum";
	}
	return undefined;
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

function leafMessage(path: readonly Segment[], value: unknown, keyword: string, node: SchemaNode): string {
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

function walk(node: SchemaNode, value: unknown, path: Segment[], out: Problem[]): void {
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
		const items = node.items;
		value.forEach((item, i) => {
			walk(items, item, [...path, i], out);
		});
		return;
	}
	const keyword = leafFailure(node, value);
	if (keyword === undefined) return;
	out.push(
		problem(
			path,
			value,
			keywordCode(keyword),
			keyword === "type" ? typeMessage(path, value, node.type) : leafMessage(path, value, keyword, node),
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
