/**
 * Which bash commands a child may run, checked per call: the rules of a scoped tool entry
 * (`Bash(git diff:*)`), of OpenCode's per-command map (`bash: { "*": deny, "git *": allow }`) and of
 * Claude Code's settings (`deny: ["Bash(git push:*)"]`). Plain data, so the plan can carry it and
 * `launch.json` record it; the same decision in every runner (the in-process child's bash, the
 * subprocess child's `tool_call` handler).
 *
 * The line is read with bash's grammar (shell/grammar.ts says which parser and why), never by a
 * pattern over its text, into every command it runs (shell/analyse.ts): the simple commands, those
 * nested in substitutions, loops, groups, functions and here-documents, those its wrappers run
 * (`sudo`, `env`, `timeout`, `xargs`, `find -exec`, `watch`, `git -C …`) and the shell text it hands
 * to a shell (`bash -c`, `eval`, `trap`). What only running decides (`$X`, a glob, `$'…'`) is a
 * hole in the command's text, and a rule is judged against every text a hole could become
 * (command-match.ts). A command is allowed only when that is certain:
 *
 * - under a policy that allows only what its rules name (`otherwise: "deny"`), each command must
 *   match an allow rule whatever its holes become, and no later deny rule for any of them;
 *   anything a pattern cannot see — a substitution, a subshell, a loop, output to a file, a
 *   here-document, a wrapper whose command cannot be found — is refused;
 * - under a policy that denies some commands and allows the rest, a command is refused when a
 *   denial may match it, in any form it runs in (as written, quotes taken out, `/bin/rm` as `rm`,
 *   behind every wrapper), unless a later allow rule matches it for certain;
 * - under both, a line whose commands cannot be known before it runs is refused: a syntax error,
 *   `source` and a shell reading a file or its input (`curl … | sh`), `eval` or `bash -c` of an
 *   expansion, an alias, arithmetic over a variable (bash runs a command a value such as
 *   `a[$(cmd)]` names), `git -c` naming a program, a variable a program runs (`PAGER`, `PS4`).
 *
 * Such a policy narrows what a child runs, it does not confine it: a program may run another by
 * itself (`make`, `npm test`, a script the child wrote); the sandbox and the boundary diff decide
 * what a child may change.
 */
import { mayMatch, mustMatch, type PatternRule } from "./command-match.ts";
import { type Analysis, analyseCommand, type CommandView } from "./shell/analyse.ts";
import type { ShellGrammar } from "./shell/grammar.ts";
import { shown, type Template } from "./shell/template.ts";

export type CommandEffect = "allow" | "deny";

export interface CommandRule extends PatternRule {
	effect: CommandEffect;
	/** Where the rule was written, as a note shows it: `tools: Bash(git diff:*)`. */
	from: string;
}

export interface CommandPolicy {
	/** For a command no rule matches. */
	otherwise: CommandEffect;
	/** The last rule whose pattern matches a command decides it. */
	rules: CommandRule[];
}

export type CommandDecision = { ok: true } | { ok: false; reason: string };

const quoted = (command: string) => `"${command.length > 120 ? `${command.slice(0, 119)}…` : command}"`;

/** The first deny rule that may match `form` with no later allow rule matching it for certain. */
function denialOf(form: Template, policy: CommandPolicy): { rule: CommandRule; certain: boolean } | undefined {
	const { rules } = policy;
	for (let i = 0; i < rules.length; i++) {
		const rule = rules[i]!;
		if (rule.effect !== "deny" || !mayMatch(rule, form)) continue;
		if (rules.slice(i + 1).some((later) => later.effect === "allow" && mustMatch(later, form))) continue;
		return { rule, certain: mustMatch(rule, form) };
	}
	return undefined;
}

/** Why `view` may not run under `policy`, or undefined. */
function refusalOf(view: CommandView, policy: CommandPolicy): string | undefined {
	for (const form of view.forms) {
		const denial = denialOf(form, policy);
		if (denial === undefined) continue;
		if (denial.certain) return `${quoted(view.display)} is denied by ${denial.rule.from}`;
		return `${quoted(view.display)} may be denied by ${denial.rule.from}: it runs ${quoted(shown(form))}, where … is known only when it runs`;
	}
	if (policy.otherwise === "allow" || view.maybe) return undefined;
	const allows = policy.rules.filter((rule) => rule.effect === "allow");
	if (allows.some((rule) => mustMatch(rule, view.written))) return undefined;
	const patterns = allows.map((rule) => rule.pattern).join(", ") || "none";
	const unsure = allows.some((rule) => mayMatch(rule, view.written))
		? `; as ${quoted(shown(view.written))} it may be, but … is known only when it runs`
		: "";
	return `${quoted(view.display)} is not among the commands this child may run (${patterns})${unsure}`;
}

