/**
 * A command line's syntax tree (bash's grammar, grammar.ts) walked into the simple commands bash
 * would run, each as words with holes (words.ts), and the constructs a rule must know about: what
 * an allowlist cannot judge by pattern (a subshell, a loop, a substitution, output to a file) and
 * what no rule can judge with certainty (a syntax error, arithmetic over a variable, a node the
 * walk does not know). Commands nested anywhere — in `$(…)`, a loop, a function's body, a here-doc
 * — are collected with the rest, so a denial finds them.
 */
import { misreadName, uncovered } from "./misreadings.ts";
import { redirectOf } from "./redirects.ts";
import type { SyntaxNode } from "./syntax-node.ts";
import { literalOf, merge, type Word } from "./template.ts";
import { arithmetic, scanInside, type WordSink, wordOf } from "./words.ts";

export interface Assignment {
	name: string;
	value: Word | undefined;
}

export interface SimpleCommand {
	/** The words a pattern sees, as written and in order: assignments, program, arguments, input redirections. */
	shown: Word[];
	/** The program and its arguments. */
	argv: Word[];
	/** The variables it sets, for itself (`PAGER=… git log`) or the shell (`export`, `X=1`). */
	sets: Assignment[];
}

export interface Collected {
	commands: SimpleCommand[];
	/** What an allowlist cannot judge by pattern, each once: "a subshell ( … )". */
	constructs: string[];
	/** What no rule can be judged against with certainty, each once. */
	unknowable: string[];
	/** Why the tree cannot be trusted to be the line bash reads: then nothing else is. */
	unreadable: string[];
}

/** Deeper than this, a line is refused rather than walked (and the walk's stack stays small). */
const MAX_DEPTH = 64;

const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

/** Nodes that hold statements only. */
const BLOCKS = new Set(["program", "list", "pipeline", "do_group", "else_clause", "elif_clause"]);

/** Compound statements: the words they open with, as the model reads them in a refusal. */
const SYNTAX: Record<string, string> = {
	negated_command: "shell syntax (!)",
	subshell: "a subshell ( … )",
	if_statement: "shell syntax (if)",
	for_statement: "shell syntax (for)",
	c_style_for_statement: "shell syntax (for)",
	case_statement: "shell syntax (case)",
	function_definition: "a function definition",
};

const STATEMENTS = new Set([
	...BLOCKS,
	...Object.keys(SYNTAX),
	"command",
	"redirected_statement",
	"compound_statement",
	"while_statement",
	"test_command",
	"declaration_command",
	"unset_command",
	"variable_assignment",
	"variable_assignments",
]);

/** Comparisons inside `[[ … ]]` that evaluate their operands as arithmetic. */
const ARITHMETIC_TESTS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

const named = (node: SyntaxNode) => node.children.filter((child) => child.isNamed && child.type !== "comment");

class Walk implements WordSink {
	readonly commands: SimpleCommand[] = [];
	readonly constructs = new Set<string>();
	readonly unknowables = new Set<string>();
	readonly unreadables = new Set<string>();
	private depth = 0;

	construct(what: string): void {
		this.constructs.add(what);
	}

	unknowable(what: string): void {
		this.unknowables.add(what);
	}

	nested(node: SyntaxNode): void {
		this.statement(node);
	}

	statement(node: SyntaxNode): void {
		if (this.depth >= MAX_DEPTH) {
			this.unknowable(`commands nested more than ${MAX_DEPTH} deep`);
			return;
		}
		this.depth++;
		try {
			this.dispatch(node);
		} finally {
			this.depth--;
		}
	}

	/** Statements and words mixed (`for x in $(ls); do …`, `case $x in a) …`): words may hold substitutions. */
	private mixed(node: SyntaxNode): void {
		for (const child of named(node)) {
			if (STATEMENTS.has(child.type)) this.statement(child);
			else if (child.type === "case_item") this.mixed(child);
			else if (child.type !== "variable_name" || child.childCount > 0) wordOf(child, this);
		}
	}

	private dispatch(node: SyntaxNode): void {
		const syntax = SYNTAX[node.type];
		if (syntax !== undefined) this.construct(syntax);
		if (BLOCKS.has(node.type) || syntax !== undefined) {
			if (node.type === "c_style_for_statement") this.cStyleFor(node);
			else if (node.type === "function_definition") for (const body of named(node).slice(1)) this.statement(body);
			else this.mixed(node);
		} else if (node.type === "command") this.simple(node, []);
		else if (node.type === "redirected_statement") this.redirected(node);
		else if (node.type === "compound_statement") this.compound(node);
		else if (node.type === "while_statement") {
			this.construct(`shell syntax (${node.children[0]?.type ?? "while"})`);
			this.mixed(node);
		} else if (node.type === "test_command") this.test(node);
		else if (node.type === "declaration_command" || node.type === "unset_command") this.declaration(node);
		else if (node.type === "variable_assignment" || node.type === "variable_assignments") this.assignments(node);
		else this.unknowable(`shell syntax the check does not know (${node.type})`);
	}

	private cStyleFor(node: SyntaxNode): void {
		for (const child of named(node)) {
			if (STATEMENTS.has(child.type)) this.statement(child);
			else arithmetic(child, this);
		}
	}

	private compound(node: SyntaxNode): void {
		if (node.children[0]?.type === "((") {
			this.construct("arithmetic (( … ))");
			arithmetic(node, this);
			return;
		}
		this.construct("shell syntax ({)");
		this.mixed(node);
	}

