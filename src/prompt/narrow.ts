/**
 * Narrowing: removing Pi's own text from a rendered system prompt when only the text is known.
 *
 * Pi (0.86.1 and later) renders its prompt as an untagged preamble followed by tagged sections
 * joined by one blank line. Without a custom prompt the preamble is Pi's base identity and the
 * next sections are its tool surface — `<tools>`, then `<rules>` one blank line below — and its
 * documentation pointer `<docs>`. With a custom prompt Pi renders none of those three. So the
 * tool surface itself is the evidence of Pi's own text, and it is recognised by position, never
 * by wording (the identity sentence has changed between releases and will again):
 *
 * - the `<tools>` line is the first tag line of the prompt, so the text above it holds no tagged
 *   section (Pi's identity is prose) and nothing later — appended prompt, context files — can
 *   supply it;
 * - `</tools>` is followed by one blank line and `<rules>`;
 * - `</rules>` (and `</docs>` after it) is followed by one blank line and the next section's tag,
 *   or ends the prompt, exactly as Pi joins sections.
 *
 * A `<tools>` block an operator wrote fails at least one of these in every realistic prompt: it
 * sits below a tagged section, or inside the appended prompt or a context file (both below other
 * tags), or is not followed by `<rules>` one blank line down, or its file ends with a newline so
 * two blank lines follow `</rules>`. A prompt without Pi's tool surface is the operator's own and
 * is kept whole. The one shape text alone cannot tell apart is a custom prompt that starts with
 * prose and then reproduces Pi's pair exactly, blank lines included; the structured path has no
 * such limit, which is why inheritance prefers it.
 */
import { endsSection, firstTagLine, sectionEnd } from "./tags.ts";

/** A part of Pi's own text removed by narrowing. */
export interface Removal {
	part: "identity" | "tools" | "rules" | "docs";
	/** Offsets into the rendered prompt: `rendered.slice(start, end) === text`. */
	start: number;
	end: number;
	text: string;
	reason: string;
}

export interface Narrowed {
	/** The prompt without Pi's own text: the operator's sections, or the whole prompt when none was found. */
	text: string;
	/** True when Pi's tool surface was found (the parent runs Pi's own prompt). */
	toolSurface: boolean;
	/** What was removed, in prompt order; empty when the prompt is the operator's own. */
	removed: Removal[];
}

export const REMOVAL_REASONS: Readonly<Record<Removal["part"], string>> = {
	identity:
		"Pi's base identity: the text above Pi's tool surface describes the harness the parent runs in, not the child",
	tools: "Pi's tool surface: it lists the parent's tools; a child's own tool list states its tools",
	rules: "Pi's tool rules: guidance for the parent's tools, rendered together with the tool surface",
	docs: "Pi's documentation pointer: it says when to read Pi's own docs, which a delegated task is not about",
};

/** Where Pi's own text lies in a rendered prompt, as `[start, end)` offsets. */
export interface ToolSurface {
	/** The identity is `[0, identityEnd)`. */
	identityEnd: number;
	tools: [number, number];
	rules: [number, number];
	docs?: [number, number];
}

/** Pi's tool surface and docs pointer in `text`, or undefined when the prompt has none. */
export function findToolSurface(text: string): ToolSurface | undefined {
	const toolsStart = firstTagLine(text);
	if (toolsStart < 3 || !text.startsWith("<tools>\n", toolsStart)) return undefined;
	if (text.slice(toolsStart - 2, toolsStart) !== "\n\n") return undefined;
	const toolsEnd = sectionEnd(text, "tools", toolsStart);
	if (toolsEnd === -1 || !text.startsWith("\n\n<rules>\n", toolsEnd)) return undefined;
	const rulesStart = toolsEnd + 2;
	const rulesEnd = sectionEnd(text, "rules", rulesStart);
	if (rulesEnd === -1 || !endsSection(text, rulesEnd)) return undefined;
	const surface: ToolSurface = {
		identityEnd: toolsStart - 2,
		tools: [toolsStart, toolsEnd],
		rules: [rulesStart, rulesEnd],
	};
	if (text.startsWith("\n\n<docs>\n", rulesEnd)) {
		const docsEnd = sectionEnd(text, "docs", rulesEnd + 2);
		if (docsEnd !== -1 && endsSection(text, docsEnd)) surface.docs = [rulesEnd + 2, docsEnd];
	}
	return surface;
}

/** Removes Pi's base identity, tool surface and documentation pointer from a rendered prompt. */
export function narrow(rendered: string): Narrowed {
	const surface = findToolSurface(rendered);
	if (!surface) return { text: rendered, toolSurface: false, removed: [] };
	const spans: Array<[Removal["part"], number, number]> = [
		["identity", 0, surface.identityEnd],
		["tools", ...surface.tools],
		["rules", ...surface.rules],
	];
	if (surface.docs) spans.push(["docs", ...surface.docs]);
	const removed = spans.map(([part, start, end]) => ({
		part,
		start,
		end,
		text: rendered.slice(start, end),
		reason: REMOVAL_REASONS[part],
	}));
	const lastEnd = spans[spans.length - 1]![2];
	// Skip the blank line that joined the last removed section to the first kept one.
	const text = lastEnd === rendered.length ? "" : rendered.slice(lastEnd + 2);
	return { text, toolSurface: true, removed };
}
