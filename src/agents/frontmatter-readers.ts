/**
 * Whether the tool a file was written for reads its frontmatter as it is. A block that is not valid
 * YAML is read here entry by entry (frontmatter-recover.ts), and the listing used to tell its author
 * to quote the prose "for stricter tools" — on files their own tool reads without complaint. Each
 * tool has its own leniency, applied here to the same block:
 *
 * - Claude Code parses the block, and on failure quotes every unindented `key: value` line whose
 *   value holds a YAML indicator (`: `, `#`, `{`, `[`, `*`, `&`, `!`, `|`, `>`, `%`, `@`, a
 *   backquote) and is not already quoted, then parses again (its frontmatterParser).
 * - OpenCode parses the block (gray-matter), and on failure turns every unindented `key: value`
 *   line whose unquoted value holds a colon into a block scalar, then parses again
 *   (config/markdown.ts `fallbackSanitization`).
 * - Pi's own frontmatter reader, which Pi packages' agent files go through, parses the block once.
 *
 * So the note is given only when the file's own tool would fail on it too. Pure.
 */
import { parseDocument } from "yaml";

/** The tool a file is written for, from the folder it is in: Pi's (and other Pi packages') otherwise. */
export type AgentFormat = "claude" | "opencode";

const CLAUDE_KEY_LINE = /^([a-zA-Z_-]+):\s+(.+)$/;
const CLAUDE_SPECIAL = /[{}[\]*&#!|>%@`]|: /;
const OPENCODE_KEY_LINE = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/;

const quoted = (value: string) =>
	(value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"));

/** Claude Code's second reading of a block: problematic values double-quoted. */
function claudeQuoted(lines: readonly string[]): string[] {
	return lines.map((line) => {
		const match = CLAUDE_KEY_LINE.exec(line);
		const [, key, value] = match ?? [];
		if (key === undefined || value === undefined || quoted(value) || !CLAUDE_SPECIAL.test(value)) return line;
		return `${key}: "${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
	});
}

/** OpenCode's second reading of a block: a value with a colon turned into a block scalar. */
function openCodeSanitized(lines: readonly string[]): string[] {
	return lines.flatMap((line) => {
		if (line.trim() === "" || line.trim().startsWith("#") || /^\s/.test(line)) return [line];
		const [, key, raw] = OPENCODE_KEY_LINE.exec(line) ?? [];
		const value = raw?.trim() ?? "";
		if (key === undefined || ["", ">", "|"].includes(value) || /^["']/.test(value) || !value.includes(":"))
			return [line];
		return [`${key}: |-`, `  ${value}`];
	});
}

/** Whether YAML reads the block as a map of keys, without errors. */
function readsAsMap(lines: readonly string[]): boolean {
	const doc = parseDocument(lines.join("\n"), { uniqueKeys: true });
	if (doc.errors.length > 0) return false;
	try {
		const data: unknown = doc.toJS();
		return typeof data === "object" && data !== null && !Array.isArray(data);
	} catch {
		return false;
	}
}

/** Whether the tool a file is written for reads this (invalid YAML) block after its own second reading. */
export function ownToolReads(format: AgentFormat | undefined, block: readonly string[]): boolean {
	if (format === "claude") return readsAsMap(claudeQuoted(block));
	if (format === "opencode") return readsAsMap(openCodeSanitized(block));
	return false;
}
