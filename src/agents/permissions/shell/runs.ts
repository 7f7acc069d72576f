/**
 * What a simple command runs besides itself: the command after a wrapper (`sudo rm x`, `xargs rm`,
 * `find -exec rm {} ;`, `git -C . push` is `git push`), and shell text it runs (`bash -c '…'`,
 * `eval …`, `trap '…' EXIT`, `watch 'rm x'`, `PAGER='…'`). Shell text comes back to be parsed as a
 * command line of its own; what cannot be known before running (`source f`, `bash script.sh`,
 * `curl … | sh`, `eval "$X"`) comes back as a reason no rule can decide.
 */
import { type OptionSpec, optionsEnd } from "./options.ts";
import { HOLE, isLiteral, joinWords, literalOf, programName, type Template, type Word } from "./template.ts";
import {
	BASH_LIKE,
	CODE_VARIABLES,
	GIT_CODE_CONFIG,
	OPAQUE_WRAPPERS,
	OTHER_SHELLS,
	SHELL_OPTIONS,
	UNKNOWABLE_VARIABLES,
	WRAPPERS,
} from "./wrappers.ts";

export interface Runs {
	/** Commands it runs, as argv. */
	commands: Word[][];
	/** Commands it may run where their start is unsure: a denial looks at each, an allowlist refuses. */
	maybe: Word[][];
	/** Shell text it runs, to be read as a command line of its own. */
	scripts: Template[];
	/** Why what it runs cannot be known before it runs. */
	unknowable: string[];
	/** Why an allowlist cannot tell what it runs (a denial looks at `maybe`). */
	unsure: string[];
}

const empty = (): Runs => ({ commands: [], maybe: [], scripts: [], unknowable: [], unsure: [] });

const hole = (at: number): Word => ({ text: [HOLE], value: [HOLE], source: "…", at });

/** Every later word as a possible start, and every quoted text as possible shell text. */
function overApproximate(argv: readonly Word[], from: number, why: string): Runs {
	const runs = empty();
	runs.unsure.push(why);
	// su, runuser, sg, script and their kind start a shell reading its input when given no command.
	if (from >= argv.length) runs.unknowable.push(`a program that may read commands from its standard input (${why})`);
	for (let i = from; i < argv.length; i++) runs.maybe.push(argv.slice(i));
	for (const word of argv.slice(from))
		if (!isLiteral(word.value) || /[\s;&|]/.test(word.source)) runs.scripts.push(word.value);
	return runs;
}

function wrapper(argv: readonly Word[], spec: OptionSpec, name: string): Runs {
	const end = optionsEnd(argv, 1, spec);
	if (end.kind === "none") return empty();
	if (end.kind === "unsure") return overApproximate(argv, end.at, `where the command ${name} runs starts`);
	const runs = empty();
	runs.scripts.push(...end.scripts);
	const rest = argv.slice(end.at);
	// With no command, `sudo -s`, `doas -s` and `chroot dir` start a shell that reads its input.
	if (rest.length === 0 && (end.viaShell || name === "chroot")) {
		runs.unknowable.push(`a shell reading commands from its standard input (${name})`);
	} else if (end.viaShell) runs.scripts.push(joinWords(rest.map((word) => word.value)));
	else if (rest.length > 0) runs.commands.push(rest);
	return runs;
}

/** `bash -c '…'` reads its text; a shell reading a file or its standard input cannot be followed. */
function shell(argv: readonly Word[], name: string): Runs {
	const runs = empty();
	const end = optionsEnd(argv, 1, SHELL_OPTIONS);
	if (end.kind === "none") return runs;
	if (end.kind === "unsure") {
		runs.unknowable.push(`${name} with options this check does not know`);
		return runs;
	}
	const text = argv[end.at];
	if (OTHER_SHELLS.has(name)) runs.unknowable.push(`a ${name} command, which this check cannot read as bash`);
	else if (end.seen.includes("c") && text !== undefined) runs.scripts.push(text.value);
	else if (end.seen.includes("c") || end.seen.includes("s") || text === undefined) {
		runs.unknowable.push(`a shell reading commands from its standard input (${name})`);
	} else runs.unknowable.push(`a shell running a script file (${name} ${text.source})`);
	return runs;
}

/** The value of `NAME=value` as a template: what follows the first `=`. */
function afterEquals(word: Template): Template {
	const first = word[0];
	if (typeof first !== "string" || !first.includes("=")) return [HOLE];
	return [first.slice(first.indexOf("=") + 1), ...word.slice(1)];
}

