/**
 * OpenCode's permissions, in both forms it takes: the `permission:` block (`{ edit: deny, bash: {
 * "git *": allow, "*": ask } }`, or one action for everything) and the `permissions:` rules list.
 * Each becomes Pi tools withheld from the child; see agents/restrict.ts for the rules every narrowing
 * follows (ask counts as deny, a rule that cannot be enforced exactly withholds the whole tool, a
 * bash map that allows only the commands it names holds bash to them at each call, and a read or
 * edit map holds those tools to its paths at each call).
 */
import { closest } from "../../suggest.ts";
import { isRecord } from "../../values.ts";
import type { CommandEffect } from "../permissions/command-policy.ts";
import { wildcardExpression } from "../permissions/wildcard.ts";
import { type KeyProblem, type Narrowing, withhold } from "../restrict.ts";
import { PI_BUILTIN_TOOLS } from "../tools.ts";
import { holdBash, partialWhy, type Verdict } from "./permission-bash.ts";
import { holdPaths, opensEverything, pathWhy } from "./permission-paths.ts";

/**
 * OpenCode permission names and the Pi tools each governs: `edit` covers every tool that writes,
 * as in OpenCode, and so do the names of OpenCode's other writing tools (a child has none of them,
 * so denying one withholds what writes here: the safe side).
 */
const PERMISSION_TOOLS: Readonly<Record<string, readonly string[]>> = {
	edit: ["edit", "write"],
	write: ["write"],
	patch: ["edit", "write"],
	apply_patch: ["edit", "write"],
	multiedit: ["edit"],
	bash: ["bash"],
	shell: ["bash"],
	read: ["read"],
	glob: ["find"],
	grep: ["grep"],
	list: ["ls"],
};

/** Permissions for tools a child does not have anyway. */
const PERMISSION_NO_TOOL = new Set([
	"webfetch",
	"websearch",
	"codesearch",
	"task",
	"skill",
	"todowrite",
	"todoread",
	"lsp",
	"question",
	"doom_loop",
]);

const KNOWN_PERMISSIONS = [...Object.keys(PERMISSION_TOOLS), ...PERMISSION_NO_TOOL, "external_directory", "*"];

/** One permission's value: an action, or a map of patterns to actions (OpenCode's bash rules). */
function verdictOf(value: unknown): Verdict | undefined {
	const actions = ["allow", "ask", "deny"];
	if (typeof value === "string")
		return actions.includes(value) ? (value === "allow" ? "allow" : "withhold") : undefined;
	if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
	const rules = Object.entries(value);
	if (rules.some(([, action]) => typeof action !== "string" || !actions.includes(action))) return undefined;
	if (rules.every(([, action]) => action === "allow")) return "allow";
	if (rules.length === 1 && rules[0]?.[0] === "*") return "withhold";
	return "partial";
}

const badAction = (path: readonly (string | number)[], value: unknown): KeyProblem => ({
	path,
	code: "invalid_value",
	value,
	message: "must be allow, ask or deny, or a map of command patterns to those",
	fix: 'write e.g. edit: deny, or bash: { "git status": allow, "*": deny }',
});

/**
 * A permission name that is not OpenCode's for a tool a child has: another tool's (an MCP server's,
 * a plugin's) or a pattern over such names. Allowing it grants nothing here. Denying it withholds
 * the Pi tools a pattern matches; a denial of a name that looks like a typo of a known one is an
 * error, since ignoring it would leave that tool granted; any other denial has nothing to withhold.
 */
function otherPermission(key: string, name: string, verdict: Verdict, value: unknown, into: Narrowing): void {
	if (/[*?]/.test(name)) {
		const pattern = wildcardExpression(name, { ignoreCase: true });
		const matched = PI_BUILTIN_TOOLS.filter((tool) => pattern.test(tool));
		if (verdict !== "allow" && matched.length > 0) withhold(into, matched, `${key}.${name} denies it`);
		else if (verdict !== "allow")
			into.notes.push({ key, message: `${name} matches no tool here; nothing to withhold` });
		return;
	}
	if (verdict === "allow") {
		into.notes.push({ key, message: `${name}: allow grants nothing here (no such tool)` });
		return;
	}
	const near = closest(
		name,
		KNOWN_PERMISSIONS.filter((known) => known !== "*"),
	);
	if (near === undefined) {
		into.notes.push({ key, message: `${name} is not a tool here; nothing to withhold` });
		return;
	}
	into.problems.push({
		path: [key, name],
		code: "unknown_key",
		value,
		message: `unknown permission "${name}" (did you mean "${near}"?); a misspelt denial would leave the tool granted`,
		fix: `write "${near}", or remove the entry`,
	});
}

