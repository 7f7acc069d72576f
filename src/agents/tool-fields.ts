/**
 * The child's tool list from every key of a file that speaks about tools: the allowlist (`tools:`,
 * in any of its forms) first, then each key that takes tools away. Restrictions only ever remove:
 * when a file restricts without listing tools, the list starts from all of Pi's built-in tools (what
 * "every tool" meant to its author) and loses the withheld ones.
 */

import type { AgentNote } from "./definition.ts";
import { narrowByPermission, narrowByPermissionRules } from "./opencode/permission.ts";
import { externalRules, externalWhy } from "./opencode/permission-paths.ts";
import { toolsFromMap } from "./opencode/tool-map.ts";
import type { CommandPolicy } from "./permissions/command-policy.ts";
import { type PathPlaces, type PathRule, pathRuleLines, ruleTools } from "./permissions/path-policy.ts";
import { emptyNarrowing, type KeyProblem, narrowByDenyList, narrowByPermissionMode, withhold } from "./restrict.ts";
import { grantTools, PI_BUILTIN_TOOLS, splitToolEntries } from "./tools.ts";

/** The tool-related keys of a file, with shapes already checked. */
export interface ToolFields {
	tools?: unknown;
	disallowedTools?: unknown;
	excludeTools?: unknown;
	disallowed_tools?: unknown;
	permissionMode?: unknown;
	permission?: unknown;
	permissions?: unknown;
}

export interface AgentTools {
	/** Undefined: the file says nothing, the launcher's default applies. */
	tools?: string[];
	/** Per-command rules bash is held to, each of which must allow a command; absent when bash is not limited. */
	commands?: CommandPolicy[];
	/** Per-path rules the file tools are held to; absent when no path map limits a tool the child has. */
	paths?: PathRule[];
	notes: AgentNote[];
	problems: KeyProblem[];
}

function allowlist(value: unknown, available: readonly string[]): AgentTools {
	if (typeof value === "string" && value.trim().toLowerCase() === "inherit") {
		return { notes: [{ key: "tools", message: "inherit: the launcher's default tools" }], problems: [] };
	}
	// `*` alone is every tool, as Claude Code spells it: what leaving tools out says too. With other
	// names beside it, it stays a name, and the launch refuses it.
	const lone = Array.isArray(value) && value.length === 1 ? value[0] : value;
	if (typeof lone === "string" && lone.trim() === "*") {
		return { notes: [{ key: "tools", message: "*: every tool, the launcher's default tools" }], problems: [] };
	}
	// tintinweb/pi-subagents' words for every tool and for none (unless a tool has that name).
	const word = typeof lone === "string" && !available.includes(lone.trim()) ? lone.trim().toLowerCase() : undefined;
	if (word === "all") return { notes: [{ key: "tools", message: "all: the launcher's default tools" }], problems: [] };
	if (word === "none") return { tools: [], notes: [{ key: "tools", message: "none: no tools" }], problems: [] };
	if (typeof value === "object" && value !== null && !Array.isArray(value)) {
		return toolsFromMap(value as Record<string, unknown>, available);
	}
	const { entries, bad } = splitToolEntries(value as string | string[]);
	const problems = bad.map(
		(written): KeyProblem => ({
			path: ["tools"],
			code: "invalid_value",
			value: written,
			message: `"${written}" is not a tool name (a scope must be closed, as in Bash(git diff:*))`,
			fix: "write one tool per entry, e.g. tools: read, grep",
		}),
	);
	const { commands, ...granted } = grantTools(entries, available);
	return { ...granted, ...(commands && { commands: [commands] }), problems };
}

/**
 * Every tool key of a file, resolved against the tools a child could have; `places` says where the
 * path patterns of OpenCode's maps start.
 */
export function agentTools(fields: ToolFields, available: readonly string[], places: PathPlaces): AgentTools {
	const granted: AgentTools =
		fields.tools === undefined ? { notes: [], problems: [] } : allowlist(fields.tools, available);
	const narrowing = emptyNarrowing(places);
	for (const key of ["disallowedTools", "excludeTools", "disallowed_tools"] as const) {
		if (fields[key] !== undefined) narrowByDenyList(key, fields[key], available, narrowing);
	}
	if (fields.permissionMode !== undefined) narrowByPermissionMode(fields.permissionMode, narrowing);
	if (fields.permission !== undefined) narrowByPermission(fields.permission, narrowing);
	if (fields.permissions !== undefined) narrowByPermissionRules(fields.permissions, narrowing);
	const notes = [...granted.notes, ...narrowing.notes];
	const problems = [...granted.problems, ...narrowing.problems];
	// An external_directory limit cannot hold bash to a folder: bash goes, and the file tools are held.
	const external = narrowing.external[0];
	if (external) withhold(narrowing, ["bash"], externalWhy(external.key, external.value));
	const base = narrowing.withhold.size === 0 ? granted.tools : (granted.tools ?? [...PI_BUILTIN_TOOLS]);
	for (const [tool, why] of narrowing.withhold) {
		if (base?.includes(tool)) notes.push({ key: "tools", message: `${tool} withheld: ${why}` });
	}
	const tools = base?.filter((tool) => !narrowing.withhold.has(tool));
	const commands = [...(granted.commands ?? []), ...narrowing.commands];
	const bash = tools === undefined || tools.includes("bash");
	const has = tools ?? PI_BUILTIN_TOOLS;
	for (const { key, value } of narrowing.external) narrowing.paths.push(...externalRules(key, value, narrowing.places));
	const paths = narrowing.paths.filter((rule) => ruleTools(rule).some((tool) => has.includes(tool)));
	for (const line of pathRuleLines(paths, has)) notes.push({ key: "tools", message: line });
	return {
		...(tools && { tools }),
		...(bash && commands.length > 0 && { commands }),
		...(paths.length > 0 && { paths }),
		notes,
		problems,
	};
}
