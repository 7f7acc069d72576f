/**
 * Keys that take tools away, in the forms other tools write them: Claude Code's `disallowedTools`
 * and `permissionMode: plan`, pi-subagents' `excludeTools`, OpenCode's `tools: { write: false }`
 * map, its `permission:` block and its newer `permissions:` rules. Each becomes a set of Pi tools
 * to withhold from the child.
 *
 * A child runs headless, so `ask` has nobody to ask and counts as `deny`. A rule pi-delegate cannot
 * enforce exactly — a per-command bash allowlist, a per-path edit rule — withholds the whole tool:
 * the safe side of a rule is the tool's absence. A name in a deny list that looks like a typo of a
 * tool is an error, since ignoring it would leave the tool granted.
 */
import type { Problem } from "../problems.ts";
import { closest } from "../suggest.ts";
import type { AgentNote } from "./definition.ts";
import { classifyTool, nearestTool, PI_BUILTIN_TOOLS, splitToolEntries } from "./tools.ts";

/** A problem located by frontmatter key; parse.ts adds the file's label as its source. */
export type KeyProblem = Omit<Problem, "source">;

export interface Narrowing {
	/** Pi tool → why it is withheld. */
	withhold: Map<string, string>;
	notes: AgentNote[];
	problems: KeyProblem[];
}

export const emptyNarrowing = (): Narrowing => ({ withhold: new Map(), notes: [], problems: [] });

function withhold(into: Narrowing, tools: readonly string[], why: string): void {
	for (const tool of tools) if (!into.withhold.has(tool)) into.withhold.set(tool, why);
}

/** `disallowedTools` / `excludeTools`: a list of tools the child must not have. */
export function narrowByDenyList(key: string, value: unknown, available: readonly string[], into: Narrowing): void {
	const { entries, bad } = splitToolEntries(value as string | string[]);
	for (const written of bad) {
		into.problems.push({
			path: [key],
			code: "invalid_value",
			value: written,
			message: `"${written}" is not a tool name (a scope must be closed, as in Bash(rm:*))`,
			fix: "write one tool per entry, e.g. disallowedTools: Write, Edit",
		});
	}
	for (const entry of entries) {
		const tool = classifyTool(entry.name, available);
		if (tool.kind === "foreign") continue;
		if (tool.kind === "pi") {
			const why =
				entry.scope === undefined
					? `${key} lists ${entry.written}`
					: `${key} lists ${entry.written}; pi-delegate cannot withhold only part of ${tool.name}, so it withholds all of it`;
			withhold(into, [tool.name], why);
			continue;
		}
		const near = nearestTool(entry.name, available);
		if (near !== undefined) {
			into.problems.push({
				path: [key],
				code: "not_found",
				value: entry.written,
				message: `"${entry.written}" is not a tool (did you mean "${near}"?); a misspelt denial would leave the tool granted`,
				fix: `write "${near}", or remove the entry`,
			});
		} else into.notes.push({ key, message: `${entry.written} is not a tool here; nothing to withhold` });
	}
}

const PERMISSION_MODES = ["default", "acceptEdits", "dontAsk", "bypassPermissions", "plan", "auto"] as const;

/** Claude Code's `permissionMode`: only `plan` changes what a child may do (it makes the agent read-only). */
export function narrowByPermissionMode(value: unknown, into: Narrowing): void {
	if (value === "plan") {
		withhold(into, ["edit", "write", "bash"], "permissionMode: plan is read-only");
		return;
	}
	if (typeof value === "string" && (PERMISSION_MODES as readonly string[]).includes(value)) {
		into.notes.push({ key: "permissionMode", message: `${value}: no effect; a child never stops to ask` });
		return;
	}
	into.problems.push({
		path: ["permissionMode"],
		code: "invalid_value",
		value,
		message: `must be one of ${PERMISSION_MODES.join(", ")}`,
		fix: "use plan for a read-only agent, or remove the key",
	});
}

/** OpenCode permission names and the Pi tools each governs; `edit` covers every tool that writes. */
const PERMISSION_TOOLS: Readonly<Record<string, readonly string[]>> = {
	edit: ["edit", "write"],
	write: ["write"],
	bash: ["bash"],
	shell: ["bash"],
	read: ["read"],
	glob: ["find"],
	grep: ["grep"],
	list: ["ls"],
	"*": PI_BUILTIN_TOOLS,
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

type Verdict = "allow" | "withhold" | "partial";

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

function applyVerdict(key: string, name: string, verdict: Verdict, value: unknown, into: Narrowing): void {
	if (name === "external_directory") {
		if (verdict === "allow") return;
		into.problems.push({
			path: [key],
			code: "unavailable",
			value,
			message:
				"external_directory limits where tools may reach outside the project; pi-delegate cannot confine read or bash to a folder",
			fix: "remove the rule (the task's roots and write_allowed limit what a child may change), or keep this agent for OpenCode",
		});
		return;
	}
	const tools = PERMISSION_TOOLS[name];
	if (tools === undefined || verdict === "allow") return;
	const why =
		verdict === "partial"
			? `${key}.${name} allows only some uses, which pi-delegate cannot enforce; the whole tool is withheld`
			: `${key}.${name} denies it (ask counts as deny: a child has nobody to ask)`;
	withhold(into, tools, why);
}

function unknownPermission(key: string, name: string, value: unknown): KeyProblem {
	const names = [...Object.keys(PERMISSION_TOOLS), ...PERMISSION_NO_TOOL, "external_directory"];
	const near = closest(name, names);
	return {
		path: [key, name],
		code: "unknown_key",
		value,
		message: `unknown permission "${name}"${near ? ` (did you mean "${near}"?)` : ""}; a misspelt denial would leave the tool granted`,
		fix: `use one of: ${names.join(", ")}`,
	};
}

const badAction = (path: readonly string[], value: unknown): KeyProblem => ({
	path,
	code: "invalid_value",
	value,
	message: "must be allow, ask or deny, or a map of command patterns to those",
	fix: 'write e.g. edit: deny, or bash: { "git status": allow, "*": deny }',
});

/** OpenCode's `permission:` block (or one action for everything). */
export function narrowByPermission(value: unknown, into: Narrowing): void {
	const block = typeof value === "string" ? { "*": value } : value;
	if (typeof block !== "object" || block === null || Array.isArray(block)) {
		into.problems.push(badAction(["permission"], value));
		return;
	}
	for (const [name, rule] of Object.entries(block)) {
		if (!Object.hasOwn(PERMISSION_TOOLS, name) && !PERMISSION_NO_TOOL.has(name) && name !== "external_directory") {
			into.problems.push(unknownPermission("permission", name, rule));
			continue;
		}
		const verdict = verdictOf(rule);
		if (verdict === undefined) into.problems.push(badAction(["permission", name], rule));
		else applyVerdict("permission", name, verdict, rule, into);
	}
}

/** OpenCode's `permissions:` rules: `{ action, resource, effect }`, later rules refining earlier ones. */
export function narrowByPermissionRules(value: unknown, into: Narrowing): void {
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
		byAction.set(action, { ...byAction.get(action), [resource]: String(effect) });
	}
	for (const [action, rules] of byAction) {
		if (
			!Object.hasOwn(PERMISSION_TOOLS, action) &&
			!PERMISSION_NO_TOOL.has(action) &&
			action !== "external_directory"
		) {
			into.problems.push(unknownPermission("permissions", action, rules));
			continue;
		}
		applyVerdict("permissions", action, verdictOf(rules) ?? "withhold", rules, into);
	}
}