/** `env -i A=1 -S 'rm x' …`: its own options, then variables, then the command. */
function env(argv: readonly Word[]): Runs {
	const spec: OptionSpec = {
		valued: "uCS",
		flags: "i0v",
		long: ["unset", "chdir", "split-string"],
		longFlags: ["ignore-environment", "null", "debug", "default-signal", "ignore-signal", "block-signal"],
		script: ["S", "split-string"],
	};
	const end = optionsEnd(argv, 1, spec);
	if (end.kind === "none") return empty();
	if (end.kind === "unsure") return overApproximate(argv, end.at, "where the command env runs starts");
	const runs = empty();
	let at = end.at;
	for (; at < argv.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[at]!.source); at++) {
		const name = argv[at]!.source.slice(0, argv[at]!.source.indexOf("="));
		const set = variableRuns(name, afterEquals(argv[at]!.value));
		runs.unknowable.push(...set.unknowable);
		runs.scripts.push(...set.scripts);
	}
	const split = end.scripts.map((text) => literalOf(text));
	if (split.some((text) => text === undefined || !/^[\w\s\-./=:,@%+]*$/.test(text))) {
		runs.unknowable.push("env -S, which splits its text by rules of its own");
		return runs;
	}
	const words = split.flatMap((text) => (text ?? "").split(/\s+/).filter((w) => w !== ""));
	const inner = [...words.map((w, i) => ({ text: [w], value: [w], source: w, at: i })), ...argv.slice(at)];
	if (inner.length > 0) runs.commands.push(inner);
	return runs;
}

/** `xargs [options] cmd args`: cmd runs with words read from the input after args (or in place of `-I`'s text). */
function xargs(argv: readonly Word[]): Runs {
	const spec: OptionSpec = {
		valued: "adEILnPs",
		attached: "eil",
		flags: "0optrx",
		long: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
		longFlags: [
			"null",
			"open-tty",
			"interactive",
			"no-run-if-empty",
			"verbose",
			"exit",
			"show-limits",
			"eof",
			"replace",
			"max-lines",
		],
	};
	const end = optionsEnd(argv, 1, spec);
	if (end.kind === "none") return empty();
	if (end.kind === "unsure") return overApproximate(argv, end.at, "where the command xargs runs starts");
	const replacing = end.seen.some((o) => o === "I" || o === "i" || o === "replace");
	const rest = argv.slice(end.at);
	const command = rest.length > 0 ? rest : [{ text: ["echo"], value: ["echo"], source: "echo", at: 0 }];
	const runs = empty();
	// With -I the replaced text may stand anywhere, even for the program: every word is unknown.
	if (replacing) runs.commands.push(command.map((word) => hole(word.at)));
	else runs.commands.push([...command, hole(Number.MAX_SAFE_INTEGER)]);
	return runs;
}

/** `find … -exec cmd {} ;` (and -execdir, -ok, -okdir): each command, `{}` unknown. */
function find(argv: readonly Word[]): Runs {
	const runs = empty();
	for (let i = 1; i < argv.length; i++) {
		if (!/^-(exec|execdir|ok|okdir)$/.test(literalOf(argv[i]!.value) ?? "")) continue;
		let end = i + 1;
		while (end < argv.length && !/^[;+]$/.test(literalOf(argv[end]!.value) ?? "")) end++;
		const command = argv.slice(i + 1, end).map((word) => (word.source.includes("{}") ? hole(word.at) : word));
		if (command.length > 0) runs.commands.push(command);
		i = end;
	}
	return runs;
}

/** `watch [options] cmd…`: the words joined and run by sh -c, or as a command with -x. */
function watch(argv: readonly Word[]): Runs {
	const spec: OptionSpec = {
		valued: "nq",
		flags: "bcCdegprtwx",
		long: ["interval", "equexit"],
		longFlags: [
			"beep",
			"color",
			"no-color",
			"differences",
			"errexit",
			"chgexit",
			"precise",
			"no-rerun",
			"no-title",
			"no-wrap",
			"exec",
		],
	};
	const end = optionsEnd(argv, 1, spec);
	if (end.kind === "none") return empty();
	if (end.kind === "unsure") return overApproximate(argv, end.at, "where the command watch runs starts");
	const runs = empty();
	const rest = argv.slice(end.at);
	if (end.seen.includes("x") || end.seen.includes("exec")) runs.commands.push(rest);
	else if (rest.length > 0) runs.scripts.push(joinWords(rest.map((word) => word.value)));
	return runs;
}

