/**
 * A bash command line as the rules must see it: every command it runs — the simple commands of
 * the line and of what it nests (walk.ts), the commands its wrappers run and the shell text they
 * run, read as lines of their own (runs.ts) — each in the forms a rule is matched against, and what
 * cannot be judged by pattern or known at all before it runs. Pure: the grammar is passed in.
 */
import type { ShellGrammar } from "./grammar.ts";
import { runsOf, variableRuns } from "./runs.ts";
import { joinWords, literalOf, programName, type Template, type Word } from "./template.ts";
import { collect, type SimpleCommand } from "./walk.ts";

export interface CommandView {
	/** The command as written, as the model reads it in a refusal. */
	display: string;
	/** What an allow rule must match: the words as written. */
	written: Template;
	/** Where a denial is looked for: as written, as run, and with the program's folder left out. */
	forms: Template[];
	/** Found where a wrapper's command may start: a denial looks at it; an allowlist refuses on `unsure`. */
	maybe: boolean;
}

export interface Analysis {
	views: CommandView[];
	/** What an allowlist cannot judge by pattern, each once. */
	constructs: string[];
	/** What no rule can be judged against with certainty, each once. */
	unknowable: string[];
	/** Why bash's grammar could not read the line as bash will: nothing else found can be trusted. */
	unreadable: string[];
}

/** Longer lines are refused: the check must end well within a tool call. */
const MAX_LENGTH = 1 << 20;
/** Shell text inside shell text (`bash -c "eval '…'"`), and wrappers inside wrappers, at most this deep. */
const MAX_DEPTH = 8;

/** The first control character but tab and line feed: bash reads a carriage return, say, as part of a word. */
function controlIn(text: string): number | undefined {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f) return code;
	}
	return undefined;
}

/** A word that names an array element with a command in its index (`'a[$(cmd)]'`), which `read`, `printf -v`, `unset` or `declare` would run. */
const CODE_IN_INDEX = /\[[^\]]*(\$\(|`)/;

class Analyser {
	readonly views: CommandView[] = [];
	readonly constructs = new Set<string>();
	readonly unknowable = new Set<string>();
	readonly unreadable = new Set<string>();
	private readonly grammar: ShellGrammar;

	constructor(grammar: ShellGrammar) {
		this.grammar = grammar;
	}

	line(text: string, depth: number, maybe: boolean): void {
		if (text.length > MAX_LENGTH) {
			this.unreadable.add("a command longer than a mebibyte");
			return;
		}
		const control = controlIn(text);
		if (control !== undefined) {
			const code = control.toString(16).padStart(2, "0");
			this.unreadable.add(`a control character (\\x${code}), which bash reads as part of a word`);
			return;
		}
		const collected = this.grammar.parse(text, (root) => collect(root, text));
		for (const what of collected.constructs) this.constructs.add(what);
		for (const what of collected.unknowable) this.unknowable.add(what);
		for (const what of collected.unreadable) this.unreadable.add(what);
		for (const command of collected.commands) this.command(command, depth, maybe);
	}

	private command(command: SimpleCommand, depth: number, maybe: boolean): void {
		const display = command.shown.map((word) => word.source).join(" ");
		const name = command.argv[0];
		if (name !== undefined && literalOf(name.value) === undefined) {
			this.constructs.add("a command named by a variable");
			if (!maybe) this.unknowable.add("a command named by a variable or a pattern, which may be any program");
		}
		this.views.push(view(display, command.shown, command.argv, maybe));
		for (const set of command.sets) this.follow(variableRuns(set.name, set.value?.value), display, depth, maybe);
		const words = [...command.argv, ...command.sets.flatMap((set) => (set.value ? [set.value] : []))];
		for (const word of words) {
			if (word.value.some((piece) => typeof piece === "string" && CODE_IN_INDEX.test(piece))) {
				this.unknowable.add("an array index holding a command (`a[$(…)]`), which bash may run");
			}
		}
		this.wrapped(command.argv, display, depth, maybe);
	}

	private wrapped(argv: readonly Word[], display: string, depth: number, maybe: boolean): void {
		if (depth >= MAX_DEPTH) {
			this.unknowable.add(`commands nested more than ${MAX_DEPTH} deep`);
			return;
		}
		this.follow(runsOf(argv), display, depth, maybe);
	}

	private follow(runs: ReturnType<typeof runsOf>, display: string, depth: number, maybe: boolean): void {
		for (const what of runs.unknowable) this.unknowable.add(what);
		for (const what of runs.unsure) this.constructs.add(what);
		for (const inner of runs.commands) {
			const name = inner[0];
			if (!maybe && name !== undefined && literalOf(name.value) === undefined) {
				this.unknowable.add(`a command named only when it runs (in "${display}"), which may be any program`);
			}
			this.views.push(view(display, inner, inner, maybe));
			this.wrapped(inner, display, depth + 1, maybe);
		}
		for (const inner of runs.maybe) {
			this.views.push(view(display, inner, inner, true));
			this.wrapped(inner, display, depth + 1, true);
		}
		for (const script of runs.scripts) {
			const text = literalOf(script);
			if (text === undefined) this.unknowable.add(`shell text known only when it runs (in "${display}")`);
			else if (depth >= MAX_DEPTH) this.unknowable.add(`commands nested more than ${MAX_DEPTH} deep`);
			else this.line(text, depth + 1, maybe);
		}
	}
}

function view(display: string, shown: readonly Word[], argv: readonly Word[], maybe: boolean): CommandView {
	const written = joinWords(shown.map((word) => word.text));
	const forms = [written];
	const first = argv[0];
	if (first !== undefined) {
		forms.push(joinWords(argv.map((word) => word.value)));
		forms.push(joinWords([programName(first.value), ...argv.slice(1).map((word) => word.value)]));
	}
	return { display, written, forms, maybe };
}

/** Every command `text` runs, in the forms rules match, and what cannot be judged. */
export function analyseCommand(text: string, grammar: ShellGrammar): Analysis {
	const analyser = new Analyser(grammar);
	analyser.line(text, 0, false);
	return {
		views: analyser.views,
		constructs: [...analyser.constructs],
		unknowable: [...analyser.unknowable],
		unreadable: [...analyser.unreadable],
	};
}