/**
 * A map that only allows (`bash: { "git *": allow }`) allows everything only when what it does not
 * name is allowed too: where that is denied (`"*": deny` above it, or the rules list, where OpenCode
 * asks), it allows only the uses it names.
 */
function closedMaps(
	verdicts: ReadonlyMap<string, { verdict: Verdict; value: unknown }>,
	unmatched: CommandEffect,
): ReadonlyMap<string, { verdict: Verdict; value: unknown }> {
	if (unmatched === "allow") return verdicts;
	const open = ({ verdict, value }: { verdict: Verdict; value: unknown }) =>
		verdict === "allow" && isRecord(value) && !Object.keys(value).some((pattern) => pattern.trim() === "*");
	return new Map(
		[...verdicts].map(([name, v]) => [name, name !== "*" && open(v) ? { ...v, verdict: "partial" as const } : v]),
	);
}

/**
 * Applies a permission block, name by name. A tool's own permission (`read`, or `edit` for write)
 * decides for it, the most restrictive where two govern it; `*` decides for the tools no named
 * permission governs — so `"*": ask` with `read: allow` leaves the child read, as OpenCode does.
 * `unmatched` is what a command no pattern of a bash map matches gets.
 */
function applyPermissions(
	key: string,
	written: ReadonlyMap<string, { verdict: Verdict; value: unknown }>,
	into: Narrowing,
	unmatched: CommandEffect,
): void {
	const verdicts = closedMaps(written, unmatched);
	for (const [name, { verdict, value }] of verdicts) {
		if (name === "external_directory") {
			if (verdict !== "allow" || !opensEverything(value)) into.external.push({ key, value });
		} else if (name !== "*" && !Object.hasOwn(PERMISSION_TOOLS, name) && !PERMISSION_NO_TOOL.has(name))
			otherPermission(key, name, verdict, value, into);
	}
	// OpenCode's last matching rule wins, in the block's order: a "*" written after a tool's own
	// permission decides in its place (so "*" goes first, as a fallback).
	const order = [...verdicts.keys()];
	const star = order.lastIndexOf("*");
	const overruled = new Set<string>();
	for (const tool of PI_BUILTIN_TOOLS) {
		const named = Object.keys(PERMISSION_TOOLS).filter(
			(name) => verdicts.has(name) && PERMISSION_TOOLS[name]?.includes(tool),
		);
		for (const name of named) if (order.indexOf(name) < star) overruled.add(name);
		const live = named.map((name) => (order.indexOf(name) > star ? name : "*"));
		const deciding = named.length > 0 ? [...new Set(live)] : star >= 0 ? ["*"] : [];
		// A permission that denies the whole tool is the reason, before one that allows some uses.
		const denying =
			deciding.find((name) => verdicts.get(name)?.verdict === "withhold") ??
			deciding.find((name) => verdicts.get(name)?.verdict === "partial");
		if (denying === undefined) continue;
		// A "*" that allows leaves the tool's own maps to decide.
		const own = deciding.filter((name) => name !== "*" || verdicts.get(name)?.verdict !== "allow");
		const holds = own.length > 0 && !own.includes("*");
		if (tool === "bash" && holds && holdBash(key, own, verdicts, unmatched, into)) continue;
		if (holds && holdPaths(key, tool, own, verdicts, unmatched, into)) continue;
		withhold(
			into,
			[tool],
			verdicts.get(denying)?.verdict === "partial"
				? (pathWhy(key, denying, tool) ?? partialWhy(key, denying, tool, verdicts.get(denying)?.value, unmatched))
				: `${key}.${denying} denies it (ask counts as deny: a child has nobody to ask)`,
		);
	}
	for (const name of overruled) {
		const message = `${key}.${name} never decides: "*" comes after it, and OpenCode's last matching rule wins (write "*" first)`;
		into.notes.push({ key, message });
	}
}

