/**
 * What Claude Code's settings files take away from its agents, applied to them here: the entries of
 * `permissions.deny` and `permissions.ask` that name a whole tool (`"Bash"`, `"Edit"`). Claude Code
 * applies its settings to every agent of the project, subagents included; a child runs headless, so
 * `ask` has nobody to ask and counts as `deny` (agents/restrict.ts).
 *
 * As Claude Code reads them, a rule on `Read` covers every tool that reads files (grep, find and ls
 * too) and a rule on `Edit` every tool that edits them (write too). A scoped bash entry
 * (`Bash(git push:*)`) is checked at each call of bash (agents/permissions/command-policy.ts), as Claude Code checks
 * it: the denial holds for the command as written and behind the usual wrappers, which narrows what
 * a child runs without confining it. A path scope of `Read`, `Edit` or `Write` (`Read(./.env)`) is
 * checked at each call of the file tools of its family (agents/permissions/path-policy.ts): withholding the whole tool
 * for it would take `read` from every Claude Code agent of a project that keeps its secrets out.
 * Other scoped rules are left to `pi-delegate agents`' "not applied" line (settings.ts). A
 * misspelt whole-tool entry is a problem of every Claude Code agent: ignoring it would leave the
 * tool granted.
 */
import type { Problem } from "../../problems.ts";
import { isRecord } from "../../values.ts";
import type { AgentDefinition } from "../definition.ts";
import type { CommandPolicy, CommandRule } from "../permissions/command-policy.ts";
import {
	type PathFamily,
	type PathPlaces,
	type PathRule,
	pathRule,
	pathRuleLines,
	ruleTools,
} from "../permissions/path-policy.ts";
import {
	classifyTool,
	isWholeScope,
	nearestTool,
	PI_BUILTIN_TOOLS,
	scopePatterns,
	splitToolEntries,
} from "../tools.ts";

/** A settings file as read: its label for messages, and its parsed object. */
export interface ClaudeSettingsText {
	label: string;
	settings: Readonly<Record<string, unknown>>;
	/** The project folder a project file belongs to: its `/x` path rules start there. */
	root?: string;
}

export interface ClaudeDenials {
	/** Pi tool → why it is withheld (the file, the list and the entry). */
	withhold: ReadonlyMap<string, string>;
	/** The scoped bash entries, as commands refused at each call; absent when there are none. */
	commands?: CommandPolicy;
	/** The path entries (`Read(./.env)`), as calls of the file tools refused at each call; absent when none. */
	paths?: PathRule[];
	/** Whole-tool entries that name no tool: each stops the Claude Code agents until fixed. */
	problems: Problem[];
}

/** Claude Code's rule families: the tools a rule on each name governs. */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
	read: ["read", "grep", "find", "ls"],
	edit: ["edit", "write"],
};

const LISTS = ["deny", "ask"] as const;
const ASKED = { deny: "", ask: ", and a child has nobody to ask" } as const;

function denialsOfEntry(written: string, at: Problem["path"], label: string, available: readonly string[]) {
	const family = FAMILIES[written.toLowerCase()];
	const tool = classifyTool(written, available);
	if (family !== undefined) return { tools: family };
	if (tool.kind === "pi") return { tools: [tool.name] };
	if (tool.kind === "foreign") return { tools: [] };
	const near = nearestTool(written, available);
	if (near === undefined) return { tools: [] };
	const problem: Problem = {
		source: label,
		path: at,
		code: "not_found",
		value: written,
		message: `"${written}" is not a tool (did you mean "${near}"?); a misspelt denial would leave the tool granted to Claude Code's agents`,
		fix: `write "${near}", or remove the entry`,
	};
	return { tools: [], problem };
}

/** The path families of Claude Code's rule names: `Write(…)` is an edit rule, as Claude Code reads it. */
const PATH_FAMILIES: Readonly<Record<string, PathFamily>> = { read: "read", edit: "edit", write: "edit" };

/**
 * The entries of every file's `permissions.deny` and `permissions.ask`: whole tools as Pi tools
 * withheld, scoped bash entries as commands refused, and (given the places paths start from) path
 * entries as file-tool calls refused.
 */
export function claudeDenials(
	files: readonly ClaudeSettingsText[],
	available: readonly string[],
	places?: PathPlaces,
): ClaudeDenials {
	const withhold = new Map<string, string>();
	const problems: Problem[] = [];
	const refused: CommandRule[] = [];
	const paths: PathRule[] = [];
	for (const { label, settings, root } of files) {
		const permissions = isRecord(settings.permissions) ? settings.permissions : {};
		for (const list of LISTS) {
			const rules = permissions[list];
			if (!Array.isArray(rules)) continue;
			rules.forEach((rule, i) => {
				if (typeof rule !== "string") return;
				const { entries } = splitToolEntries(rule);
				const entry = entries[0];
				if (entries.length !== 1 || entry === undefined) return;
				if (!isWholeScope(entry.scope)) {
					const from = `${label} permissions.${list} ${rule}`;
					const family = PATH_FAMILIES[entry.name.trim().toLowerCase()];
					if (family !== undefined && places !== undefined)
						paths.push(pathRule(entry.scope!, family, from, { ...places, ...(root && { root }) }));
					const tool = classifyTool(entry.name, available);
					if (tool.kind !== "pi" || tool.name !== "bash") return;
					for (const pattern of scopePatterns(entry.scope!))
						refused.push({ pattern, effect: "deny", syntax: "claude", from });
					return;
				}
				const found = denialsOfEntry(entry.name, ["permissions", list, i], label, available);
				if (found.problem) problems.push(found.problem);
				for (const tool of found.tools)
					if (!withhold.has(tool))
						withhold.set(tool, `${label} has ${JSON.stringify(rule)} in permissions.${list}${ASKED[list]}`);
			});
		}
	}
	return {
		withhold,
		problems,
		...(refused.length > 0 && { commands: { otherwise: "allow", rules: refused } }),
		...(paths.length > 0 && { paths }),
	};
}

/**
 * A Claude Code agent's definition without the tools its project's settings withhold, and with its
 * bash held to their scoped bash denials, each with a note.
 */
export function withoutDenied(definition: AgentDefinition, denials: ClaudeDenials): AgentDefinition {
	const base = definition.tools ?? [...PI_BUILTIN_TOOLS];
	const kept = base.filter((tool) => !denials.withhold.has(tool));
	const notes = base
		.filter((tool) => denials.withhold.has(tool))
		.map((tool) => ({ key: "tools", message: `${tool} withheld: ${denials.withhold.get(tool)}` }));
	const held = denials.commands !== undefined && kept.includes("bash");
	if (held) {
		const patterns = denials.commands!.rules.map((r) => r.pattern).join(", ");
		notes.push({ key: "tools", message: `bash refuses ${patterns} (Claude Code's settings, checked at each call)` });
	}
	const paths = (denials.paths ?? []).filter((rule) => ruleTools(rule).some((t) => kept.includes(t)));
	for (const line of pathRuleLines(paths, kept)) notes.push({ key: "tools", message: line });
	if (notes.length === 0) return definition;
	return {
		...definition,
		...(kept.length !== base.length && { tools: kept }),
		...(held && { commands: [...(definition.commands ?? []), denials.commands!] }),
		...(paths.length > 0 && { paths: [...(definition.paths ?? []), ...paths] }),
		notes: [...definition.notes, ...notes],
	};
}
