/**
 * Where agents are read from, highest rank first: the project's folders (the working directory's,
 * then those above it inside its repository), the user's, then the ones bundled with pi-delegate.
 * Each convention's folder is read where that tool keeps it: Pi's `.pi/agents/`, the `.agents/`
 * pi-subagents shares with other conventions, Claude Code's `.claude/agents/` (and the user's
 * plugins, claude/plugins.ts), OpenCode's `.opencode/agents/` (or `agent/`) and its config files.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { bundledAgentsDir } from "./bundled.ts";
import { type ClaudePlugin, claudeDir } from "./claude/plugins.ts";
import type { AgentScope } from "./definition.ts";
import { openCodeConfigFiles } from "./opencode/config.ts";

/** A plugin's own name: its id without the marketplace (`feature-dev@claude-plugins-official`). */
function pluginName(id: string): string {
	const at = id.lastIndexOf("@");
	return at > 0 ? id.slice(0, at) : id;
}

export interface AgentPlace {
	scope: AgentScope;
	dir: string;
	/** A Claude Code or OpenCode folder: subfolders are read, and Markdown without frontmatter is not an agent. */
	nested?: true;
	/** `dir` is an OpenCode config file, whose `agent` / `agents` entries are agents (opencode/config.ts). */
	config?: true;
	/** A folder other conventions share (`.agents/`): Markdown without frontmatter there is not an agent. */
	shared?: true;
	/** An OpenCode folder: a file named like one of OpenCode's own agents is merged onto it (opencode/merge.ts). */
	opencode?: true;
	/** A Claude Code plugin's folder: its name, by which Claude Code qualifies its agents (`plugin:agent`). */
	namespace?: string;
	/** A Claude Code folder (`.claude/agents/`, a plugin's): Claude Code's settings apply to its agents. */
	claude?: true;
}

/**
 * The directories whose agent folders are the project's, nearest first: the working directory and,
 * inside a git repository, each directory above it up to the repository's root — as Claude Code,
 * OpenCode, Pi's subagent example and pi-subagents find a project's agents from a subdirectory, the
 * nearest definition winning. Outside a repository only the working directory: a folder above it
 * (a shared /tmp, a parent of many checkouts) is not this project's, and an agent file there would
 * decide what a child may do. The home directory and anything above it are never the project's
 * (~/.claude/agents is the user's, and a home kept in git must not make it the project's too).
 */
export function projectDirs(cwd: string, home: string, exists: (path: string) => boolean = existsSync): string[] {
	const start = resolve(cwd);
	const top = resolve(home);
	const dirs: string[] = [];
	for (let dir = start; ; dir = dirname(dir)) {
		if (dir === top) break;
		dirs.push(dir);
		if (exists(join(dir, ".git"))) return dirs;
		if (dir === dirname(dir)) break;
	}
	// No repository at or above the working directory (below home): the working directory alone.
	return [start];
}

/** Every folder agents are read from, highest rank first. */
export function agentPlaces(options: {
	cwd: string;
	home: string;
	/** Pi's agent directory. */
	agentDir: string;
	/** The bundled agents' folder; found from the package when absent, none when null. */
	bundledDir?: string | null;
	/** The environment, for `$XDG_CONFIG_HOME`, `$OPENCODE_CONFIG` and `$CLAUDE_CONFIG_DIR`. */
	env?: Readonly<Record<string, string | undefined>>;
	/** Claude Code's plugins that are on (claude/plugins.ts): their agents rank below the user's own. */
	plugins?: readonly ClaudePlugin[];
	/** The project's directories, when the caller has found them already (see projectDirs). */
	projectDirs?: readonly string[];
}): AgentPlace[] {
	const bundled = options.bundledDir === undefined ? bundledAgentsDir() : options.bundledDir;
	// The XDG rule: a relative $XDG_CONFIG_HOME is invalid and ignored.
	const xdg = options.env?.XDG_CONFIG_HOME;
	const configHome = xdg && isAbsolute(xdg) ? xdg : join(options.home, ".config");
	// OpenCode reads `agents/` and, from its first versions, `agent/`: both, the current name first.
	const openCode = (base: string) => [join(base, "agents"), join(base, "agent")];
	const nested = true as const;
	const config = true as const;
	const opencode = true as const;
	const claude = true as const;
	const configs = (scope: AgentScope, ...dirs: string[]) =>
		dirs.flatMap(openCodeConfigFiles).map((dir) => ({ scope, dir, config }));
	// OPENCODE_CONFIG names one more config file, the user's (relative to the working directory).
	const named = options.env?.OPENCODE_CONFIG;
	// pi-subagents also reads `.agents/` and `~/.agents/`, folders other conventions share (skills live
	// in `.agents/skills/`), so they are read flat and a Markdown file there may be something else.
	const shared = true as const;
	const project = (dir: string): AgentPlace[] => [
		{ scope: "project", dir: join(dir, ".pi", "agents") },
		{ scope: "project", dir: join(dir, ".agents"), shared },
		{ scope: "project", dir: join(dir, ".claude", "agents"), nested, claude },
		...openCode(join(dir, ".opencode")).map((at) => ({ scope: "project" as const, dir: at, nested, opencode })),
		...configs("project", join(dir, ".opencode"), dir),
	];
	return [
		...(options.projectDirs ?? projectDirs(options.cwd, options.home)).flatMap(project),
		{ scope: "user", dir: join(options.agentDir, "agents") },
		{ scope: "user", dir: join(options.home, ".agents"), shared },
		{ scope: "user", dir: join(claudeDir(options.home, options.env), "agents"), nested, claude },
		...openCode(join(configHome, "opencode")).map((dir) => ({ scope: "user" as const, dir, nested, opencode })),
		...(named ? [{ scope: "user" as const, dir: resolve(options.cwd, named), config }] : []),
		...configs("user", join(configHome, "opencode")),
		...(options.plugins ?? []).flatMap((p) =>
			p.dirs.map((dir) => ({ scope: "user" as const, dir, nested, claude, namespace: pluginName(p.id) })),
		),
		...(bundled ? [{ scope: "bundled" as const, dir: bundled }] : []),
	];
}
