/**
 * Tool names as other tools write them, turned into Pi's. Claude Code capitalises its tools and
 * names some differently (Glob is Pi's find, MultiEdit is one more edit); OpenCode says list for
 * ls. A tool with no Pi counterpart (WebFetch, Task, TodoWrite, an MCP tool) is dropped with a
 * note: the child runs without it, which is narrower than what the author allowed, never wider.
 * Where an installed extension offers a tool of exactly that name, it is kept.
 *
 * A name nobody knows stays in the list as written, so the launch check reports it with the nearest
 * real tool: a typo must make the agent fail loudly, not start quietly with a different tool set.
 */
import { closest } from "../suggest.ts";
import type { AgentNote } from "./definition.ts";
import type { CommandPolicy, CommandRule } from "./permissions/command-policy.ts";

/** The tools every Pi session builds in (Pi 0.86.1 … 1.6; 1.6 adds powershell, offered where Pi lists it). */
export const PI_BUILTIN_TOOLS: readonly string[] = Object.freeze([
	"read",
	"bash",
	"edit",
	"write",
	"grep",
	"find",
	"ls",
]);

/** Other tools' names for Pi's tools, lower case without separators. */
const PI_EQUIVALENTS: Readonly<Record<string, string>> = {
	read: "read",
	grep: "grep",
	glob: "find",
	find: "find",
	ls: "ls",
	list: "ls",
	bash: "bash",
	edit: "edit",
	multiedit: "edit",
	write: "write",
};

/** Tools of Claude Code, OpenCode and Pi packages that a pi-delegate child does not have. */
const NO_EQUIVALENT = new Set([
	// Claude Code
	"webfetch",
	"websearch",
	"task",
	"agent",
	"notebookedit",
	"notebookread",
	"bashoutput",
	"killbash",
	"killshell",
	"exitplanmode",
	"enterplanmode",
	"slashcommand",
	"skill",
	"askuserquestion",
	"listmcpresourcestool",
	"readmcpresourcetool",
	"toolsearch",
	"mcpsearch",
	"taskcreate",
	"taskget",
	"tasklist",
	"taskupdate",
	"taskoutput",
	"taskstop",
	"sendmessage",
	"teamcreate",
	"teamdelete",
	"enterworktree",
	"exitworktree",
	"structuredoutput",
	"monitor",
	"remotetrigger",
	"pushnotification",
	"workflow",
	// Kept where Pi offers it (Pi 1.6 on Windows), dropped elsewhere.
	"powershell",
	// OpenCode
	"patch",
	"codesearch",
	"question",
	"lsp",
	"applypatch",
	// Pi packages (pi-subagents' own tools and the web tools it pairs with)
	"contactsupervisor",
	"fetchcontent",
	"getsearchcontent",
	"sourcecheck",
	"subagent",
	"intercom",
	"bgwait",
]);

/**
 * Tools that only keep a to-do list or a plan in the session and have no authority over files:
 * Claude Code's TodoWrite, OpenCode's todowrite and todoread, Pi's `todo` extension, Gemini CLI's
 * write_todos, Codex's update_plan. A child is one task and its result is the envelope, so it runs
 * without them: dropping one takes nothing away that a file, a command or the report depends on.
 */
const SESSION_PLANNERS = new Set([
	"todo",
	"todos",
	"todowrite",
	"todoread",
	"todolist",
	"writetodos",
	"readtodos",
	"managetodolist",
	"updateplan",
	"updatetodos",
]);

const squash = (name: string) => name.toLowerCase().replace(/[-_.\s]/g, "");

export type ToolName =
	/** A Pi tool, or a tool an installed extension provides. */
	| { kind: "pi"; name: string }
	/** Another tool's tool with no Pi counterpart: dropped. */
	| { kind: "foreign"; why: string }
	/** Nobody's tool: kept as written, for the launch check to report. */
	| { kind: "unknown"; name: string };

