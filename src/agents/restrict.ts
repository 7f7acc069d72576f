/**
 * Keys that take tools away, in the forms other tools write them: Claude Code's `disallowedTools`
 * and `permissionMode: plan`, pi-subagents' `excludeTools`, OpenCode's `tools: { write: false }`
 * map, its `permission:` block and its newer `permissions:` rules. Each becomes a set of Pi tools
 * to withhold from the child.
 *
 * A child runs headless, so `ask` has nobody to ask and counts as `deny`. A rule pi-delegate cannot
 * enforce exactly — a bash map that denies a few commands and allows the rest, a grep map — withholds
 * the whole tool: the safe side of a rule is the tool's absence. A bash map that allows only the
 * commands it names is held per call instead (permissions/command-policy.ts), and so are the path maps of read
 * and the editing permissions (permissions/path-policy.ts). A name in a deny list that looks like a typo of a
 * tool is an error, since ignoring it would leave the tool granted.
 */
import type { Problem } from "../problems.ts";
import type { AgentNote } from "./definition.ts";
import type { CommandPolicy } from "./permissions/command-policy.ts";
import type { PathPlaces, PathRule } from "./permissions/path-policy.ts";
import { classifyTool, nearestTool, splitToolEntries } from "./tools.ts";

/** A problem located by frontmatter key; parse.ts adds the file's label as its source. */
export type KeyProblem = Omit<Problem, "source">;

export interface Narrowing {
	/** Pi tool → why it is withheld. */
	withhold: Map<string, string>;
	/** Per-command rules bash is held to, when a key allows only some commands (OpenCode's bash map). */
	commands: CommandPolicy[];
	/** Per-path rules the file tools are held to, when a key allows only some paths (OpenCode's read and edit maps). */
	paths: PathRule[];
	/** Where path patterns start. */
	places: PathPlaces;
	/** OpenCode's `external_directory` limits, held once the child's tools are known (bash cannot be held). */
	external: Array<{ key: string; value: unknown }>;
	notes: AgentNote[];
	problems: KeyProblem[];
}

export const emptyNarrowing = (places: PathPlaces): Narrowing => ({
	withhold: new Map(),
	commands: [],
	paths: [],
	places,
	external: [],
	notes: [],
	problems: [],
});

export function withhold(into: Narrowing, tools: readonly string[], why: string): void {
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
