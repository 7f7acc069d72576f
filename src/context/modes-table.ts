/**
 * What `/modes` (and `pi-delegate modes`) shows: every mode, what it expands to, and where it was
 * defined. Data first (rows a renderer can lay out however it likes), then the cells of a plain
 * terminal table.
 */
import type { ModeRegistry } from "./modes.ts";
import type { ContextPrimitives } from "./primitives.ts";

export interface ModeRow {
	name: string;
	/** Other names that select this mode. */
	aliases: string[];
	isDefault: boolean;
	primitives: ContextPrimitives;
	/** `built-in`, or the settings file that defines it. */
	source: string;
	/** The global settings file whose mode of the same name this one hides. */
	overrides?: string;
	description: string;
}

/** One row per mode, built-ins first, then settings modes by name. */
export function listModes(registry: ModeRegistry): ModeRow[] {
	const aliasesOf = (name: string) =>
		[...registry.aliases.entries()].filter(([, target]) => target === name).map(([alias]) => alias);
	return [...registry.modes.values()].map((mode) => {
		const row: ModeRow = {
			name: mode.name,
			aliases: aliasesOf(mode.name),
			isDefault: mode.name === registry.defaultMode,
			primitives: { ...mode.primitives },
			source: mode.source.kind === "built-in" ? "built-in" : mode.source.label,
			description: mode.description,
		};
		if (mode.overrides) row.overrides = mode.overrides.kind === "built-in" ? "built-in" : mode.overrides.label;
		return row;
	});
}

export const MODE_TABLE_HEADER = ["mode", "context", "main rules", "skills", "prompt", "defined in", "what it is for"];

/** The cells of the `/modes` table: channels as in/out, the prompt mode as append/replace. */
export function modeTableCells(rows: readonly ModeRow[]): string[][] {
	const inOut = (value: boolean) => (value ? "in" : "out");
	return rows.map((row) => {
		const notes = [row.isDefault ? "default" : "", ...row.aliases.map((a) => `alias ${a}`)].filter((n) => n !== "");
		const source = row.overrides ? `${row.source} (over ${row.overrides})` : row.source;
		return [
			notes.length > 0 ? `${row.name} (${notes.join(", ")})` : row.name,
			inOut(row.primitives.inheritProjectContext),
			inOut(row.primitives.inheritMainRules),
			inOut(row.primitives.inheritSkills),
			row.primitives.systemPromptMode,
			source,
			row.description,
		];
	});
}
