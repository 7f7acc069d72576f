/**
 * Which bash commands a child may run, checked per call: the rules of a scoped tool entry
 * (`Bash(git diff:*)`), of OpenCode's per-command map (`bash: { "*": deny, "git *": allow }`) and of
 * Claude Code's settings (`deny: ["Bash(git push:*)"]`). Plain data, so the plan can carry it and
 * `launch.json` record it; pure, so the same decision holds in every runner.
 *
 * A line is allowed only when each of its simple commands is (command-line.ts cuts it). Under a
 * policy that allows only what its rules name (`otherwise: "deny"`) anything a pattern cannot see
 * — a substitution, a subshell, output to a file — is refused: the check must not be talked past.
 * Under a policy that denies a few commands and allows the rest, the denials are also looked for
 * where the line hides them (inside `$(…)` and quotes, behind `sudo`, `env`, `xargs` or a path such
 * as /bin/rm); such a policy narrows what a child does, it does not confine it.
 */
import { type CommandLine, parseCommandLine } from "./command-line.ts";

export type CommandEffect = "allow" | "deny";

export interface CommandRule {
	/** The pattern as written: `git diff:*`, `git *`, `npm run build`. */
	pattern: string;
	effect: CommandEffect;
	/** Claude Code's patterns know only `*`; OpenCode's also `?` (one character). */
	syntax: "claude" | "opencode";
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

/**
 * A rule's pattern as an expression over one simple command. `*` is any text, `?` one character
 * (OpenCode), a trailing ` *` (or Claude Code's older `:*`) also matches nothing, so `git diff *`
 * allows `git diff` itself, and the space keeps `ls *` from allowing `lsof`.
 */
export function patternExpression(rule: Pick<CommandRule, "pattern" | "syntax">): RegExp {
	let text = rule.pattern.trim().replace(/\s+/g, " ");
	if (text.endsWith(":*")) text = `${text.slice(0, -2).trimEnd()} *`;
	let tail = "";
	if (text.endsWith(" *")) {
		text = text.slice(0, -2);
		tail = "(?: .*)?";
	}
	const literal = (part: string) => part.replace(/[.+^${}()|[\]\\*?]/g, "\\$&");
	const wild = (part: string) => (rule.syntax === "opencode" ? part.split("?").map(literal).join(".") : literal(part));
	return new RegExp(`^${text.split("*").map(wild).join(".*")}${tail}$`, "s");
}

function effectOf(command: string, policy: CommandPolicy): { effect: CommandEffect; rule?: CommandRule } {
	for (let i = policy.rules.length - 1; i >= 0; i--) {
		const rule = policy.rules[i]!;
		if (patternExpression(rule).test(command)) return { effect: rule.effect, rule };
	}
	return { effect: policy.otherwise };
}

/** Programs that run the command after them (`sudo rm`, `env X=1 rm`, `xargs rm`, `timeout 5 rm`). */
const WRAPPERS = new Set([
	"sudo",
	"doas",
	"command",
	"builtin",
	"exec",
	"nohup",
	"time",
	"nice",
	"env",
	"xargs",
	"timeout",
	"stdbuf",
	"setsid",
	"busybox",
	"watch",
	"ionice",
]);

const VALUED = new Set(["-u", "-g", "-n", "-s", "-k", "-I", "-P", "-L", "-C", "-D", "-h", "-p"]);

/**
 * The command as it runs, the way a denial should see it: assignments and wrappers in front taken
 * off, quotes and a backslash taken out of the program's name, a path cut to the program
 * (`/bin/rm` is `rm`).
 */
export function bareCommand(command: string): string {
	const words = command.split(" ");
	const unquote = (word: string) => word.replace(/\\(.)/g, "$1").replace(/["']/g, "");
	let i = 0;
	for (;;) {
		const word = words[i];
		if (word === undefined) return "";
		if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) i++;
		else if (WRAPPERS.has(unquote(word).split("/").pop() ?? "")) {
			i++;
			while (words[i] !== undefined && (words[i]!.startsWith("-") || /^[0-9.]+[smhd]?$/.test(words[i]!))) {
				// The wrappers' short options that take a value (`sudo -u root`, `xargs -n 1`, `nice -n 5`).
				i += VALUED.has(words[i]!) ? 2 : 1;
			}
		} else break;
	}
	const program = unquote(words[i]!).split("/").pop() ?? "";
	return [program, ...words.slice(i + 1)].join(" ");
}

/** The commands `find` runs for what it finds (`find . -exec rm {} ;`), as a denial should see them. */
function findRuns(bare: string): string[] {
	const words = bare.split(" ");
	if (words[0] !== "find") return [];
	const runs: string[] = [];
	for (let i = 1; i < words.length; i++) {
		if (!/^-(exec|execdir|ok|okdir)$/.test(words[i]!)) continue;
		const end = words.findIndex((word, at) => at > i && /^(\\?;|';'|";"|\+)$/.test(word));
		runs.push(words.slice(i + 1, end < 0 ? undefined : end).join(" "));
	}
	return runs;
}

const quoted = (command: string) => `"${command.length > 120 ? `${command.slice(0, 117)}...` : command}"`;

function denial(command: string, rule: CommandRule | undefined, policy: CommandPolicy): string {
	if (rule) return `${quoted(command)} is denied by ${rule.from}`;
	const allowed = policy.rules.filter((r) => r.effect === "allow").map((r) => r.pattern);
	return `${quoted(command)} is not among the commands this child may run (${allowed.join(", ") || "none"})`;
}

/** The first denial of the commands in `line` (and, with `deep`, of the commands it nests). */
function firstDenial(line: CommandLine, policy: CommandPolicy, deep: number): string | undefined {
	for (const command of line.commands) {
		const bare = bareCommand(command);
		for (const form of new Set([command, bare, ...findRuns(bare).map(bareCommand)])) {
			const { effect, rule } = effectOf(form, policy);
			if (effect === "deny") return denial(command, rule, policy);
		}
	}
	if (deep <= 0) return undefined;
	for (const text of line.nested) {
		const inner = parseCommandLine(text);
		const denied = firstDenial({ ...inner, commands: inner.commands.filter((c) => c !== "") }, policy, deep - 1);
		if (denied !== undefined) return denied;
	}
	return undefined;
}

/** Whether `command` may run under `policy`, and if not, why, in words the model reads. */
export function checkCommand(command: string, policy: CommandPolicy): CommandDecision {
	const line = parseCommandLine(command);
	if (policy.otherwise === "deny" && line.opaque.length > 0) {
		return {
			ok: false,
			reason: `the command uses ${line.opaque.join(", ")}, which cannot be checked against the commands this child may run; run the allowed commands plainly, one per call or joined with && or |`,
		};
	}
	if (policy.otherwise === "deny" && line.commands.length === 0) return { ok: false, reason: "the command is empty" };
	const denied = firstDenial(line, policy, policy.otherwise === "allow" ? 3 : 0);
	return denied === undefined ? { ok: true } : { ok: false, reason: denied };
}

/**
 * Whether `command` may run under every one of `policies` (an agent file's own rules, then those of
 * the settings over it): each must allow it, so one policy can never widen another.
 */
export function checkCommandPolicies(command: string, policies: readonly CommandPolicy[]): CommandDecision {
	for (const policy of policies) {
		const decision = checkCommand(command, policy);
		if (!decision.ok) return decision;
	}
	return { ok: true };
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
