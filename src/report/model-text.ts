/**
 * The text a calling model reads, assembled from the report's own lines and a child's words. A
 * line of the report's is kept to one line, whatever it quotes (a problem naming a path the child
 * made), with no tag but those the report puts there; a child's words on it (a claim, a doubt) go
 * between `<child>` and `</child>` on that line, and a child's block of words (a deliverable)
 * between `<child>` and `</child>` lines (format/child-text.ts). So nothing outside the tags was
 * written by the child, and the verdicts and checks a reader finds there are the report's. Pure.
 */
import { childBlock, childInline, inline } from "../format/child-text.ts";
import { terminalSafe } from "../format/text.ts";

/** A child's words inside one of the report's lines. */
export interface ChildWords {
	child: string;
}

/** One line of the report's own: plain, or its text with a child's words in places. */
export type ReportLine = string | ReadonlyArray<string | ChildWords>;

/** A child's words as a block of their own, at the end of the report's line that introduces them, if any. */
export interface ChildBlock {
	block: string;
	label?: string;
}

export type ModelPart = ReportLine | ChildBlock;

/** A child's words, for a place in one of the report's lines. */
export function said(text: string): ChildWords {
	return { child: text };
}

/** A child's words as a block, under `label` when given. */
export function childPart(text: string, label?: string): ChildBlock {
	return label === undefined ? { block: text } : { block: text, label };
}

function render(part: ModelPart): string {
	if (typeof part === "string") return inline(part);
	if ("block" in part) return childBlock(part.block, part.label);
	return part.map((segment) => (typeof segment === "string" ? inline(segment) : childInline(segment.child))).join("");
}

/** The parts as the model reads them: one line each of the report's, a block each of a child's; terminal-safe. */
export function modelText(parts: readonly ModelPart[]): string {
	return terminalSafe(`${parts.map(render).join("\n")}\n`);
}
