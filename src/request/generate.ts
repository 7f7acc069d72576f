/**
 * The schemas callers write against, generated from the request table: the task spec's JSON Schema
 * (`pi-delegate schema` prints it; the spec's check walks it), the parameters of the `task` and
 * `fork` tools, the options of `agent()`, and the command line's flags with their usage lines.
 *
 * Outside the spec an entry's schema is the spec's with its constraints left out (type, enum,
 * items and properties kept): the spec's own check applies them afterwards and words every problem,
 * where a tool's schema is checked by Pi in its own words and is paid for on every request.
 */
import { SPEC_GROUPS } from "./spec-parts.ts";
import { fieldsOf, REQUEST_FIELDS } from "./table.ts";
import type { EntryName, JsonSchema } from "./types.ts";

/** The keys of a schema that say what a value is; the rest constrain or describe it. */
const SHAPE_KEYS = ["type", "enum", "items", "properties", "required", "additionalProperties", "patternProperties"];

/** A schema without its constraints and descriptions: what a value is, not what the spec asks of it. */
export function loosen(schema: JsonSchema): JsonSchema {
	const out: Record<string, unknown> = {};
	for (const key of SHAPE_KEYS) {
		const value = schema[key];
		if (value === undefined) continue;
		if (key === "items") out.items = loosen(value as JsonSchema);
		else if (key === "properties")
			out.properties = Object.fromEntries(
				Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, loosen(v)]),
			);
		else out[key] = value;
	}
	return out;
}

/** The task spec's JSON Schema: every row with a place in the spec, grouped as the spec nests them. */
export function specSchema() {
	const properties: Record<string, JsonSchema> = {};
	const groups: Record<string, Record<string, JsonSchema>> = {};
	for (const row of REQUEST_FIELDS) {
		const [top, inner] = row.spec ?? [];
		if (top === undefined) continue;
		if (inner === undefined) {
			properties[top] = row.schema;
			continue;
		}
		if (!groups[top]) {
			groups[top] = {};
			properties[top] = {
				type: "object",
				properties: groups[top],
				additionalProperties: false,
				description: SPEC_GROUPS[top]?.description,
			};
		}
		groups[top][inner] = row.schema;
	}
	return {
		type: "object",
		required: REQUEST_FIELDS.filter((f) => f.required).map((f) => f.name),
		properties,
		additionalProperties: false,
		title: "pi-delegate task spec",
		description:
			"One delegation: what the child must do, what it may see and change, and what it may spend. Unknown " +
			"fields are errors at every level, so a misspelled key can never silently widen what the child may do.",
	} as const;
}

/**
 * The properties an entry defines, each its value's shape with the entry's description (none when
 * the brief is empty). A field the entry takes without a brief is left out: the tool's description
 * names it instead.
 */
export function entryProperties(entry: EntryName): Record<string, JsonSchema> {
	const properties: Record<string, JsonSchema> = {};
	for (const { field, entry: taken, name } of fieldsOf(entry)) {
		if (taken.brief === undefined) continue;
		const shape = taken.schema ?? loosen(field.schema);
		// An empty brief: the field's name and shape say it all, and a description would be paid for.
		properties[name] = taken.brief === "" ? shape : { ...shape, description: taken.brief };
	}
	return properties;
}

/** The shape of every field an entry takes, listed or not, for checking a value the schema sent does not define. */
export function entryShapes(entry: EntryName): Record<string, JsonSchema> {
	const shapes: Record<string, JsonSchema> = {};
	for (const { field, entry: taken, name } of fieldsOf(entry)) {
		const shape = taken.schema ?? loosen(field.schema);
		shapes[name] = shape;
		for (const alias of taken.aliases ?? []) shapes[alias] = shape;
	}
	return shapes;
}

/** A tool's parameters: the properties the model reads, nothing required (the adapter words every problem). */
export function toolParameters(entry: "task" | "fork") {
	return { type: "object", properties: entryProperties(entry) } as const;
}

/** parseArgs' options for the flags of the given entries (`run`, then `preview`'s own). */
export function flagOptions(entries: readonly EntryName[]) {
	const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {};
	for (const entry of entries) {
		for (const { entry: taken, name } of fieldsOf(entry)) {
			options[name] = {
				type: taken.value === undefined ? "boolean" : "string",
				...(taken.multiple && { multiple: true }),
			};
		}
	}
	return options;
}

/** The usage lines of those flags: the flag and its value, then its text from `column` on. */
export function flagUsage(entries: readonly EntryName[], column: number): string[] {
	const lines: string[] = [];
	for (const entry of entries) {
		for (const { entry: taken, name } of fieldsOf(entry)) {
			const flag = `  --${name}${taken.value === undefined ? "" : ` ${taken.value}`}`;
			const [first = "", ...rest] = taken.usage ?? [];
			lines.push(`${flag.padEnd(column - 1)} ${first}`.trimEnd());
			for (const line of rest) lines.push(`${" ".repeat(column)}${line}`);
		}
	}
	return lines;
}
