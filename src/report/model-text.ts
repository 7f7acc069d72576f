/**
 * The text a calling model reads, assembled from two kinds of part: a line of the report's own, and
 * a child's words. A line of the report's own is kept to one line, whatever it quotes (a problem
 * naming a path the child made, a claim, a doubt), and a child's words go between `<child>` lines
 * (format/child-text.ts). So no line outside a child's block was written by the child, and a reader
 * looking for the report's verdicts and checks finds only the report's. Pure.
 */
import { childBlock, inline } from "../format/child-text.ts";
import { terminalSafe } from "../format/text.ts";

/** A child's words, with the report's line that introduces them (`Deliverable (status ok):`), if any. */
export interface ChildPart {
	child: string;
	label?: string;
}

/** One line of the report's own, or a child's words. */
export type ModelPart = string | ChildPart;

/** A child's words as a part, under `label` when given. */
export function childPart(text: string, label?: string): ChildPart {
	return label === undefined ? { child: text } : { child: text, label };
}

/** The parts as the model reads them: one line each of the report's, a block each of a child's; terminal-safe. */
export function modelText(parts: readonly ModelPart[]): string {
	const lines = parts.map((part) => (typeof part === "string" ? inline(part) : childBlock(part.child, part.label)));
	return terminalSafe(`${lines.join("\n")}\n`);
}
