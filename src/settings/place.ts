/**
 * How a settings problem says where it is: the file, with the line and column of the key when the
 * file's text is at hand, and the key path inside it, starting at `"pi-delegate"`. Rendered at the
 * edge as `.pi/settings.json:3:5: pi-delegate.contextModes.lean.inheritSkills`; the
 * `file:line:column` part is what terminals and editors turn into a link.
 */
import { locate } from "../json/locate.ts";
import type { JsonDocument } from "../json/types.ts";
import { type PathSegment, type ProblemPlace, sourceAt } from "../problems.ts";
import { SETTINGS_NAMESPACE } from "./paths.ts";
import type { SettingsFileRef } from "./types.ts";

/** The place of a key inside our section, given the segments after `"pi-delegate"`. */
export type KeyPlace = (...segments: PathSegment[]) => ProblemPlace;

/** A key inside a settings file, without a position: `{ source: label, path: ["pi-delegate", …] }`. */
export function settingsPlace(ref: Pick<SettingsFileRef, "label">, ...segments: PathSegment[]): ProblemPlace {
	return { source: ref.label, path: [SETTINGS_NAMESPACE, ...segments] };
}

/** Places without positions, for a section whose text is not at hand (built in code, or in a test). */
export function plainPlace(ref: SettingsFileRef): KeyPlace {
	return (...segments) => settingsPlace(ref, ...segments);
}

/** Where a key is written: its own position, or its nearest parent's when it is missing. */
export function keyPosition(
	document: Pick<JsonDocument, "root" | "positionAt">,
	...segments: PathSegment[]
): { line: number; column: number } {
	const { line, column } = locate(document, [SETTINGS_NAMESPACE, ...segments]).position;
	return { line, column };
}

/** Places with the line and column of each key, looked up in the file's parsed text. */
export function textPlace(ref: SettingsFileRef, document: Pick<JsonDocument, "root" | "positionAt">): KeyPlace {
	return (...segments) => ({
		source: sourceAt(ref.label, keyPosition(document, ...segments)),
		path: [SETTINGS_NAMESPACE, ...segments],
	});
}
