/**
 * A typebox schema check that reports every mistake at once, each phrased for the field it concerns.
 *
 * typebox's own error list is the wrong thing to show a person or a model: it is capped by a
 * process-wide setting (shared with Pi), one mistake can come back under several keywords, and its
 * words are JSON Schema's ("must match pattern"). So the walk over objects and arrays follows the
 * schema here, giving each place at most one problem, and typebox (a compiled validator) judges the leaves
 * only: strings, numbers, enums, and any node the walk does not open (unions, records).
 *
 * What went wrong is first a plain `SchemaIssue`; the caller's `Phrasebook` turns each one into the
 * message and the fix, so every schema keeps its own words while sharing the walk. A caller then adds
 * the semantic rules a schema cannot express and returns everything together. Used by the envelope
 * (src/envelope/shape.ts); written for any schema whose input a person or a model wrote.
 */
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { keywordCode, type PathSegment, type Problem, type ProblemCode } from "./problems.ts";
import { isRecord } from "./values.ts";

/** One mistake, before it is put into words. */
export type SchemaIssue =
	/** The value has the wrong JSON type; `expected` is the schema's type ("object", "array", "string", …). */
	| { kind: "type"; expected: string }
	/** A required field is absent (or undefined). */
	| { kind: "missing" }
	/** A key the object's schema does not list, where unknown keys are not allowed; `known` lists the allowed ones. */
	| { kind: "unknown"; key: string; known: readonly string[] }
	/** Any other rule of the schema, by its JSON Schema keyword (pattern, minLength, enum, minimum, minItems, …). */
	| { kind: "rule"; keyword: string; params: Readonly<Record<string, unknown>> };

/** An issue and where it is. */
export interface SchemaIssueAt {
	/** Path of the offending value; for an unknown key, the key is its last segment. */
	path: readonly PathSegment[];
	/** The offending value (undefined when missing). */
	value: unknown;
	issue: SchemaIssue;
	/** The schema node at the path (for an unknown key, the object's node). */
	schema: TSchema;
}

/** How one schema's issues read. */
export interface Phrasebook {
	phrase(at: SchemaIssueAt): { message: string; fix: string };
	/**
	 * Whether an object's unknown keys are reported before its fields or after them. Before suits
	 * files a person edits (a misspelt key often explains the "missing" that follows); after suits
	 * results read field by field.
	 */
	unknownKeys?: "first" | "last";
}

/** The parts of a schema node the walk reads. */
interface NodeView {
	type?: unknown;
	properties?: Record<string, TSchema>;
	required?: string[];
	additionalProperties?: unknown;
	items?: TSchema;
	minItems?: number;
	maxItems?: number;
}

/**
 * One compiled validator per schema node, kept as long as the schema lives: checking through
 * `Value` re-reads the schema on every call, about 80 times slower for an envelope.
 */
const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();

function validator(schema: TSchema): ReturnType<typeof Compile> {
	let found = validators.get(schema);
	if (!found) {
		found = Compile(schema);
		validators.set(schema, found);
	}
	return found;
}

