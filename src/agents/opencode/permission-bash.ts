/**
 * OpenCode's per-command bash rules (`bash: { "*": deny, "git *": allow }`) as pi-delegate holds
 * them: a map that allows only the commands it names becomes a policy checked at each call
 * (agents/permissions/command-policy.ts); any other map withholds bash, with the reason.
 */
import { isRecord } from "../../values.ts";
import type { CommandEffect, CommandPolicy, CommandRule } from "../permissions/command-policy.ts";
import type { Narrowing } from "../restrict.ts";

/** What one permission says of its tools: all allowed, withheld, or only some uses allowed. */
export type Verdict = "allow" | "withhold" | "partial";

/**
 * A bash map as a per-command policy (`{ "*": deny, "git *": allow }`): OpenCode's last matching
 * pattern decides, so a `"*"` decides every command no later pattern matches, and a pattern before
 * the last `"*"` never decides anything (a note says so: OpenCode's own order, `"*"` first, is the
 * fix). A command no pattern matches gets `unmatched`. Undefined, so that bash is withheld, when
 * the map allows no command, or lets through every command it does not name: denying a few
 * commands is not a limit pi-delegate can hold exactly (`/bin/rm` is not `rm *`).
 */
function bashPolicy(
	key: string,
	name: string,
	map: unknown,
	unmatched: CommandEffect,
	into: Narrowing,
): CommandPolicy | undefined {
	if (!isRecord(map)) return undefined;
	const written = Object.entries(map).map(
		([pattern, action]): CommandRule => ({
			pattern,
			effect: action === "allow" ? "allow" : "deny",
			syntax: "opencode",
			from: `${key}.${name} "${pattern}": ${String(action)}`,
		}),
	);
	const last = written.findLastIndex((rule) => rule.pattern.trim() === "*");
	for (const dead of written.slice(0, Math.max(0, last))) {
		into.notes.push({
			key,
			message: `${key}.${name} "${dead.pattern}" never decides: "*" comes after it, and OpenCode's last matching rule wins (write "*" first)`,
		});
	}
	const otherwise = last < 0 ? unmatched : written[last]!.effect;
	const rules = written.slice(last + 1);
	if (otherwise === "allow" || !rules.some((rule) => rule.effect === "allow")) return undefined;
	return { otherwise, rules };
}

/** Whether bash is held to the per-command maps that decide it, instead of withheld. */
export function holdBash(
	key: string,
	deciding: readonly string[],
	verdicts: ReadonlyMap<string, { verdict: Verdict; value: unknown }>,
	unmatched: CommandEffect,
	into: Narrowing,
): boolean {
	if (deciding.some((name) => verdicts.get(name)?.verdict === "withhold")) return false;
	const partial = deciding.filter((name) => verdicts.get(name)?.verdict === "partial");
	const policies = partial.map((name) => bashPolicy(key, name, verdicts.get(name)?.value, unmatched, into));
	if (policies.length === 0 || policies.some((policy) => policy === undefined)) return false;
	into.commands.push(...(policies as CommandPolicy[]));
	const allowed = policies.flatMap((p) => p!.rules.filter((r) => r.effect === "allow").map((r) => r.pattern));
	into.notes.push({ key, message: `bash limited to ${allowed.join(", ")} (checked at each call)` });
	return true;
}

/** Why a tool whose permission allows only some uses is withheld. */
export function partialWhy(key: string, name: string, tool: string, value: unknown, unmatched: CommandEffect): string {
	if (tool !== "bash")
		return `${key}.${name} allows only some uses, which pi-delegate cannot enforce; the whole tool is withheld`;
	const rules = isRecord(value) ? Object.entries(value) : [];
	const star = rules.findLast(([pattern]) => pattern.trim() === "*");
	const allows = rules.slice(star ? rules.indexOf(star) + 1 : 0).some(([, action]) => action === "allow");
	const otherwise = star === undefined ? unmatched : star[1] === "allow" ? "allow" : "deny";
	return otherwise === "deny" && !allows
		? `${key}.${name} allows no command`
		: `${key}.${name} denies some commands and allows the rest, which pi-delegate cannot hold exactly; the whole tool is withheld`;
}
