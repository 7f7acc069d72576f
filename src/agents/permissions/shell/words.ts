/**
 * One word of a command from bash's syntax tree, as text with holes (template.ts): what bash hands
 * the program, and what was written. Quotes and escapes are taken out as bash takes them out;
 * everything bash decides only while running is a hole — `$VAR`, `${…}`, `$(…)`, `$((…))`, an
 * unquoted glob (`*`, `?`, `[`), a brace (`{a,b}`), a leading `~`, and `$"…"` (`$'…'` is decoded
 * as bash decodes it). A substitution
 * nested in a word is handed to the sink, which collects its commands like any other.
 */
import type { SyntaxNode } from "./syntax-node.ts";
import { HOLE, type Hole, merge, type Word } from "./template.ts";

export interface WordSink {
	/** A statement inside a word (`$(…)`, `<(…)`): its commands run too. */
	nested(node: SyntaxNode): void;
	/** Something an allowlist cannot judge by pattern. */
	construct(what: string): void;
	/** Something no rule can be judged against with certainty. */
	unknowable(what: string): void;
}

type Pieces = Array<string | Hole>;
interface Parts {
	text: Pieces;
	value: Pieces;
}

const hole = (): Parts => ({ text: [HOLE], value: [HOLE] });
const literal = (text: string): Parts => ({ text: [text], value: [text] });

/**
 * An unquoted word: backslashes taken out, a glob character a hole, a `~` at the start (or after
 * `=` or `:`, as in an assignment) a hole up to the next `/`. A `{` or `}` may be a brace expansion,
 * which makes several words of one: the whole word is a hole.
 */
function unquoted(source: string, atStart: boolean): Parts {
	if (/[{}]/.test(source)) return hole();
	const parts: Parts = { text: [], value: [] };
	for (let i = 0; i < source.length; i++) {
		const c = source[i]!;
		if (c === "\\") {
			const next = source[i + 1] ?? "";
			i++;
			if (next === "\n") continue;
			parts.text.push(c + next);
			parts.value.push(next);
		} else if ("*?[".includes(c)) {
			parts.text.push(HOLE);
			parts.value.push(HOLE);
		} else if (c === "~" && (i === 0 ? atStart : "=:".includes(source[i - 1]!))) {
			const end = source.indexOf("/", i);
			i = (end < 0 ? source.length : end) - 1;
			parts.text.push(HOLE);
			parts.value.push(HOLE);
		} else {
			parts.text.push(c);
			parts.value.push(c);
		}
	}
	return parts;
}

/** Inside double quotes a backslash escapes only `$`, a backquote, `"`, `\` and a newline. */
const unescapeQuoted = (text: string) => text.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));

function doubleQuoted(node: SyntaxNode, sink: WordSink): Parts {
	const parts: Parts = { text: ['"'], value: [] };
	const source = node.text;
	let at = 1;
	const content = (end: number) => {
		const raw = source.slice(at, end);
		parts.text.push(raw);
		parts.value.push(unescapeQuoted(raw));
	};
	for (const child of node.children) {
		const [start, end] = [child.startIndex - node.startIndex, child.endIndex - node.startIndex];
		if (!child.isNamed || child.type === "string_content") continue;
		content(start);
		const inner = partsOf(child, sink, false);
		parts.text.push(...inner.text);
		parts.value.push(...inner.value);
		at = end;
	}
	content(source.length - 1);
	parts.text.push('"');
	return parts;
}

const C_ESCAPES: Record<string, string> = {
	a: "\x07",
	b: "\b",
	e: "\x1b",
	E: "\x1b",
	f: "\f",
	n: "\n",
	r: "\r",
	t: "\t",
	v: "\v",
	"\\": "\\",
	"'": "'",
	'"': '"',
	"?": "?",
};

/**
 * `$'…'` as bash decodes it (`$'\x72m'` is `rm`); a control escape (`\cX`) or a NUL, which ends the
 * text early, is left a hole.
 */
function ansiC(source: string): Parts {
	const body = source.slice(2, -1);
	let value = "";
	for (let i = 0; i < body.length; i++) {
		const c = body[i]!;
		if (c !== "\\") {
			value += c;
			continue;
		}
		const rest = body.slice(i + 1);
		const numeric = /^(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3})/.exec(rest)?.[0];
		if (numeric !== undefined) {
			const code = /^[0-7]/.test(numeric) ? Number.parseInt(numeric, 8) : Number.parseInt(numeric.slice(1), 16);
			if (code === 0 || code > 0x10ffff) return { text: [source], value: [HOLE] };
			value += String.fromCodePoint(code);
			i += numeric.length;
		} else if (rest[0] !== undefined && rest[0] in C_ESCAPES) {
			value += C_ESCAPES[rest[0]];
			i++;
		} else if (rest[0] === "c" || rest[0] === undefined) return { text: [source], value: [HOLE] };
		else {
			value += `\\${rest[0]}`;
			i++;
		}
	}
	return { text: [source], value: [value] };
}