/** Whether a line, read with bash's grammar (shell/analyse.ts), may run under `policy`, and if not, why. */
export function decide(analysis: Analysis, policy: CommandPolicy): CommandDecision {
	const denies = policy.otherwise === "deny" || policy.rules.some((rule) => rule.effect === "deny");
	if (!denies) return { ok: true };
	if (analysis.unreadable.length > 0) {
		return {
			ok: false,
			reason: `the command holds ${analysis.unreadable.join(", ")}, so it cannot be read as bash will run it; write it as plain bash`,
		};
	}
	if (policy.otherwise === "deny" && analysis.constructs.length > 0) {
		return {
			ok: false,
			reason: `the command uses ${analysis.constructs.join(", ")}, which cannot be checked against the commands this child may run; run the allowed commands plainly, one per call or joined with && or |`,
		};
	}
	if (policy.otherwise === "deny" && analysis.views.length === 0 && analysis.unknowable.length === 0) {
		return { ok: false, reason: "the command is empty" };
	}
	for (const view of analysis.views) {
		const reason = refusalOf(view, policy);
		if (reason !== undefined) return { ok: false, reason };
	}
	if (analysis.unknowable.length > 0) {
		return {
			ok: false,
			reason: `the command uses ${analysis.unknowable.join(", ")}: what it runs cannot be known before it runs, so it cannot be checked against the commands this child may run; write the commands out plainly`,
		};
	}
	return { ok: true };
}

/** The grammar's module, imported on the first check: nothing of it loads where no rule holds bash. */
const grammarModule = () => import("./shell/grammar.ts");

/** The line read with bash's grammar, or why it could not be: a check that cannot run refuses. */
async function analysisOf(command: string): Promise<Analysis | string> {
	let grammar: ShellGrammar;
	try {
		grammar = await (await grammarModule()).loadShellGrammar();
	} catch (error) {
		return `the shell grammar that checks commands could not load (${error instanceof Error ? error.message : String(error)})`;
	}
	try {
		return analyseCommand(command, grammar);
	} catch (error) {
		return `the command could not be read with bash's grammar (${error instanceof Error ? error.message : String(error)})`;
	}
}

/** Whether `command` may run under `policy`, and if not, why, in words the model reads. @internal */
export async function checkCommand(command: string, policy: CommandPolicy): Promise<CommandDecision> {
	return checkCommandPolicies(command, [policy]);
}

/**
 * Whether `command` may run under every one of `policies` (an agent file's own rules, then those of
 * the settings over it): each must allow it, so one policy can never widen another.
 */
export async function checkCommandPolicies(
	command: string,
	policies: readonly CommandPolicy[],
): Promise<CommandDecision> {
	const analysis = await analysisOf(command);
	for (const policy of policies) {
		const decision = typeof analysis === "string" ? { ok: false as const, reason: analysis } : decide(analysis, policy);
		if (!decision.ok) return decision;
	}
	return { ok: true };
}

/**
 * Starts loading bash's grammar where a policy holds a child's bash, so the first command does not
 * wait for it; a failure here is met again, and reported, by the check itself.
 */
export function prepareCommandChecks(): void {
	grammarModule()
		.then((module) => module.loadShellGrammar())
		.catch(() => undefined);
}

/** What the model reads when a command is refused. */
export function commandRefusal(reason: string): string {
	return `pi-delegate refused this command: ${reason}. Nothing ran.`;
}

/** What a policy lets bash run, on one line: `bash runs only: git diff *, git log * (checked at each call)`. */
export function describePolicy(policy: CommandPolicy): string {
	const of = (effect: CommandEffect) => policy.rules.filter((r) => r.effect === effect).map((r) => r.pattern);
	const denied = of("deny");
	const head =
		policy.otherwise === "deny" ? `bash runs only: ${of("allow").join(", ") || "no command"}` : "bash runs any command";
	return `${head}${denied.length > 0 ? `; refuses ${denied.join(", ")}` : ""} (checked at each call)`;
}
