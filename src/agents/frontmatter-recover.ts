/**
 * A second reading of frontmatter that is not valid YAML, for the one mistake agent files make all
 * the time: a description written as prose. Claude Code's own agent generator writes descriptions
 * such as `description: Use this agent when … Examples: <example>Context: … user: "…"</example>`
 * unquoted, and collections (Anthropic's plugins among them) continue one over several unindented
 * lines of dialogue. A YAML parser reads each `: ` in them as a nested mapping and gives up on the
 * whole file, so the agent and every restriction in it would be lost over its prose.
 *
 * The second reading splits the block into entries at the lines that start a known key, parses each
 * entry on its own, and takes the entry of a free-text key (a description) as plain text when YAML
 * cannot read it. It is narrow on purpose: an entry of any other key must still be valid YAML by
 * itself, so nothing that decides what a child may do is ever guessed; the lines folded into a
 * description are lines no YAML reader takes as keys either (the block as a whole does not parse),
 * so no other tool honours them; and a key given twice still fails. The loader tells the reader
 * which lines were read as text, so the file can be fixed for stricter tools.
 */
import { parseDocument } from "yaml";
import type { AgentNote } from "./definition.ts";

/** The lines (1-based, of the YAML block) of one entry read as plain text. */
export interface RecoveredEntry {
	key: string;
	first: number;
	last: number;
}

export interface RecoveryKeys {
	/** Keys that start an entry: a line beginning `key:` with another word is part of the entry above. */
	entryKeys: ReadonlySet<string>;
	/** Keys whose value is prose, read as plain text when it is not valid YAML. */
	textKeys: ReadonlySet<string>;
}

export interface Recovered {
	data: Record<string, unknown>;
	recovered: RecoveredEntry[];
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*:(?=[ \t]|$)/;
/** A block scalar's header (`|`, `>-`, `|2`), left behind when its lines are not indented. */
const BLOCK_HEADER = /^[|>][+-]?[1-9]?[+-]?$/;
const IGNORABLE = /^[ \t]*(#.*)?$/;
const BLANK = /^[ \t]*$/;

interface Entry {
	key: string;
	/** Index of the entry's first line in the block. */
	start: number;
	lines: string[];
}

function splitEntries(lines: readonly string[], keys: RecoveryKeys): Entry[] | undefined {
	const entries: Entry[] = [];
	for (const [index, line] of lines.entries()) {
		const key = KEY_LINE.exec(line)?.[1];
		if (key !== undefined && keys.entryKeys.has(key)) {
			entries.push({ key, start: index, lines: [line] });
			continue;
		}
		const current = entries.at(-1);
		if (current) current.lines.push(line);
		else if (!IGNORABLE.test(line)) return undefined;
	}
	return entries;
}

/**
 * The entry parsed as YAML on its own when it is exactly `key: value`; "prose" when YAML cannot read
 * it (errors), "other" when it reads as something else or only with warnings (an unresolved tag is
 * deliberate YAML, not prose, and stays an error).
 */
function parseEntry(entry: Entry): { value: unknown } | "prose" | "other" {
	const doc = parseDocument(entry.lines.join("\n"), { uniqueKeys: true });
	if (doc.errors.length > 0) return "prose";
	if (doc.warnings.length > 0) return "other";
	try {
		const data: unknown = doc.toJS();
		if (typeof data !== "object" || data === null || Array.isArray(data)) return "prose";
		const keys = Object.keys(data);
		return keys.length === 1 && keys[0] === entry.key
			? { value: (data as Record<string, unknown>)[entry.key] }
			: "prose";
	} catch {
		return "other";
	}
}

/**
 * Whether a line folded into the prose is a known key out of place (` disallowedTools: Bash`,
 * indented by mistake): its author meant a setting, maybe a restriction, and reading it as text
 * would drop it. Dialogue (`user:`, `Context:`) is no key, and stays text.
 */
function hidesKey(entry: Entry, keys: RecoveryKeys): boolean {
	return entry.lines.slice(1).some((line) => {
		const key = KEY_LINE.exec(line.trimStart())?.[1];
		return key !== undefined && keys.entryKeys.has(key);
	});
}

/** The entry's text after `key:`, its lines trimmed at the end and blank lines at either end dropped. */
function plainText(entry: Entry): string {
	const [head = "", ...rest] = entry.lines;
	const first = head.replace(KEY_LINE, "").trim();
	const lines = [BLOCK_HEADER.test(first) ? "" : first, ...rest].map((line) => line.trimEnd());
	const indent = Math.min(
		...rest.filter((line) => line.trim() !== "").map((line) => line.length - line.trimStart().length),
	);
	const dedented = lines.map((line, i) => (i > 0 && Number.isFinite(indent) ? line.slice(indent) : line));
	return dedented.join("\n").trim();
}

/**
 * Reads `lines` (the YAML block) entry by entry; undefined when that does not give a whole reading,
 * in which case the YAML parser's own errors are the ones to report.
 */
export function recoverFrontmatter(lines: readonly string[], keys: RecoveryKeys): Recovered | undefined {
	const entries = splitEntries(lines, keys);
	if (!entries || entries.length === 0) return undefined;
	const data: Record<string, unknown> = {};
	const recovered: RecoveredEntry[] = [];
	for (const entry of entries) {
		if (Object.hasOwn(data, entry.key)) return undefined;
		const parsed = parseEntry(entry);
		if (typeof parsed === "object") {
			data[entry.key] = parsed.value;
			continue;
		}
		if (parsed === "other" || !keys.textKeys.has(entry.key) || hidesKey(entry, keys)) return undefined;
		data[entry.key] = plainText(entry);
		let last = entry.start + entry.lines.length;
		while (last > entry.start + 1 && BLANK.test(lines[last - 1] ?? "")) last--;
		recovered.push({ key: entry.key, first: entry.start + 1, last });
	}
	return recovered.length > 0 ? { data, recovered } : undefined;
}

/** What the listing says of an entry read as text: its lines, and how to make it valid YAML. */
export function recoveredNote({ key, first, last }: RecoveredEntry): AgentNote {
	const lines = first === last ? `line ${first}` : `lines ${first}–${last}`;
	return {
		key,
		message: `not valid YAML, read as plain text (${lines}); quote it, or indent it under "${key}: |", for stricter tools`,
	};
}
