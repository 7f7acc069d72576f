/**
 * Reading the bodies of the two sections whose framing Pi writes itself around the operator's
 * content: `<project_context>` (each context file wrapped in `<project_instructions>`) and
 * `<skills>` (Pi's own lines of instruction, then one escaped entry per skill the model is shown).
 * Pi's framing text is dropped: a child's own Pi writes its own around what the child inherits.
 */
import type { ContextFile, SkillEntry } from "./channels.ts";

const CONTEXT_INTRO = "Project-specific instructions and guidelines:\n\n";
const FILE_OPEN = '<project_instructions path="';
const FILE_CLOSE = "\n</project_instructions>";

function parseFiles(body: string, pos: number): ContextFile[] | undefined {
	if (!body.startsWith(FILE_OPEN, pos)) return undefined;
	const pathEnd = body.indexOf('">\n', pos + FILE_OPEN.length);
	if (pathEnd === -1) return undefined;
	const path = body.slice(pos + FILE_OPEN.length, pathEnd);
	if (path.includes("\n")) return undefined;
	const contentStart = pathEnd + 3;
	// File content is not escaped, so it may quote a closing tag; the first candidate after which
	// the rest still reads as Pi's framing wins.
	let close = body.indexOf(FILE_CLOSE, contentStart);
	while (close !== -1) {
		const end = close + FILE_CLOSE.length;
		const file = { path, content: body.slice(contentStart, close) };
		if (end === body.length) return [file];
		if (body.startsWith(`\n\n${FILE_OPEN}`, end)) {
			const rest = parseFiles(body, end + 2);
			if (rest) return [file, ...rest];
		}
		close = body.indexOf(FILE_CLOSE, close + 1);
	}
	return undefined;
}

/** The context files in a `<project_context>` body, or undefined when it is not Pi's framing. */
export function parseProjectContext(body: string): ContextFile[] | undefined {
	if (!body.startsWith(CONTEXT_INTRO)) return undefined;
	return parseFiles(body, CONTEXT_INTRO.length);
}

const LIST_OPEN = "\n\n<available_skills>\n";
const LIST_CLOSE = "</available_skills>";
const ENTRY =
	/ {2}<skill>\n {4}<name>([^<]*)<\/name>\n {4}<description>([^<]*)<\/description>\n {4}<location>([^<]*)<\/location>\n {2}<\/skill>\n/y;
const ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };

/** Undoes Pi's XML escaping in one pass, so `&amp;lt;` reads back as `&lt;`. */
export function unescapeXml(text: string): string {
	return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ENTITIES[name]!);
}

/** The skills listed in a `<skills>` body, or undefined when it is not Pi's framing. */
export function parseSkills(body: string): SkillEntry[] | undefined {
	const open = body.indexOf(LIST_OPEN);
	// Pi's lines above the list are plain prose without blank lines or markup; anything else means
	// this body also spans text that is not Pi's (an operator's quoted <skills> block and more).
	if (open === -1 || /\n\n|</.test(body.slice(0, open))) return undefined;
	const skills: SkillEntry[] = [];
	let pos = open + LIST_OPEN.length;
	for (;;) {
		ENTRY.lastIndex = pos;
		const match = ENTRY.exec(body);
		if (!match) break;
		skills.push({
			name: unescapeXml(match[1]!),
			description: unescapeXml(match[2]!),
			filePath: unescapeXml(match[3]!),
			// Pi prints only the skills the model may invoke.
			disableModelInvocation: false,
		});
		pos = ENTRY.lastIndex;
	}
	if (skills.length === 0 || body.slice(pos) !== LIST_CLOSE) return undefined;
	return skills;
}