	/** `[ … ]` and `[[ … ]]`: their operands may hold substitutions; `[[`'s -eq and kin evaluate arithmetic. */
	private test(node: SyntaxNode): void {
		this.construct(`shell syntax (${node.children[0]?.type ?? "["})`);
		const visit = (n: SyntaxNode): void => {
			const operator = n.children.find((c) => c.type === "test_operator")?.text;
			const operands = named(n).filter((c) => c.type !== "test_operator");
			if (node.children[0]?.type === "[[" && operator !== undefined && ARITHMETIC_TESTS.has(operator)) {
				if (operands.some((o) => !/^-?[0-9]+$/.test(o.text))) arithmetic(n, this);
			}
			for (const child of operands) {
				if (STATEMENTS.has(child.type)) this.statement(child);
				else if (["binary_expression", "unary_expression", "parenthesized_expression"].includes(child.type))
					visit(child);
				else if (child.type !== "regex") wordOf(child, this);
			}
		};
		visit(node);
	}

	/** `a=1 b=2 cmd`, `export A=1`, `X=1` alone: an assignment as a word, and what it sets. */
	assignment(node: SyntaxNode): { word: Word; set: Assignment } {
		const [name, value] = named(node);
		if (name?.type === "subscript") scanInside(node, this);
		const word = value === undefined ? undefined : wordOf(value, this);
		const operator = node.text.slice(name?.text.length ?? 0, value ? value.startIndex - node.startIndex : undefined);
		const head = `${name?.text ?? ""}${operator}`;
		const shown: Word = {
			text: merge([head, ...(word?.text ?? [])]),
			value: merge([head, ...(word?.value ?? [])]),
			source: node.text,
			at: node.startIndex,
		};
		return { word: shown, set: { name: name?.text ?? "", value: word } };
	}

	private assignments(node: SyntaxNode): void {
		const all = node.type === "variable_assignment" ? [node] : named(node);
		const made = all.map((child) => this.assignment(child));
		this.commands.push({ shown: made.map((m) => m.word), argv: [], sets: made.map((m) => m.set) });
	}

	/** `export A=1 B`, `declare -i n`, `unset x`: a command whose arguments may be assignments. */
	private declaration(node: SyntaxNode): void {
		const keyword = node.children[0];
		const argv: Word[] = keyword ? [{ text: [keyword.text], value: [keyword.text], source: keyword.text, at: 0 }] : [];
		const sets: Assignment[] = [];
		for (const child of named(node)) {
			if (child.type === "variable_assignment") {
				const made = this.assignment(child);
				argv.push(made.word);
				sets.push(made.set);
			} else argv.push(wordOf(child, this));
		}
		const flags = argv.slice(1).map((w) => literalOf(w.value) ?? "");
		if (flags.some((f) => /^-[a-zA-Z]*i/.test(f)))
			this.unknowable("an integer variable, whose values bash evaluates as arithmetic");
		this.commands.push({ shown: argv, argv, sets });
	}

	private redirected(node: SyntaxNode): void {
		const body = named(node).find((child) => !REDIRECTS.has(child.type));
		const redirects = named(node).filter((child) => REDIRECTS.has(child.type));
		if (body?.type === "command") {
			this.simple(body, redirects);
			return;
		}
		if (body !== undefined) this.statement(body);
		for (const redirect of redirects) {
			if (redirectOf(redirect, this).words.length > 0)
				this.unknowable("words after a redirection of a compound command");
		}
	}

	private simple(node: SyntaxNode, outer: readonly SyntaxNode[]): void {
		const command: SimpleCommand = { shown: [], argv: [], sets: [] };
		for (const child of [...named(node), ...outer]) {
			if (child.type === "variable_assignment") {
				const made = this.assignment(child);
				command.shown.push(made.word);
				command.sets.push(made.set);
			} else if (REDIRECTS.has(child.type)) {
				const redirect = redirectOf(child, this);
				command.argv.push(...redirect.words);
				command.shown.push(...redirect.shown);
			} else if (child.type === "command_name") {
				const [name] = named(child);
				if (name !== undefined) command.argv.push(wordOf(name, this));
			} else if (child.type === "subshell") this.unknowable("a subshell inside a command's words");
			else command.argv.push(wordOf(child, this));
		}
		command.shown.push(...command.argv);
		command.shown.sort((a, b) => a.at - b.at);
		command.argv.sort((a, b) => a.at - b.at);
		const misread = misreadName(command.argv.map((word) => word.source));
		if (misread !== undefined) this.unreadables.add(misread);
		this.commands.push(command);
	}
}

/** The simple commands of a parsed line and the constructs a rule must know about. */
export function collect(root: SyntaxNode, text: string): Collected {
	const walk = new Walk();
	if (root.hasError) {
		const unreadable = ["a syntax error or an unterminated quote or substitution, which bash would refuse"];
		return { commands: [], constructs: [], unknowable: [], unreadable };
	}
	const gap = uncovered(root, text);
	if (gap !== undefined) walk.unreadables.add(`text the shell grammar skips (${JSON.stringify(gap.trim() || gap)})`);
	walk.statement(root);
	const unreadable = [...walk.unreadables];
	return { commands: walk.commands, constructs: [...walk.constructs], unknowable: [...walk.unknowables], unreadable };
}