const GIT_OPTIONS: OptionSpec = {
	valued: "Cc",
	flags: "pP",
	long: ["git-dir", "work-tree", "namespace", "config-env", "super-prefix", "exec-path", "list-cmds"],
	longFlags: [
		"paginate",
		"no-pager",
		"bare",
		"no-replace-objects",
		"literal-pathspecs",
		"glob-pathspecs",
		"noglob-pathspecs",
		"icase-pathspecs",
		"no-optional-locks",
		"no-advice",
		"no-lazy-fetch",
	],
};

/** Whether git's options before `end` set configuration that may name a program git runs. */
function gitRunsConfig(argv: readonly Word[], end: number): boolean {
	for (let i = 1; i < end; i++) {
		const text = literalOf(argv[i]!.value) ?? "";
		if (text.startsWith("--config-env")) return true;
		let setting: string | undefined;
		if (text === "-c") setting = literalOf(argv[i + 1]?.value ?? [HOLE]) ?? "";
		else if (/^-c./.test(text)) setting = text.slice(2);
		if (setting !== undefined && (setting === "" || GIT_CODE_CONFIG.test(setting.split("=")[0] ?? ""))) return true;
	}
	return false;
}

/** `git -C dir push` runs `git push`; `-c` naming a program (or an alias) makes what git runs unknowable. */
function git(argv: readonly Word[]): Runs {
	const runs = empty();
	const end = optionsEnd(argv, 1, GIT_OPTIONS);
	if (end.kind === "none") return runs;
	if (end.kind === "unsure") return overApproximate(argv, end.at, "which command git runs");
	if (gitRunsConfig(argv, end.at)) {
		runs.unknowable.push("git configuration on the line that may name a program git runs (-c, --config-env)");
	}
	if (end.at > 1) runs.commands.push([argv[0]!, ...argv.slice(end.at)]);
	return runs;
}

/** A variable set to shell text some program runs (`PAGER`, `PS4`, `BASH_ENV`), or one no check can follow. */
export function variableRuns(name: string, value: Template | undefined): Runs {
	const runs = empty();
	if (UNKNOWABLE_VARIABLES.test(name)) runs.unknowable.push(`setting ${name}, which changes what programs run`);
	else if (CODE_VARIABLES.test(name)) runs.scripts.push(value ?? []);
	return runs;
}

const SPECIAL: Readonly<Record<string, (argv: readonly Word[]) => Runs>> = { env, xargs, find, watch, git };

/** What `argv` runs besides itself. */
export function runsOf(argv: readonly Word[]): Runs {
	const first = argv[0];
	if (first === undefined) return empty();
	const name = literalOf(programName(first.value));
	if (name === undefined) return empty();
	const special = SPECIAL[name];
	if (special) return special(argv);
	const spec = WRAPPERS[name];
	if (spec) return wrapper(argv, spec, name);
	if (BASH_LIKE.has(name) || OTHER_SHELLS.has(name)) return shell(argv, name);
	if (OPAQUE_WRAPPERS.has(name)) return overApproximate(argv, 1, `where the command ${name} runs starts`);
	const runs = empty();
	if (name === "eval") runs.scripts.push(joinWords(argv.slice(1).map((word) => word.value)));
	if (name === "source" || name === ".") runs.unknowable.push(`commands read from a file (${name})`);
	if (name === "alias") runs.unknowable.push("an alias, which renames a command for what follows");
	if (name === "trap") runs.scripts.push(...trapScript(argv));
	if (name === "mapfile" || name === "readarray") runs.scripts.push(...optionValues(argv, "-C"));
	if (name === "enable" && argv.some((word) => /^-[a-zA-Z]*f/.test(literalOf(word.value) ?? "-f"))) {
		runs.unknowable.push("a builtin loaded from a file (enable -f)");
	}
	return runs;
}

/** The values of a short option (`mapfile -C 'text'`, `-Ctext`): mapfile runs its callback as shell text. */
function optionValues(argv: readonly Word[], option: string): Template[] {
	const values: Template[] = [];
	argv.forEach((word, i) => {
		const text = literalOf(word.value);
		if (text === option) values.push(argv[i + 1]?.value ?? []);
		else if (text?.startsWith(option)) values.push([text.slice(option.length)]);
		else if (text === undefined) values.push(word.value);
	});
	return values;
}

/** `trap 'text' SIGNAL…`: the text runs later; `trap -l`, `trap -p`, `trap - INT` and `trap INT` run nothing. */
function trapScript(argv: readonly Word[]): Template[] {
	const words = argv.slice(1);
	if (literalOf(words[0]?.value ?? []) === "--") words.shift();
	const first = words[0];
	if (first === undefined || words.length < 2) return [];
	const text = literalOf(first.value);
	if (text === "-" || text === "-l" || text === "-p") return [];
	return [first.value];
}
