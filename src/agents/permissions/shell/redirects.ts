/**
 * A redirection of a simple command, as a rule must see it. Duplicating a descriptor (`2>&1`) and
 * /dev/null are left out of the command's text (`npm test 2>&1` is `npm test`); input from a file
 * is kept as written (`git apply <fix.patch`); output to a file, `<>` (which creates the file) and a
 * here-document are constructs an allowlist refuses. Words bash reads as arguments although they
 * follow a redirection (`sudo >/dev/null rm x` runs `sudo rm x`) come back as arguments.
 */
import type { SyntaxNode } from "./syntax-node.ts";
import { literalOf, merge, type Word } from "./template.ts";
import { type WordSink, wordOf } from "./words.ts";

export interface Redirect {
	/** Arguments of the command written after the redirection. */
	words: Word[];
	/** What a pattern sees of it: an input redirection as written. */
	shown: Word[];
}

const HARMLESS_TARGET = /^(\/dev\/null|\/dev\/stdout|\/dev\/stderr)$/;
const DESCRIPTOR = /^([0-9]+-?|-)$/;

function fileRedirect(node: SyntaxNode, sink: WordSink): Redirect {
	const operator = node.children.find((child) => !child.isNamed)?.text ?? "";
	const targets = node.children.filter((child) => child.isNamed && child.type !== "file_descriptor");
	const words = targets.slice(1).map((target) => wordOf(target, sink));
	const first = targets[0];
	if (first === undefined) return { words, shown: [] };
	const target = wordOf(first, sink);
	const value = literalOf(target.value);
	const duplicates = (operator === ">&" || operator === "<&") && value !== undefined && DESCRIPTOR.test(value);
	if (duplicates || (value !== undefined && HARMLESS_TARGET.test(value))) return { words, shown: [] };
	if (operator === "<") {
		const shown: Word = {
			text: merge([operator, ...target.text]),
			value: merge([operator, ...target.value]),
			source: `${operator}${first.text}`,
			at: node.startIndex,
		};
		return { words, shown: [shown] };
	}
	sink.construct(`output redirected to a file (${operator}${first.text})`);
	return { words, shown: [] };
}

/**
 * `cat <<EOF … EOF`: a construct; an unquoted delimiter lets the body's substitutions run. The
 * grammar hangs what follows on the same line (`| sh`, `> out`, more arguments) on this node.
 */
function hereDocument(node: SyntaxNode, sink: WordSink): Redirect {
	sink.construct("a here-document");
	const redirect: Redirect = { words: [], shown: [] };
	const start = node.children.find((child) => child.type === "heredoc_start")?.text ?? "";
	const expands = !/['"\\]/.test(start);
	for (const child of node.children) {
		if (!child.isNamed || child.type === "heredoc_start" || child.type === "heredoc_end") continue;
		if (child.type === "heredoc_body") {
			if (!expands) continue;
			for (const part of child.children) if (part.isNamed && part.type !== "heredoc_content") wordOf(part, sink);
		} else if (child.type === "file_redirect" || child.type === "herestring_redirect") {
			const inner = redirectOf(child, sink);
			redirect.words.push(...inner.words);
			redirect.shown.push(...inner.shown);
		} else if (
			["word", "string", "raw_string", "concatenation", "simple_expansion", "expansion"].includes(child.type)
		) {
			redirect.words.push(wordOf(child, sink));
		} else sink.nested(child);
	}
	return redirect;
}

/** `cmd <<<word`: input given on the line, kept as written. */
function hereString(node: SyntaxNode, sink: WordSink): Redirect {
	const [first, ...rest] = node.children.filter((child) => child.isNamed && child.type !== "file_descriptor");
	if (first === undefined) return { words: [], shown: [] };
	const target = wordOf(first, sink);
	const shown: Word = {
		text: merge(["<<<", ...target.text]),
		value: merge(["<<<", ...target.value]),
		source: `<<<${first.text}`,
		at: node.startIndex,
	};
	return { words: rest.map((word) => wordOf(word, sink)), shown: [shown] };
}

export function redirectOf(node: SyntaxNode, sink: WordSink): Redirect {
	if (node.type === "heredoc_redirect") return hereDocument(node, sink);
	if (node.type === "herestring_redirect") return hereString(node, sink);
	return fileRedirect(node, sink);
}
