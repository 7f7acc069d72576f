/**
 * Our section of one Pi settings file, from the file's text to validated values. Pure: the shell
 * (read.ts) does the file reading and hands the text here, so every error message is testable
 * without a file system. The file is read with the shared JSON reader, so a syntax error, a key given
 * twice and every setting's problem name the line and column where the fix goes.
 */

import { describePosition } from "../json/position.ts";
import { duplicateProblem, syntaxProblem } from "../json/problems.ts";
import { readJson } from "../json/read.ts";
import type { JsonDocument } from "../json/types.ts";
import { formatSegments, type Problem, sourceAt } from "../problems.ts";
import { isRecord, kindOf, valueAt } from "../values.ts";
import { checkSection } from "./check-section.ts";
import { SETTINGS_NAMESPACE } from "./paths.ts";
import { keyPosition, textPlace } from "./place.ts";
import type { DelegateSection } from "./schema.ts";
import type { SectionStatus, SettingsFileRef, ValidatedSection } from "./types.ts";

export type { SettingsFileRef } from "./types.ts";

type Checked = { section: ValidatedSection; problems: Problem[] };

function empty(ref: SettingsFileRef, status: SectionStatus, problems: Problem[] = []): Checked {
	return { section: { ...ref, status, values: {}, positions: {} }, problems };
}

/** Keys given twice inside our section (or our section given twice): JSON keeps the last without a word. */
function duplicates(document: JsonDocument, ref: SettingsFileRef): Problem[] {
	return document.duplicates
		.filter((d) => d.path[0] === SETTINGS_NAMESPACE)
		.map((d) =>
			duplicateProblem(d, valueAt(document.value, d.path), { source: sourceAt(ref.label, d.again), path: d.path }),
		);
}

/** Where each kept setting, mode and effort profile is written, for the origins of merged values. */
function positionsOf(values: DelegateSection, document: JsonDocument): ValidatedSection["positions"] {
	const out: Record<string, { line: number; column: number }> = {};
	for (const [key, value] of Object.entries(values)) {
		out[key] = keyPosition(document, key);
		if (key !== "contextModes" && key !== "effortProfiles") continue;
		for (const name of Object.keys(value as object))
			out[formatSegments([key, name], "name")] = keyPosition(document, key, name);
	}
	return out;
}

/** Validates our section of a settings file's text: every problem at once, and the values that passed. */
export function validateSettingsText(text: string, ref: SettingsFileRef): Checked {
	if (text.replace(/^\uFEFF/, "").trim() === "") return empty(ref, "read");
	const read = readJson(text);
	if (!read.ok) {
		const note = ` at ${describePosition(read.error)}; Pi cannot read this file either until it parses`;
		return empty(ref, "invalid", [
			syntaxProblem(read.error, text, { source: sourceAt(ref.label, read.error), path: [] }, note),
		]);
	}
	if (!isRecord(read.value)) {
		return empty(ref, "invalid", [
			{
				source: ref.label,
				path: [],
				code: "invalid_type",
				value: read.value,
				message: `a settings file must hold a JSON object, but this one holds ${kindOf(read.value)}`,
				fix: 'wrap the settings in { … }, e.g. { "pi-delegate": { … } }',
			},
		]);
	}
	const section = Object.hasOwn(read.value, SETTINGS_NAMESPACE) ? read.value[SETTINGS_NAMESPACE] : undefined;
	if (section === undefined) return empty(ref, "read");
	const at = textPlace(ref, read);
	if (!isRecord(section)) {
		return empty(ref, "invalid", [
			{
				...at(),
				code: "invalid_type",
				value: section,
				message: `"${SETTINGS_NAMESPACE}" must be an object of pi-delegate settings, but it is ${kindOf(section)}`,
				fix: `write "${SETTINGS_NAMESPACE}": { "contextModes": { … } }`,
			},
		]);
	}
	const checked = checkSection(section, at);
	const problems = [...duplicates(read, ref), ...checked.problems];
	const positions = positionsOf(checked.values, read);
	return { section: { ...ref, status: "read", values: checked.values, positions }, problems };
}

/** One settings file's section as the older readers take it: the values that passed, untyped. */
export interface SettingsSection extends SettingsFileRef {
	status: SectionStatus;
	/** The keys under `"pi-delegate"` that passed validation; empty unless status is read. */
	values: Readonly<Record<string, unknown>>;
}

/** Parses a settings file's text and returns our section of it, with every problem found. (@internal: exported for its tests) */
export function parseSettingsText(
	text: string,
	ref: SettingsFileRef,
): { section: SettingsSection; problems: Problem[] } {
	const { section, problems } = validateSettingsText(text, ref);
	return {
		section: { scope: ref.scope, file: ref.file, label: ref.label, status: section.status, values: section.values },
		problems,
	};
}

/** Every settings file, in override order. */
export interface DelegateSettings {
	/** Global first, then project: a later section overrides an earlier one. */
	sections: SettingsSection[];
	/** Every problem in every file: unreadable, malformed, a bad section, and every bad setting. */
	problems: Problem[];
}

/** One key of our section as each file sets it, in override order (global first, then project). */
export function settingValues(
	settings: DelegateSettings,
	key: string,
): Array<{ section: SettingsSection; value: unknown }> {
	return settings.sections
		.filter((section) => Object.hasOwn(section.values, key))
		.map((section) => ({ section, value: section.values[key] }));
}
