/**
 * Discovers agent files: `*.md` directly in each agent folder, ranked project before user before
 * bundled, Pi's folders before Claude Code's before OpenCode's. The thin I/O shell around
 * buildAgentCatalog.
 *
 * Nothing in a folder may crash the listing or a launch, even in a project nobody trusts: a symlink
 * loop, a dangling link, an unreadable file or folder becomes a problem of that file or folder.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, isAbsolute, join } from "node:path";
import type { Problem } from "../problems.ts";
import { displayPath } from "../settings/paths.ts";
import { bundledAgentsDir } from "./bundled.ts";
import { type AgentCatalog, type AgentFileText, buildAgentCatalog } from "./catalog.ts";
import type { AgentScope } from "./definition.ts";

export interface LoadAgentsOptions {
	cwd: string;
	home: string;
	/** Pi's agent directory (see resolveAgentDir). */
	agentDir: string;
	/**
	 * Whether Pi trusts the project. An untrusted project's agents are not loaded, as Pi does not load
	 * its prompts or skills: otherwise a cloned repository could shadow the user's own agents.
	 */
	projectTrusted: boolean;
	/** Every tool a child could be given; Pi's built-ins when absent (see parseAgentFile). */
	availableTools?: readonly string[];
	/** The bundled agents' folder; found from the package when absent, none when null. */
	bundledDir?: string | null;
	/** The environment, for `$XDG_CONFIG_HOME` (where OpenCode keeps the user's agents); none: `~/.config`. */
	env?: Readonly<Record<string, string | undefined>>;
}

/** A directory of agents that exists but was not read. */
export interface SkippedAgentDir {
	dir: string;
	label: string;
	reason: string;
}

export interface LoadedAgents extends AgentCatalog {
	skipped: SkippedAgentDir[];
}

export interface AgentPlace {
	scope: AgentScope;
	dir: string;
}

/** Every folder agents are read from, highest rank first. */
export function agentPlaces(
	options: Pick<LoadAgentsOptions, "cwd" | "home" | "agentDir" | "bundledDir" | "env">,
): AgentPlace[] {
	const bundled = options.bundledDir === undefined ? bundledAgentsDir() : options.bundledDir;
	// The XDG rule: a relative $XDG_CONFIG_HOME is invalid and ignored.
	const xdg = options.env?.XDG_CONFIG_HOME;
	const configHome = xdg && isAbsolute(xdg) ? xdg : join(options.home, ".config");
	// OpenCode reads `agents/` and, from its first versions, `agent/`: both, the current name first.
	const openCode = (base: string) => [join(base, "agents"), join(base, "agent")];
	return [
		{ scope: "project", dir: join(options.cwd, ".pi", "agents") },
		{ scope: "project", dir: join(options.cwd, ".claude", "agents") },
		...openCode(join(options.cwd, ".opencode")).map((dir) => ({ scope: "project" as const, dir })),
		{ scope: "user", dir: join(options.agentDir, "agents") },
		{ scope: "user", dir: join(options.home, ".claude", "agents") },
		...openCode(join(configHome, "opencode")).map((dir) => ({ scope: "user" as const, dir })),
		...(bundled ? [{ scope: "bundled" as const, dir: bundled }] : []),
	];
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The folder's `*.md` names, undefined when it does not exist; a folder that cannot be read is a problem. */
function listMarkdown(dir: string): { names?: string[]; problem?: string } {
	try {
		return {
			names: readdirSync(dir)
				.filter((name) => name.endsWith(".md"))
				.sort(),
		};
	} catch (error) {
		if (code(error) === "ENOENT" || code(error) === "ENOTDIR") return {};
		return { problem: reason(error) };
	}
}

/** One file's text, nothing for a subfolder, or the reason it cannot be read. */
function readAgentFile(file: string): { text?: string; problem?: string; skip?: true } {
	try {
		const stat = statSync(file, { throwIfNoEntry: false });
		if (stat === undefined) return { problem: "it is a link to nothing" };
		if (!stat.isFile()) return { skip: true };
		return { text: readFileSync(file, "utf8") };
	} catch (error) {
		return { problem: code(error) === "ELOOP" ? "it is a symbolic link that loops" : reason(error) };
	}
}

function readPlace(
	place: AgentPlace,
	where: { cwd: string; home: string },
	files: AgentFileText[],
	problems: Problem[],
): void {
	// The bundled folder's real path says nothing useful (it is wherever the package is installed).
	const label = (path: string) =>
		place.scope === "bundled"
			? path === place.dir
				? "bundled"
				: `bundled/${basename(path)}`
			: displayPath(path, where);
	const listed = listMarkdown(place.dir);
	if (listed.problem !== undefined) {
		problems.push({
			source: label(place.dir),
			path: [],
			code: "unreadable",
			value: undefined,
			message: `cannot read the agent folder: ${listed.problem}`,
			fix: "make it readable, or remove it",
		});
	}
	for (const name of listed.names ?? []) {
		const file = join(place.dir, name);
		const read = readAgentFile(file);
		if (read.skip) continue;
		const base = { scope: place.scope, file, label: label(file), place: label(place.dir) };
		if (read.text !== undefined) {
			files.push({ ...base, text: read.text });
			continue;
		}
		const readProblem: Problem = {
			source: base.label,
			path: [],
			code: "unreadable",
			value: undefined,
			message: `cannot read the agent file: ${read.problem}`,
			fix: "make it readable, or remove it",
		};
		files.push({ ...base, text: "", readProblem });
	}
}

/** Reads every agent file of every place and builds the catalog; every problem is in the result. */
export function loadAgents(options: LoadAgentsOptions): LoadedAgents {
	const where = { cwd: options.cwd, home: options.home };
	const label = (path: string) => displayPath(path, where);
	const files: AgentFileText[] = [];
	const folderProblems: Problem[] = [];
	const skipped: SkippedAgentDir[] = [];
	for (const place of agentPlaces(options)) {
		if (place.scope === "project" && !options.projectTrusted) {
			const listed = listMarkdown(place.dir);
			if ((listed.names?.length ?? 0) > 0 || listed.problem !== undefined) {
				skipped.push({ dir: place.dir, label: label(place.dir), reason: "the project is not trusted by Pi" });
			}
			continue;
		}
		readPlace(place, where, files, folderProblems);
	}
	const catalog = buildAgentCatalog(files, options.availableTools ? { availableTools: options.availableTools } : {});
	return { ...catalog, problems: [...folderProblems, ...catalog.problems], skipped };
}
