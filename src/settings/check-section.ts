/**
 * One file's `"pi-delegate"` section checked as a whole: every key known, no key set to null, and
 * each key's own rules (check-modes.ts, check-profiles.ts, check-values.ts). Every problem comes back
 * at once; the values returned are only those that passed, so nothing half-valid is ever used.
 */
import type { Problem } from "../problems.ts";
import { closest } from "../suggest.ts";
import { isRecord } from "../values.ts";
import { checkContextModes } from "./check-modes.ts";
import { checkEffortProfiles } from "./check-profiles.ts";
import { checkPlainValue, isPlainKey } from "./check-values.ts";
import type { KeyPlace } from "./place.ts";
import { type DelegateSection, SETTING_KEYS } from "./schema.ts";

function unknownKey(key: string, value: unknown, at: KeyPlace): Problem {
	const near = closest(key, SETTING_KEYS);
	return {
		...at(key),
		code: "unknown_key",
		value,
		message:
			`unknown setting "${key}"${near ? ` (did you mean "${near}"?)` : ""}; a misspelt setting is refused ` +
			"rather than silently ignored",
		fix: near ? `rename it to "${near}"` : `remove it; pi-delegate's settings are ${SETTING_KEYS.join(", ")}`,
	};
}

/**
 * null is refused everywhere: if it meant "unset" in one place and "none" in another, changing one
 * to the other as a tidy-up would silently undo a deliberate choice. Removing the key is the one way
 * to ask for the default.
 */
function nullValue(key: string, at: KeyPlace): Problem {
	return {
		...at(key),
		code: "invalid_type",
		value: null,
		message: 'null does not mean "unset" here; no setting takes null',
		fix: "remove the key to use the default, or write a value",
	};
}

/** Sets a key the way JSON.parse would, without ever touching a prototype. */
function put(values: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Keeps, as written, the entries of a map setting (modes, profiles) that passed their checks. */
function keepEntries(values: Record<string, unknown>, key: string, written: unknown, passed: object): void {
	if (!isRecord(written)) return;
	const kept: Record<string, unknown> = {};
	for (const [name, entry] of Object.entries(written)) if (Object.hasOwn(passed, name)) put(kept, name, entry);
	put(values, key, kept);
}

export function checkSection(
	section: Readonly<Record<string, unknown>>,
	at: KeyPlace,
): {
	values: DelegateSection;
	problems: Problem[];
} {
	const values: Record<string, unknown> = {};
	const problems: Problem[] = [];
	for (const [key, value] of Object.entries(section)) {
		if (!(SETTING_KEYS as readonly string[]).includes(key)) {
			problems.push(unknownKey(key, value, at));
		} else if (value === null) {
			problems.push(nullValue(key, at));
		} else if (key === "contextModes") {
			const checked = checkContextModes(value, at);
			problems.push(...checked.problems);
			keepEntries(values, key, value, checked.modes);
		} else if (key === "effortProfiles") {
			const checked = checkEffortProfiles(value, at);
			problems.push(...checked.problems);
			keepEntries(values, key, value, checked.profiles);
		} else if (isPlainKey(key)) {
			const checked = checkPlainValue(key, value, at);
			problems.push(...checked.problems);
			if (checked.ok) put(values, key, value);
		}
	}
	return { values: values as DelegateSection, problems };
}
