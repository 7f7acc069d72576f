/**
 * The request table: every field a child request can carry, in one list, and the lookups every
 * entry point reads it through — which fields an entry takes, by which name, and which it sets once
 * per call. Nothing else in src/ lists a request's fields.
 */
import { CALL_FIELDS } from "./call-fields.ts";
import { RESUME_FIELD } from "./resume-field.ts";
import { SPEC_FIELDS } from "./spec-fields.ts";
import type { EntryName, FieldEntry, RequestField } from "./types.ts";

/** Every field: the spec's in the spec's order, then the rest. */
export const REQUEST_FIELDS: readonly RequestField[] = [...SPEC_FIELDS, ...CALL_FIELDS, RESUME_FIELD];

/** A field as one entry takes it. */
export interface EntryField {
	field: RequestField;
	entry: FieldEntry;
	/** The name the entry reads it by. */
	name: string;
}

/** The fields an entry takes, in table order. */
export function fieldsOf(entry: EntryName): EntryField[] {
	return REQUEST_FIELDS.flatMap((field) => {
		const taken = field.entries[entry];
		return taken ? [{ field, entry: taken, name: taken.name ?? field.name }] : [];
	});
}

/** The names an entry reads (each field's own, then its aliases); `scope` keeps only those set per child or per call. */
export function namesOf(entry: EntryName, scope?: "child" | "call"): string[] {
	return fieldsOf(entry)
		.filter((f) => scope === undefined || (f.entry.scope ?? "child") === scope)
		.flatMap((f) => [f.name, ...(f.entry.aliases ?? [])]);
}

/** The field an entry reads by `name` (or an alias of it). */
export function fieldAt(entry: EntryName, name: string): EntryField | undefined {
	return fieldsOf(entry).find((f) => f.name === name || f.entry.aliases?.includes(name));
}
