/**
 * A bash command line cut into its simple commands, the way a per-command rule must see it: `git
 * status && rm -rf x` is two commands, and a rule that allows the first says nothing of the second.
 * Pure, and deliberately not a full shell parser: it knows quoting, escapes, comments, the command
 * separators and redirections, and it names every construct whose effect a pattern over the text
 * cannot see (command substitution, a subshell, a here-document, output redirected to a file, a
 * command named by a variable). A checker that allows only listed commands refuses those; one that
 * only denies some looks inside them as well (`nested`).
 */

export interface CommandLine {
	/** Each simple command, whitespace outside quotes collapsed, harmless redirections left out. */
	commands: string[];
	/** What a pattern over the text cannot judge, in words, each once. */
	opaque: string[];
	/** Texts inside the line that may run as commands of their own: `$(…)`, backquotes, quoted strings (`bash -c '…'`). */
	nested: string[];
}

/** Redirection targets that neither write a file nor read one a rule would care about. */
const HARMLESS_TARGET = /^(&[0-9]+-?|&-|\/dev\/null|\/dev\/stdout|\/dev\/stderr)$/;

/** Words that open shell syntax a pattern cannot follow when they stand where a command's name does. */
const KEYWORDS = new Set([
	"if",
	"then",
	"else",
	"elif",
	"fi",
	"for",
	"while",
	"until",
	"do",
	"done",
	"case",
	"esac",
	"select",
	"function",
	"coproc",
	"{",
	"}",
	"!",
	"[[",
	"]]",
]);

class Scanner {
	readonly commands: string[] = [];
	readonly opaque = new Set<string>();
	readonly nested: string[] = [];
	private current = "";
	private at = 0;
	private readonly text: string;

	constructor(text: string) {
		this.text = text;
	}

	scan(): CommandLine {
		while (this.at < this.text.length) this.step();
		this.endCommand();
		return { commands: this.commands, opaque: [...this.opaque], nested: this.nested };
	}

	private peek(offset = 0): string {
		return this.text[this.at + offset] ?? "";
	}

	private endCommand(): void {
		const command = this.current.trim();
		this.current = "";
		if (command === "") return;
		const first = command.split(" ")[0] ?? "";
		if (KEYWORDS.has(first)) {
			this.opaque.add(`shell syntax (${first})`);
			// `{ rm x; }`, `if rm x`, `do rm "$f"`: what follows the keywords runs, and a denial looks at it.
			const words = command.split(" ");
			while (words.length > 0 && KEYWORDS.has(words[0]!)) words.shift();
			if (words.length > 0) this.nested.push(words.join(" "));
		}
		if (first.includes("$")) this.opaque.add("a command named by a variable");
		this.commands.push(command);
	}

	private step(): void {
		const c = this.peek();
		if (c === "\\") {
			this.escape();
			return;
		}
		if (c === "'") {
			this.singleQuoted();
			return;
		}
		if (c === '"') {
			this.doubleQuoted();
			return;
		}
		if (c === "`") {
			this.backquoted();
			return;
		}
		if (c === "$" && this.peek(1) === "(") {
			this.substitution("command substitution $(…)");
			return;
		}
		if ((c === "<" || c === ">") && this.peek(1) === "(") {
			this.substitution("process substitution");
			return;
		}
		if (c === "#" && (this.current === "" || /\s$/.test(this.current))) {
			this.comment();
			return;
		}
		if (c === "\n" || c === ";") {
			this.separator(1);
			return;
		}
		if (c === "&") {
			this.ampersand();
			return;
		}
		if (c === "|") {
			this.separator(this.peek(1) === "|" || this.peek(1) === "&" ? 2 : 1);
			return;
		}
		if (c === "<" || c === ">") {
			this.redirection();
			return;
		}
		if (c === "(" || c === ")") {
			this.opaque.add("a subshell ( … )");
			this.current += " ";
			this.at++;
			return;
		}
		if (/\s/.test(c)) {
			if (this.current !== "" && !this.current.endsWith(" ")) this.current += " ";
			this.at++;
			return;
		}
		this.current += c;
		this.at++;
	}

	private separator(width: number): void {
		this.endCommand();
		this.at += width;
	}