/**
 * What one plain tool name (no scope) means here. `available` is every tool a child could be given;
 * an exact match there wins over the mapping, so an extension's `task` tool is kept, not dropped.
 */
export function classifyTool(written: string, available: readonly string[]): ToolName {
	if (available.includes(written)) return { kind: "pi", name: written };
	const equivalent = PI_EQUIVALENTS[squash(written)];
	if (equivalent !== undefined) return { kind: "pi", name: equivalent };
	// Case differences only, and only when they single out one tool: `Web_Search` for `web_search`.
	const folded = available.filter((name) => name.toLowerCase() === written.toLowerCase());
	if (folded.length === 1 && folded[0] !== undefined) return { kind: "pi", name: folded[0] };
	if (/^mcp(__|:)/i.test(written)) return { kind: "foreign", why: "an MCP tool; children get no MCP servers" };
	if (NO_EQUIVALENT.has(squash(written))) return { kind: "foreign", why: "Pi has no such tool" };
	if (SESSION_PLANNERS.has(squash(written)))
		return {
			kind: "foreign",
			why: "it only keeps a to-do list in the session, which a child's one task needs no tool for",
		};
	return { kind: "unknown", name: written };
}

/** One entry of a tools list: a name, optionally with Claude Code's scope (`Bash(git diff:*)`). */
export interface ToolEntry {
	written: string;
	name: string;
	/** The text inside the parentheses, when the entry has them. */
	scope?: string;
}

/**
 * Splits a tools value into entries: a YAML list, or one string with commas between entries. Commas
 * inside parentheses belong to the scope (`Bash(git add:*, git commit:*)`). Returns undefined for
 * an entry that opens a parenthesis it never closes, or has text after it: a scope that cannot be
 * read is an error, never guessed at.
 */
export function splitToolEntries(value: string | readonly string[]): { entries: ToolEntry[]; bad: string[] } {
	const pieces: string[] = [];
	if (typeof value === "string") {
		let depth = 0;
		let current = "";
		for (const char of value) {
			if (char === "(") depth++;
			if (char === ")") depth--;
			if (char === "," && depth === 0) {
				pieces.push(current);
				current = "";
			} else current += char;
		}
		pieces.push(current);
	} else pieces.push(...value);
	const entries: ToolEntry[] = [];
	const bad: string[] = [];
	for (const piece of pieces) {
		const written = piece.trim();
		if (written === "") continue;
		const scoped = /^([A-Za-z_][\w.:-]*)\s*\((.*)\)$/s.exec(written);
		if (scoped?.[1] !== undefined && scoped[2] !== undefined) {
			entries.push({ written, name: scoped[1], scope: scoped[2].trim() });
		} else if (/[()\s]/.test(written)) bad.push(written);
		else entries.push({ written, name: written });
	}
	return { entries, bad };
}

/** A scope that allows everything (`Bash(*)`, `Bash()`) says no more than the plain name. */
export function isWholeScope(scope: string | undefined): boolean {
	return scope === undefined || scope === "" || scope === "*" || scope === ":*";
}

/**
 * The patterns of a bash scope: `git diff:*`, or several with commas (`git add:*, git commit:*`)
 * when each piece is a pattern ending in `*`; a comma in any other scope is the command's own.
 */
export function scopePatterns(scope: string): string[] {
	const pieces = scope.split(/,\s+/).map((piece) => piece.trim());
	return pieces.length > 1 && pieces.every((piece) => /\S\s*:?\*$/.test(piece)) ? pieces : [scope];
}

/**
 * The Pi tool list an allowlist grants, with a note for every name mapped, dropped or repeated.
 *
 * A scoped bash entry (`Bash(git diff:*)`) grants bash limited to the commands its patterns name,
 * checked per call (permissions/command-policy.ts); an unscoped `Bash` beside it grants every command. Any
 * other scope (`Edit(src/**)`, `Read(./docs/**)`) is withheld, with a note: pi-delegate cannot
 * confine a tool to a path, and granting all of it would allow more than the file says.
 */
