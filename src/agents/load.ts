/**
 * Discovers agent files: `*.md` directly in `<cwd>/.pi/agents/` (project) and `<agentDir>/agents/`
 * (user). The thin I/O shell around buildAgentCatalog.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "../problems.ts";
import { displayPath } from "../settings/paths.ts";
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

/** The project and user agent directories. */
export function agentDirs(cwd: string, agentDir: string): Record<AgentScope, string> {
	return { project: join(cwd, ".pi", "agents"), user: join(agentDir, "agents") };
}

function listMarkdown(dir: string): string[] | undefined {
	try {
		return readdirSync(dir)
			.filter((name) => name.endsWith(".md"))
			.sort()
			.map((name) => join(dir, name))
			.filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile() === true);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") {
			return undefined;
		}
		throw error;
	}
}

/** Reads every agent file of both scopes and builds the catalog; every problem is in the result. */
export function loadAgents(options: LoadAgentsOptions): LoadedAgents {
	const where = { cwd: options.cwd, home: options.home };
	const dirs = agentDirs(options.cwd, options.agentDir);
	const files: AgentFileText[] = [];
	const readProblems: Problem[] = [];
	const skipped: SkippedAgentDir[] = [];
	for (const scope of ["project", "user"] as const) {
		const dir = dirs[scope];
		const found = listMarkdown(dir);
		if (found === undefined || found.length === 0) continue;
		if (scope === "project" && !options.projectTrusted) {
			skipped.push({ dir, label: displayPath(dir, where), reason: "the project is not trusted by Pi" });
			continue;
		}
		for (const file of found) {
			const label = displayPath(file, where);
			try {
				files.push({ scope, file, label, text: readFileSync(file, "utf8") });
			} catch (error) {
				readProblems.push({
					path: label,
					value: undefined,
					message: `cannot read the agent file: ${error instanceof Error ? error.message : String(error)}`,
					fix: "make it readable, or remove it",
				});
			}
		}
	}
	const catalog = buildAgentCatalog(files);
	return { ...catalog, problems: [...readProblems, ...catalog.problems], skipped };
}