	private ampersand(): void {
		if (this.peek(1) === ">") {
			this.redirection();
			return;
		}
		this.separator(this.peek(1) === "&" ? 2 : 1);
	}

	private escape(): void {
		const next = this.peek(1);
		// A backslash before a newline continues the line.
		if (next !== "\n") this.current += `\\${next}`;
		this.at += 2;
	}

	private singleQuoted(): void {
		const end = this.text.indexOf("'", this.at + 1);
		if (end < 0) {
			this.unterminated();
			return;
		}
		const body = this.text.slice(this.at + 1, end);
		this.nested.push(body);
		this.current += `'${body}'`;
		this.at = end + 1;
	}

	private doubleQuoted(): void {
		let at = this.at + 1;
		let body = "";
		for (; at < this.text.length && this.text[at] !== '"'; at++) {
			const c = this.text[at]!;
			if (c === "\\") {
				body += c + (this.text[at + 1] ?? "");
				at++;
				continue;
			}
			if (c === "`" || (c === "$" && this.text[at + 1] === "(")) this.opaque.add("command substitution $(…)");
			body += c;
		}
		if (at >= this.text.length) {
			this.unterminated();
			return;
		}
		this.nested.push(body);
		this.current += `"${body}"`;
		this.at = at + 1;
	}

	private backquoted(): void {
		const end = this.text.indexOf("`", this.at + 1);
		this.opaque.add("command substitution `…`");
		if (end < 0) {
			this.unterminated();
			return;
		}
		this.nested.push(this.text.slice(this.at + 1, end));
		this.current += "`…`";
		this.at = end + 1;
	}

	/** `$(…)`, `<(…)`, `>(…)`: the text to the matching parenthesis, quotes respected. */
	private substitution(what: string): void {
		this.opaque.add(what);
		let depth = 0;
		let at = this.at + 1;
		let quote = "";
		for (; at < this.text.length; at++) {
			const c = this.text[at]!;
			if (quote !== "") {
				if (c === quote) quote = "";
				else if (c === "\\" && quote === '"') at++;
			} else if (c === "'" || c === '"') quote = c;
			else if (c === "\\") at++;
			else if (c === "(") depth++;
			else if (c === ")" && --depth === 0) break;
		}
		if (at >= this.text.length) {
			this.unterminated();
			return;
		}
		this.nested.push(this.text.slice(this.at + 2, at));
		this.current += "$(…)";
		this.at = at + 1;
	}

	private comment(): void {
		const end = this.text.indexOf("\n", this.at);
		this.at = end < 0 ? this.text.length : end;
	}

	private unterminated(): void {
		this.opaque.add("an unterminated quote or substitution");
		this.current += this.text.slice(this.at);
		this.at = this.text.length;
	}

	/**
	 * `[n]>file`, `>>`, `&>`, `<file`, `<<<word`, `<<EOF`. A redirection to another descriptor or
	 * /dev/null is left out of the command's text (`npm test 2>&1` is `npm test`); output to a file
	 * and here-documents are opaque; input from a file is kept as written.
	 */
	private redirection(): void {
		const fd = /[0-9]+$/.exec(this.current)?.[0];
		if (fd !== undefined && /(^|\s)[0-9]+$/.test(this.current)) this.current = this.current.slice(0, -fd.length);
		const operator = /^(<<<|<<-?|<>|<&|<|>>|>&|>\||>|&>>|&>)/.exec(this.text.slice(this.at))![0];
		this.at += operator.length;
		if (operator.startsWith("<<") && operator !== "<<<") {
			this.opaque.add("a here-document");
			this.at = this.text.length;
			return;
		}
		while (this.peek() === " " || this.peek() === "\t") this.at++;
		const target = /^[^\s;&|<>()]*/.exec(this.text.slice(this.at))![0];
		this.at += target.length;
		const dup = operator.endsWith("&") && /^([0-9]+-?|-)$/.test(target);
		if (dup || HARMLESS_TARGET.test(target)) return;
		if (operator.startsWith("<")) {
			this.current += `${operator}${target}`;
			return;
		}
		this.opaque.add(`output redirected to a file (${operator}${target})`);
		this.current += `${operator}${target}`;
	}
}

/** Cuts a command line into simple commands and names what cannot be checked by pattern. */
export function parseCommandLine(text: string): CommandLine {
	return new Scanner(text).scan();
}
