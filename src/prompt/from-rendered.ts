/**
 * The fallback reading: the operator's channels recovered from a rendered prompt alone, by
 * narrowing away Pi's own text and reading the rest back into Pi's sections.
 */

import { BLANK_NOTES, hasWords } from "./blank.ts";
import type { InheritedChannels, Omission } from "./channels.ts";
import { parseLayout } from "./layout.ts";
import { type Narrowed, narrow } from "./narrow.ts";
import { parseProjectContext, parseSkills } from "./section-bodies.ts";

export interface Reading {
	channels: InheritedChannels;
	omitted: Omission[];
	notes: string[];
}

export const CWD_REASON = "the parent's working directory: a child's own Pi states the child's";
export const EXTENSION_REASON =
	"a section an extension of the parent added: a child's own extensions add their own, and no operator wrote it";

/** Reads the operator's channels out of a rendered prompt. */
export function readRendered(rendered: string): Reading & { narrowed: Narrowed } {
	const narrowed = narrow(rendered);
	const channels: InheritedChannels = {};
	const omitted: Omission[] = narrowed.removed.map(({ part, reason, text }) => ({ part, reason, text }));
	const notes: string[] = [];
	if (narrowed.text === "") return { channels, omitted, notes, narrowed };
	const layout = parseLayout(narrowed.text, { preamble: !narrowed.toolSurface });
	if (!layout) {
		channels.base = { provenance: "narrowed", text: narrowed.text };
		notes.push(
			narrowed.toolSurface
				? "the text below Pi's tool surface is not in Pi's section layout; it is kept whole as the operator's"
				: "the prompt is not in Pi's tagged layout (Pi 0.86.1 and later) and has no Pi tool surface; it is kept whole as the operator's",
		);
		return { channels, omitted, notes, narrowed };
	}
	if (hasWords(layout.preamble)) channels.base = { provenance: "narrowed", text: layout.preamble };
	else if (layout.preamble !== undefined) notes.push(BLANK_NOTES.base);
	for (const section of layout.sections) {
		if (section.name === "addendum") {
			if (hasWords(section.body)) channels.mainRules = { provenance: "narrowed", text: section.body };
			else notes.push(BLANK_NOTES.mainRules);
		} else if (section.name === "project_context") {
			channels.projectContext = { provenance: "narrowed", files: parseProjectContext(section.body)! };
		} else if (section.name === "skills")
			channels.skills = { provenance: "narrowed", skills: parseSkills(section.body)! };
		else if (section.name === "cwd") omitted.push({ part: "cwd", reason: CWD_REASON, text: section.body });
		else omitted.push({ part: "extensionSection", name: section.name, reason: EXTENSION_REASON, text: section.body });
	}
	return { channels, omitted, notes, narrowed };
}