/** Own property only: a key such as "constructor" must not read through to Object.prototype. */
function own(object: Record<string, unknown>, key: string): unknown {
	return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A path with every index written `[]`, for looking up the words of a field: `evidence[].pointer`. */
export function pathPattern(path: readonly PathSegment[]): string {
	return (
		path
			.map((s) => (typeof s === "number" ? "[]" : `.${s}`))
			.join("")
			.replace(/^\./, "") || "(root)"
	);
}

type Walk = (schema: TSchema, value: unknown, path: PathSegment[], out: SchemaIssueAt[]) => void;

function walkObject(
	schema: TSchema,
	node: NodeView & { properties: Record<string, TSchema> },
	value: Record<string, unknown>,
	path: PathSegment[],
	out: SchemaIssueAt[],
	options: { unknownKeys: "first" | "last"; walk: Walk },
): void {
	const known = Object.keys(node.properties);
	const unknown: SchemaIssueAt[] = [];
	if (node.additionalProperties === false) {
		for (const key of Object.keys(value)) {
			// A key holding undefined is absent, as JSON.stringify would have it.
			if (Object.hasOwn(node.properties, key) || value[key] === undefined) continue;
			unknown.push({ path: [...path, key], value: value[key], issue: { kind: "unknown", key, known }, schema });
		}
	}
	if (options.unknownKeys === "first") out.push(...unknown);
	for (const [key, sub] of Object.entries(node.properties)) {
		const child = own(value, key);
		if (child === undefined) {
			if (node.required?.includes(key)) {
				out.push({ path: [...path, key], value: undefined, issue: { kind: "missing" }, schema: sub });
			}
			continue;
		}
		options.walk(sub, child, [...path, key], out);
	}
	if (options.unknownKeys === "last") out.push(...unknown);
}

function walkArray(
	schema: TSchema,
	node: NodeView & { items: TSchema },
	value: unknown[],
	path: PathSegment[],
	out: SchemaIssueAt[],
	walk: Walk,
): void {
	if (node.minItems !== undefined && value.length < node.minItems) {
		out.push({ path, value, issue: { kind: "rule", keyword: "minItems", params: { limit: node.minItems } }, schema });
	}
	if (node.maxItems !== undefined && value.length > node.maxItems) {
		out.push({ path, value, issue: { kind: "rule", keyword: "maxItems", params: { limit: node.maxItems } }, schema });
	}
	value.forEach((item, i) => {
		walk(node.items, item, [...path, i], out);
	});
}

function leafIssue(schema: TSchema, value: unknown): SchemaIssue | undefined {
	const [first] = validator(schema).Errors(value);
	if (!first) return undefined;
	const params = (first.params ?? {}) as Record<string, unknown>;
	if (first.keyword === "type") {
		const type = params.type;
		return { kind: "type", expected: Array.isArray(type) ? type.join(" or ") : String(type) };
	}
	return { kind: "rule", keyword: first.keyword, params };
}

/** Every issue of `value` against `schema`, in schema order, one per place at most. */
export function schemaIssues(
	schema: TSchema,
	value: unknown,
	options: { unknownKeys?: "first" | "last" } = {},
): SchemaIssueAt[] {
	// The common case, a valid value, in one pass: the walk is for saying what is wrong.
	if (validator(schema).Check(value)) return [];
	const unknownKeys = options.unknownKeys ?? "first";
	const walk: Walk = (node, here, path, out) => {
		const view = node as unknown as NodeView;
		if (view.type === "object" && view.properties) {
			if (!isRecord(here)) out.push({ path, value: here, issue: { kind: "type", expected: "object" }, schema: node });
			else walkObject(node, { ...view, properties: view.properties }, here, path, out, { unknownKeys, walk });
			return;
		}
		if (view.type === "array" && view.items) {
			if (!Array.isArray(here))
				out.push({ path, value: here, issue: { kind: "type", expected: "array" }, schema: node });
			else walkArray(node, { ...view, items: view.items }, here, path, out, walk);
			return;
		}
		const issue = leafIssue(node, here);
		if (issue) out.push({ path, value: here, issue, schema: node });
	};
	const out: SchemaIssueAt[] = [];
	walk(schema, value, [], out);
	return out;
}

/** Every issue of `value` against `schema`, as Problems in the phrasebook's words. */
export function schemaProblems(schema: TSchema, value: unknown, phrasebook: Phrasebook): Problem[] {
	const options = phrasebook.unknownKeys === undefined ? {} : { unknownKeys: phrasebook.unknownKeys };
	return schemaIssues(schema, value, options).map((at) => ({
		path: at.path,
		code: issueCode(at.issue),
		value: at.value,
		...phrasebook.phrase(at),
	}));
}

/** The problem code of a schema issue, so a caller with its own walk says the same as this one. */
export function issueCode(issue: SchemaIssue): ProblemCode {
	if (issue.kind === "type") return "invalid_type";
	if (issue.kind === "missing") return "required";
	if (issue.kind === "unknown") return "unknown_key";
	return keywordCode(issue.keyword);
}
