/**
 * Reading the operator's part of a rendered prompt back into sections. After Pi's own text is
 * narrowed away (or when there was none), what remains is, in Pi's order: the custom prompt (an
 * untagged preamble, only when the operator wrote one), then `<addendum>`, `<project_context>`,
 * `<skills>` (each only when present), `<cwd>` (always), then extension sections.
 *
 * Bodies are not escaped, so an operator's text can contain anything that looks like a section
 * boundary. The reading is the first one — earliest boundaries first — under which the whole text
 * is Pi's layout: sections in Pi's order, joined as Pi joins them, Pi's own framing where Pi writes
 * framing (context files, skills list, one-line cwd), and `<cwd>` present. What can still mislead
 * it is operator text holding, after a blank line, an `<addendum>` line with a matching closing
 * line further down (the one body Pi frames with nothing of its own) — a custom prompt quoting an
 * appended-prompt block, say. The structured path has no such limit, which is why it is preferred.
 */
import { parseProjectContext, parseSkills } from "./section-bodies.ts";
import { closingAt, endsSection } from "./tags.ts";

export interface RenderedSection {
	name: string;
	body: string;
	/** Offsets of the whole section (tags included) in the parsed text. */
	start: number;
	end: number;
}

export interface Layout {
	/** The untagged text above the first section: the operator's custom prompt. */
	preamble?: string;
	sections: RenderedSection[];
}

/** Pi's fixed order of the sections that can follow the preamble; extension sections come after `cwd`. */
const RANK: Readonly<Record<string, number>> = { addendum: 0, project_context: 1, skills: 2, cwd: 3 };
const EXTENSION_RANK = 4;
/** Names an extension section cannot have after `cwd`: Pi would have rendered them in their own place. */
const RESERVED = new Set(["preamble", "tools", "rules", "docs", ...Object.keys(RANK)]);
const OPENING = /<([a-z][a-z0-9_-]*)>\n/y;

/** Whether a body is one Pi could have rendered for that section. */
function plausibleBody(name: string, body: string): boolean {
	switch (name) {
		case "project_context":
			return parseProjectContext(body) !== undefined;
		case "skills":
			return parseSkills(body) !== undefined;
		case "cwd":
			return !body.includes("\n");
		default:
			// Pi renders the appended prompt and extension sections only when they are non-empty.
			return body.length > 0;
	}
}

function parseSections(text: string, pos: number, minRank: number): RenderedSection[] | undefined {
	OPENING.lastIndex = pos;
	const opening = OPENING.exec(text);
	if (!opening) return undefined;
	const name = opening[1]!;
	const rank = RANK[name] ?? EXTENSION_RANK;
	if (rank < minRank) return undefined;
	if (rank === EXTENSION_RANK && (minRank < EXTENSION_RANK || RESERVED.has(name))) return undefined;
	const bodyStart = OPENING.lastIndex;
	const nextRank = rank >= RANK.cwd! ? EXTENSION_RANK : rank + 1;
	for (let close = closingAt(text, name, bodyStart); close !== -1; close = closingAt(text, name, close + 1)) {
		const end = close + name.length + 4;
		const body = text.slice(bodyStart, close);
		if (!endsSection(text, end) || !plausibleBody(name, body)) continue;
		const section = { name, body, start: pos, end };
		if (end === text.length) {
			if (rank >= RANK.cwd!) return [section];
			continue;
		}
		const rest = parseSections(text, end + 2, nextRank);
		if (rest) return [section, ...rest];
	}
	return undefined;
}

/**
 * Reads `text` as Pi's later sections, preceded by a custom-prompt preamble when `preamble` is
 * true. Undefined when the text is not in Pi's tagged layout.
 */
export function parseLayout(text: string, options: { preamble: boolean }): Layout | undefined {
	if (!options.preamble) {
		const sections = parseSections(text, 0, 0);
		return sections ? { sections } : undefined;
	}
	// Pi renders a custom prompt only when it is non-empty, so the preamble has at least one character.
	for (let at = text.indexOf("\n\n<", 1); at !== -1; at = text.indexOf("\n\n<", at + 1)) {
		const sections = parseSections(text, at + 2, 0);
		if (sections) return { preamble: text.slice(0, at), sections };
	}
	return undefined;
}