/** OpenCode's `permission:` block (or one action for everything); `key` is where it was written. */
export function narrowByPermission(value: unknown, into: Narrowing, key = "permission"): void {
	const block = typeof value === "string" ? { "*": value } : value;
	if (typeof block !== "object" || block === null || Array.isArray(block)) {
		into.problems.push(badAction([key], value));
		return;
	}
	const verdicts = new Map<string, { verdict: Verdict; value: unknown }>();
	for (const [name, rule] of Object.entries(block)) {
		const verdict = verdictOf(rule);
		if (verdict === undefined) into.problems.push(badAction([key, name], rule));
		else verdicts.set(name, { verdict, value: rule });
	}
	// OpenCode's own default for a command no rule names is to allow it, unless "*" says otherwise.
	const rest = verdicts.get("*");
	applyPermissions(key, verdicts, into, rest === undefined || rest.verdict === "allow" ? "allow" : "deny");
}

/**
 * OpenCode's `permissions:` rules: `{ action, resource, effect }`, later rules refining earlier ones.
 * Written as a map instead (`permissions: { bash: { "sudo *": deny } }`, the shape of `permission:`),
 * it is read as that block: the author meant to restrict, and reading it withholds, never grants.
 */
export function narrowByPermissionRules(value: unknown, into: Narrowing): void {
	if (typeof value === "object" && value !== null && !Array.isArray(value)) {
		into.notes.push({
			key: "permissions",
			message: "a map, read as a permission: block (OpenCode's rules are a list)",
		});
		narrowByPermission(value, into, "permissions");
		return;
	}
	if (!Array.isArray(value)) {
		into.problems.push({
			path: ["permissions"],
			code: "invalid_type",
			value,
			message: "must be a list of { action, resource, effect } rules",
			fix: 'write e.g. permissions: [{ action: edit, resource: "*", effect: deny }]',
		});
		return;
	}
	const byAction = new Map<string, Record<string, string>>();
	for (const [index, rule] of value.entries()) {
		const r = (typeof rule === "object" && rule !== null ? rule : {}) as Record<string, unknown>;
		const { action, effect } = r;
		const resource = r.resource ?? "*";
		if (
			typeof action !== "string" ||
			typeof resource !== "string" ||
			!["allow", "ask", "deny"].includes(String(effect))
		) {
			into.problems.push({
				path: ["permissions", index],
				code: "invalid_value",
				value: rule,
				message: "a rule needs an action, an effect of allow, ask or deny, and optionally a resource pattern",
				fix: 'write e.g. { action: shell, resource: "*", effect: deny }',
			});
			continue;
		}
		// A later rule for the same resource replaces the earlier one and, as the last, decides.
		const rules = { ...byAction.get(action) };
		delete rules[resource];
		// The action moves to where its latest rule is: order decides between it and "*".
		byAction.delete(action);
		byAction.set(action, { ...rules, [resource]: String(effect) });
	}
	const verdicts = new Map(
		[...byAction].map(
			([action, rules]) => [action, { verdict: verdictOf(rules) ?? "withhold", value: rules }] as const,
		),
	);
	// With no matching rule OpenCode asks, and a child has nobody to ask.
	applyPermissions("permissions", verdicts, into, "deny");
}

/**
 * OpenCode's merge of a permission block laid under another (its own agents' rules under a file of
 * that name, as OpenCode deep-merges the file onto the agent): the upper block's entries replace the
 * lower's, and a tool's pattern maps merge. OpenCode appends the upper rules after the lower ones and
 * its last matching rule wins, so an entry (or pattern) the upper block writes moves to the end. A
 * bare action (`"deny"`) is `{ "*": action }`.
 */
export function layPermission(lower: unknown, upper: unknown): unknown {
	const block = (value: unknown) => (typeof value === "string" ? { "*": value } : value);
	const below = block(lower);
	const above = block(upper);
	if (!isRecord(below) || !isRecord(above)) return upper ?? lower;
	const after = (first: Record<string, unknown>, then: Record<string, unknown>) => {
		const out = { ...first };
		for (const name of Object.keys(then)) delete out[name];
		return Object.assign(out, then);
	};
	const merged = { ...below };
	for (const [name, rule] of Object.entries(above)) {
		const under = below[name];
		delete merged[name];
		merged[name] = isRecord(under) && isRecord(rule) ? after(under, rule) : rule;
	}
	return merged;
}