/** Pieces written side by side (`a"b"$c`), one word. */
function concatenation(node: SyntaxNode, sink: WordSink): Parts {
	const parts: Parts = { text: [], value: [] };
	let at = node.startIndex;
	for (const child of node.children) {
		if (child.startIndex !== at) sink.unknowable("a word the shell grammar splits unexpectedly");
		const inner = partsOf(child, sink, child.startIndex === node.startIndex);
		parts.text.push(...inner.text);
		parts.value.push(...inner.value);
		at = child.endIndex;
	}
	return parts;
}

/**
 * What lies inside an expansion or arithmetic: substitutions run, and an array index or an
 * arithmetic operand that is a variable is evaluated as arithmetic, where a value such as
 * `a[$(cmd)]` runs cmd — no rule can see that.
 */
export function scanInside(node: SyntaxNode, sink: WordSink): void {
	for (const child of node.children) {
		if (child.type === "command_substitution" || child.type === "process_substitution") {
			partsOf(child, sink, false);
		} else if (child.type === "subscript") {
			const index = child.children.filter((c) => c.isNamed)[1];
			if (index !== undefined && !/^([0-9]+|@|\*)$/.test(index.text)) {
				sink.unknowable("an array index, which bash evaluates as arithmetic (a value may run a command)");
			}
			scanInside(child, sink);
		} else scanInside(child, sink);
	}
}

/** `$((…))`, `((…))`, `for ((…))`: arithmetic over a variable may run what the variable holds. */
export function arithmetic(node: SyntaxNode, sink: WordSink): void {
	const names = (n: SyntaxNode): boolean =>
		["variable_name", "simple_expansion", "expansion", "word"].includes(n.type) || n.children.some(names);
	if (names(node)) sink.unknowable("arithmetic on a variable, whose value bash may run as a command");
	scanInside(node, sink);
}

function substitution(node: SyntaxNode, sink: WordSink): Parts {
	if (node.type === "process_substitution") sink.construct("process substitution");
	else sink.construct(node.text.startsWith("`") ? "command substitution `…`" : "command substitution $(…)");
	// Inside backquotes bash takes `\``, `\$` and `\\` out and reads the text again: `\`rm x\`` nested
	// in one runs rm, where the grammar reads a word.
	if (node.text.startsWith("`") && node.text.includes("\\")) {
		sink.unknowable("a backslash inside `…`, which bash reads again before running it");
	}
	for (const child of node.children) if (child.isNamed && child.type !== "comment") sink.nested(child);
	return hole();
}

function expansion(node: SyntaxNode, sink: WordSink): Parts {
	// `${x@P}` expands x's value as a prompt, which runs the substitutions in it.
	if (/@P\s*\}$/.test(node.text)) sink.unknowable("a prompt expansion (@P), which runs what the variable holds");
	scanInside(node, sink);
	return hole();
}

// Kept whole: one case per kind of word the grammar has, so a reader sees every kind in one place.
function partsOf(node: SyntaxNode, sink: WordSink, atStart: boolean): Parts {
	switch (node.type) {
		case "word":
			return unquoted(node.text, atStart);
		case "number":
		case "variable_name":
			return node.childCount === 0 ? literal(node.text) : expansion(node, sink);
		case "raw_string":
			return { text: [node.text], value: [node.text.slice(1, -1)] };
		case "ansi_c_string":
			return ansiC(node.text);
		case "string":
			return doubleQuoted(node, sink);
		case "concatenation":
			return concatenation(node, sink);
		case "simple_expansion":
		case "expansion":
			return expansion(node, sink);
		case "command_substitution":
		case "process_substitution":
			return substitution(node, sink);
		case "arithmetic_expansion":
			arithmetic(node, sink);
			return hole();
		case "translated_string":
			scanInside(node, sink);
			return hole();
		case "brace_expression":
		case "extglob_pattern":
			return hole();
		case "array":
			for (const child of node.children) if (child.isNamed) partsOf(child, sink, true);
			return hole();
		default:
			sink.unknowable(`shell syntax the check does not know (${node.type})`);
			return hole();
	}
}

/** A word of a command: as written and as run. */
export function wordOf(node: SyntaxNode, sink: WordSink): Word {
	const parts = partsOf(node, sink, true);
	return { text: merge(parts.text), value: merge(parts.value), source: node.text, at: node.startIndex };
}
