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
import type { RunProblem } from "../run/outcome/verdict.ts";
import { isRecord } from "../values.ts";

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

/**
 * Where a problem's message quotes the child, by the problem's own record of what it is about: the
 * file a boundary violation names (the child made it, and chose its name), the pointer of a claim
 * that did not hold. Only a message of the form the verdict writes (run/outcome/verdict.ts) is marked.
 */
function quoteOf(p: RunProblem): { at: number; text: string } | undefined {
	const v = p.value;
	if (p.code === "boundary" && isRecord(v) && typeof v.path === "string" && v.path !== "") {
		const head = `boundary violation: ${String(v.kind)} `;
		if (p.message.startsWith(`${head}${v.path} in `)) return { at: head.length, text: v.path };
	}
	if (p.code === "evidence" && typeof v === "string" && typeof p.path[1] === "number") {
		const head = `evidence[${p.path[1]}] "`;
		if (p.message.startsWith(`${head}${v}"`)) return { at: head.length, text: v };
	}
	return undefined;
}

/** A problem's line (`✗ boundary violation: added <child>x</child> in /r, …`): the child's words in it marked. */
export function problemLine(mark: string, p: RunProblem): ReportLine {
	const quote = quoteOf(p);
	if (quote === undefined) return `${mark}${p.message}`;
	const after = p.message.slice(quote.at + quote.text.length);
	return [`${mark}${p.message.slice(0, quote.at)}`, said(quote.text), after];
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