export function grantTools(
	entries: readonly ToolEntry[],
	available: readonly string[],
	key = "tools",
): { tools: string[]; notes: AgentNote[]; commands?: CommandPolicy } {
	const tools: string[] = [];
	const notes: AgentNote[] = [];
	const rules: CommandRule[] = [];
	const note = (message: string) => notes.push({ key, message });
	const plain = new Set<string>();
	for (const entry of entries) {
		const tool = classifyTool(entry.name, available);
		if (tool.kind !== "foreign" && isWholeScope(entry.scope)) plain.add(tool.name);
	}
	for (const entry of entries) {
		const tool = classifyTool(entry.name, available);
		if (tool.kind === "foreign") {
			note(`${entry.written} dropped: ${tool.why}; the agent runs without it`);
			continue;
		}
		if (!isWholeScope(entry.scope) && tool.name === "bash" && !plain.has("bash")) {
			for (const pattern of scopePatterns(entry.scope!))
				rules.push({ pattern, effect: "allow", syntax: "claude", from: `${key}: ${entry.written}` });
			if (!tools.includes("bash")) tools.push("bash");
			continue;
		}
		if (!isWholeScope(entry.scope)) {
			if (!plain.has(tool.name)) {
				note(
					`${entry.written} withheld: pi-delegate cannot limit ${tool.name} to "${entry.scope}", and granting all of it would allow more than the file says`,
				);
			}
			continue;
		}
		if (tools.includes(tool.name)) {
			note(`${entry.written} dropped: ${tool.name} is already listed`);
			continue;
		}
		// Case alone (Read for read) is not worth a line; a different name (Glob for find) is.
		if (tool.name.toLowerCase() !== entry.written.toLowerCase()) note(`${entry.written} → ${tool.name}`);
		tools.push(tool.name);
	}
	if (rules.length === 0) return { tools, notes };
	note(`bash limited to ${rules.map((r) => r.pattern).join(", ")} (checked at each call)`);
	return { tools, notes, commands: { otherwise: "deny", rules } };
}

/** The tool a misspelt name most likely meant, among Pi's tools, the available ones and Claude Code's. */
export function nearestTool(written: string, available: readonly string[]): string | undefined {
	return closest(written, [...new Set([...PI_BUILTIN_TOOLS, ...available, "Glob", "MultiEdit", "list"])]);
}

/**
 * Whether a value could be a tool list: an entry of it (a list item, a comma-separated part of a
 * string, a map key) whose words are all tools' names in a convention this package reads — Pi's,
 * Claude Code's, OpenCode's, an MCP tool's — with Claude Code's scope cut off: `Bash`, `Bash,
 * Write`, `[Bash(rm:*)]`, `Read Edit`. Prose that happens to use such a word ("find the task") is
 * not a tool list.
 */
export function namesTool(value: unknown): boolean {
	const entries = (item: unknown): string[] => {
		// A scope's commas are its own: `Bash(git add:*, git commit:*)` is one entry.
		if (typeof item === "string") return item.replace(/\([^)]*\)/g, "").split(",");
		if (Array.isArray(item)) return item.flatMap(entries);
		if (typeof item === "object" && item !== null)
			return Object.entries(item).flatMap(([key, inner]) => [key, ...entries(inner)]);
		return [];
	};
	// A to-do tool governs nothing a restriction could be about, and `status: todo` is metadata.
	const isTool = (word: string) =>
		!SESSION_PLANNERS.has(squash(word)) && classifyTool(word.replace(/\(.*$/, ""), PI_BUILTIN_TOOLS).kind !== "unknown";
	return entries(value).some((entry) => {
		const words = entry.trim().split(/\s+/).filter(Boolean);
		return words.length > 0 && words.every(isTool);
	});
}
