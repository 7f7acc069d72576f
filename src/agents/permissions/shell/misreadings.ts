/**
 * Where tree-sitter's bash grammar may read a line otherwise than bash does. It recovers instead of
 * stopping, so a tree without an error can still be a misreading; these are the ones found, each
 * refused rather than judged (walk.ts). test/agents/permissions/command-policy.test.ts holds an example of each.
 */
import type { SyntaxNode } from "./syntax-node.ts";

/**
 * bash's reserved words: never a command's name unless quoted. A simple command the grammar says is
 * named by one (`then rm y` out of `time if true; then rm y; fi`) is a misreading of a compound command.
 */
const RESERVED = new Set([
	"!",
	"[[",
	"]]",
	"{",
	"}",
	"(",
	")",
	"case",
	"do",
	"done",
	"elif",
	"else",
	"esac",
	"fi",
	"for",
	"function",
	"if",
	"in",
	"select",
	"then",
	"until",
	"while",
]);

/** Reserved words the grammar reads as a command's name, which take a compound command after them. */
const OPENS = new Set(["time", "coproc"]);

/** Why a simple command whose words are `sources` is a misreading, or undefined. */
export function misreadName(sources: readonly string[]): string | undefined {
	const [name, next] = sources;
	if (name === undefined) return undefined;
	const word = RESERVED.has(name)
		? name
		: OPENS.has(name) && next !== undefined && RESERVED.has(next)
			? next
			: undefined;
	return word === undefined ? undefined : `a reserved word (${word}) where the grammar read a command`;
}

/**
 * Every stretch between two tokens of the tree must be blank: bash's grammar in tree-sitter skips
 * some text as if it were space (`\ ` outside a word), where bash reads it as part of a word.
 */
export function uncovered(root: SyntaxNode, text: string): string | undefined {
	let at = 0;
	const gaps: string[] = [];
	const visit = (node: SyntaxNode) => {
		const whole = node.childCount === 0 || ["string", "raw_string", "heredoc_body", "comment"].includes(node.type);
		if (!whole) {
			for (const child of node.children) visit(child);
			return;
		}
		gaps.push(text.slice(at, node.startIndex));
		at = Math.max(at, node.endIndex);
	};
	visit(root);
	gaps.push(text.slice(at));
	// A line continuation is removed before bash splits words: with no blank beside it, what stands
	// on either side is one word (`a\⏎#b` is `a#b`), where the grammar sees two, or a comment.
	const joins = (gap: string) => gap.includes("\\\n") && !/[ \t\n]/.test(gap.replaceAll("\\\n", ""));
	return gaps.find((gap) => !/^(?:[ \t\n]|\\\n)*$/.test(gap) || joins(gap));
}
