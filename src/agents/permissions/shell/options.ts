/**
 * The options of a program that runs another command (`sudo -u root rm x`, `timeout -s KILL 5 rm
 * x`): where its own options end and the command it runs begins. Each program's options are data
 * (wrappers.ts); an option the table does not know, or one whose text only running decides, makes
 * the start unsure — a denial then looks at every later word as a possible start, and an
 * allowlist refuses.
 */
import { literalOf, type Template, type Word } from "./template.ts";

export interface OptionSpec {
	/** Short options taking a value, in the same word (`-uroot`) or the next (`-u root`). */
	valued?: string;
	/** Short options taking none. */
	flags?: string;
	/** Short options whose value, if any, is attached (`xargs -i{}`). */
	attached?: string;
	/** Long options taking a value (`--user=root`, `--user root`). */
	long?: readonly string[];
	/** Long options taking none, or only after `=`. */
	longFlags?: readonly string[];
	/** Options after which no command runs (`sudo -l`, `command -v`): letters and long names. */
	none?: readonly string[];
	/** Options whose value is shell text it runs (`flock -c`, `su -c`). */
	script?: readonly string[];
	/** Options that hand the command to a shell (`sudo -s`, `doas -s`). */
	viaShell?: readonly string[];
	/** Words before the command that are not options: timeout's duration, chroot's new root. */
	before?: number;
	/** Whether `-5` (nice's old form) is an option. */
	numeric?: boolean;
	/** Whether `+x` is an option as `-x` is (the shells'). */
	plus?: boolean;
}

export type OptionsEnd =
	| { kind: "command"; at: number; scripts: Template[]; viaShell: boolean; seen: string[] }
	| { kind: "none" }
	| { kind: "unsure"; at: number };

interface State {
	at: number;
	scripts: Template[];
	seen: string[];
	none: boolean;
	viaShell: boolean;
}

const has = (list: readonly string[] | undefined, name: string) => list?.includes(name) ?? false;

/** One long option at `state.at`; false when the table does not know it. */
function longOption(argv: readonly Word[], spec: OptionSpec, text: string, state: State): boolean {
	const eq = text.indexOf("=");
	const name = text.slice(2, eq < 0 ? undefined : eq);
	if (has(spec.long, name)) {
		const value = eq < 0 ? argv[++state.at]?.value : [text.slice(eq + 1)];
		if (has(spec.script, name) && value !== undefined) state.scripts.push(value);
	} else if (!has(spec.longFlags, name)) return false;
	state.seen.push(name);
	state.none ||= has(spec.none, name);
	state.viaShell ||= has(spec.viaShell, name);
	return true;
}

/** A cluster of short options (`-En`, `-uroot`, `-n5`); false when one is unknown. */
function shortOptions(argv: readonly Word[], spec: OptionSpec, text: string, state: State): boolean {
	if (spec.numeric && /^-[0-9]+$/.test(text)) return true;
	for (let j = 1; j < text.length; j++) {
		const letter = text[j]!;
		state.seen.push(letter);
		state.none ||= has(spec.none, letter);
		state.viaShell ||= has(spec.viaShell, letter);
		if (spec.valued?.includes(letter)) {
			const value = j + 1 < text.length ? [text.slice(j + 1)] : argv[++state.at]?.value;
			if (has(spec.script, letter) && value !== undefined) state.scripts.push(value);
			return true;
		}
		if (spec.attached?.includes(letter)) return true;
		if (!spec.flags?.includes(letter)) return false;
	}
	return true;
}

/** Where the command `argv[from…]` runs starts, after the wrapper's options and positional words. */
export function optionsEnd(argv: readonly Word[], from: number, spec: OptionSpec): OptionsEnd {
	const state: State = { at: from, scripts: [], seen: [], none: false, viaShell: false };
	for (; state.at < argv.length; state.at++) {
		const text = literalOf(argv[state.at]!.value);
		if (text === undefined) return { kind: "unsure", at: state.at };
		if (text === "--") {
			state.at++;
			break;
		}
		const option = text.length > 1 && (text.startsWith("-") || (spec.plus === true && text.startsWith("+")));
		if (!option) break;
		const known = text.startsWith("--")
			? longOption(argv, spec, text, state)
			: shortOptions(argv, spec, `-${text.slice(1)}`, state);
		if (!known) return { kind: "unsure", at: state.at };
	}
	if (state.none) return { kind: "none" };
	state.at += spec.before ?? 0;
	const { at, scripts, viaShell, seen } = state;
	return { kind: "command", at, scripts, viaShell, seen };
}
