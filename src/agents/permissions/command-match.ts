/**
 * A rule's pattern (`git diff:*`, `npm run build`, OpenCode's `git *`) against a command whose text
 * may hold holes (shell/template.ts): whether it matches for every text the holes could become
 * (`mustMatch`, what an allow needs) or for at least one (`mayMatch`, what a denial needs). Exact,
 * not sampled: the pattern is a small automaton over characters, and a hole is any string.
 *
 * Why that is enough for `mustMatch`: a character the pattern never names is matched only by its
 * wildcards, and any other character could take the same path, so the hardest texts for a hole are
 * runs of one such character. The states such runs reach repeat after a few steps; each one is
 * followed to the end of the command. Unknown words (`$X` alone) are nothing, or a space and any text.
 */
import { HOLE, type Template, WORDS } from "./shell/template.ts";

export interface PatternRule {
	/** The pattern as written: `git diff:*`, `git *`, `npm run build`. */
	pattern: string;
	/** Claude Code's patterns know only `*`; OpenCode's also `?` (one character). */
	syntax: "claude" | "opencode";
}

type Token = { kind: "char"; char: string } | { kind: "one" } | { kind: "any" };

interface Automaton {
	tokens: Token[];
	/** Positions at which the whole pattern has matched. */
	accept: Set<number>;
}

/** The automaton of a rule's pattern, made once per pattern. */
function automaton(rule: PatternRule): Automaton {
	const key = `${rule.syntax}\0${rule.pattern}`;
	const known = automata.get(key);
	if (known !== undefined) return known;
	const made = build(rule);
	automata.set(key, made);
	return made;
}

/** A child's rules are few and checked at every call: each pattern is read once. */
const automata = new Map<string, Automaton>();

/**
 * `*` is any text, `?` one character (OpenCode), a trailing ` *` (or Claude Code's older `:*`) also
 * matches nothing, so `git diff *` allows `git diff` itself, and the space keeps `ls *` from
 * allowing `lsof`. Whitespace runs in a pattern read as one space, as in the command's text.
 */
function build(rule: PatternRule): Automaton {
	let text = rule.pattern.trim().replace(/\s+/g, " ");
	if (text.endsWith(":*")) text = `${text.slice(0, -2).trimEnd()} *`;
	const tokens: Token[] = [...text].map((char) => {
		if (char === "*") return { kind: "any" };
		if (char === "?" && rule.syntax === "opencode") return { kind: "one" };
		return { kind: "char", char };
	});
	const accept = new Set([tokens.length]);
	if (text.endsWith(" *")) accept.add(tokens.length - 2);
	return { tokens, accept };
}

/** States plus every state reached by letting a `*` match nothing. */
function closure(auto: Automaton, states: Iterable<number>): Set<number> {
	const out = new Set<number>();
	for (let state of states) {
		out.add(state);
		while (auto.tokens[state]?.kind === "any") out.add(++state);
	}
	return out;
}

/** One character: a literal `char`, or `undefined` for one the pattern never names. */
function step(auto: Automaton, states: ReadonlySet<number>, char: string | undefined): Set<number> {
	const next: number[] = [];
	for (const state of states) {
		const token = auto.tokens[state];
		if (token === undefined) continue;
		if (token.kind === "any") next.push(state);
		else if (token.kind === "one" || token.char === char) next.push(state + 1);
	}
	return closure(auto, next);
}

/** Every state some text could lead to: any character may match any token. */
function stepAnything(auto: Automaton, states: ReadonlySet<number>): Set<number> {
	const reached = new Set(states);
	for (let grew = true; grew; ) {
		grew = false;
		for (const state of [...reached]) {
			const token = auto.tokens[state];
			if (token === undefined) continue;
			for (const next of closure(auto, [token.kind === "any" ? state : state + 1])) {
				if (reached.has(next)) continue;
				reached.add(next);
				grew = true;
			}
		}
	}
	return reached;
}

const accepts = (auto: Automaton, states: ReadonlySet<number>) => [...states].some((s) => auto.accept.has(s));

/** Whether some text the holes could become matches the pattern. */
export function mayMatch(rule: PatternRule, template: Template): boolean {
	const auto = automaton(rule);
	let states = closure(auto, [0]);
	for (const piece of template) {
		if (piece === HOLE) states = stepAnything(auto, states);
		else if (piece === WORDS) states = new Set([...states, ...stepAnything(auto, step(auto, states, " "))]);
		else for (const char of piece) states = step(auto, states, char);
		if (states.size === 0) return false;
	}
	return accepts(auto, states);
}

const keyOf = (states: ReadonlySet<number>) => [...states].sort((a, b) => a - b).join(",");

/** The state sets runs of a character the pattern never names lead to, from `states`: 0, 1, 2, … of them. */
function runsOfUnnamed(auto: Automaton, states: Set<number>): Set<number>[] {
	const seen = new Map<string, Set<number>>();
	for (let current = states; !seen.has(keyOf(current)); current = step(auto, current, undefined)) {
		seen.set(keyOf(current), current);
	}
	return [...seen.values()];
}

/** Whether every text the holes could become matches the pattern. */
export function mustMatch(rule: PatternRule, template: Template): boolean {
	const auto = automaton(rule);
	let sets = [closure(auto, [0])];
	for (const piece of template) {
		const next = new Map<string, Set<number>>();
		for (const states of sets) {
			const reached =
				piece === HOLE
					? runsOfUnnamed(auto, states)
					: piece === WORDS
						? [states, ...runsOfUnnamed(auto, step(auto, states, " "))]
						: [[...piece].reduce((s, c) => step(auto, s, c), states)];
			for (const set of reached) next.set(keyOf(set), set);
		}
		sets = [...next.values()];
		if (sets.some((states) => states.size === 0)) return false;
	}
	return sets.every((states) => accepts(auto, states));
}

/** Whether the pattern matches a text without holes. @internal */
export const patternMatches = (rule: PatternRule, text: string): boolean => mustMatch(rule, [text]);
