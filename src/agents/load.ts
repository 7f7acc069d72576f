/**
 * Discovers agent files: `*.md` in each agent folder, ranked project before user before bundled,
 * Pi's folders (and the `.agents/` pi-subagents reads) before Claude Code's before OpenCode's. The
 * thin I/O shell around buildAgentCatalog.
 *
 * Claude Code's and OpenCode's folders are read as those tools read them: with their subfolders
 * (people sort a collection into `review/`, `research/`), and a Markdown file without frontmatter
 * there is not an agent but something else (a README of a cloned collection), left out and listed.
 * Pi's folders and the bundled one hold agent files only, directly: a file there without
 * frontmatter is a mistake, reported. A `*.chain.md` anywhere is a pi-subagents chain, not an agent.
 *
 * Nothing in a folder may crash the listing or a launch, even in a project nobody trusts: a symlink
 * loop, a dangling link, an unreadable file or folder becomes a problem of that file or folder.
 */

import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative } from "node:path";
import { UTF16_FIX, utf16Sign } from "../json/encoding.ts";
import type { Problem } from "../problems.ts";
import { readBoundedTextSync, readRegularTextSync, TEXT_INPUT_LIMIT } from "../read-input.ts";
import { displayPath } from "../settings/paths.ts";
import { type AgentCatalog, type AgentFileText, buildAgentCatalog } from "./catalog.ts";
import type { ClaudeDenials } from "./claude/deny.ts";
import { claudePlugins } from "./claude/plugins.ts";
import { claudeSettingsDenials } from "./claude/settings.ts";
import { hasFrontmatter } from "./frontmatter.ts";
import { readOpenCodeConfig } from "./opencode/config.ts";
import { type ConfigSettings, openCodeBeneath, withConfigEntries, withSharedPermission } from "./opencode/merge.ts";
import { type AgentPlace, agentPlaces, projectDirs } from "./places.ts";

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
	/** Claude Code's managed settings file (claude/settings.ts); its platform's place when absent, none when null. */
	claudeManagedSettings?: string | null;
}

/** A Markdown file in an agent folder that is not an agent file. */
export interface NotAnAgent {
	label: string;
	reason: string;
}

/** A directory of agents that exists but was not read. */
export interface SkippedAgentDir {
	dir: string;
	label: string;
	reason: string;
}

export interface LoadedAgents extends AgentCatalog {
	skipped: SkippedAgentDir[];
	/** Markdown in an agent folder that is something else, left out: a README, a pi-subagents chain. */
	notAgents: NotAnAgent[];
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How deep subfolders of a nested folder are read: a collection sorted by topic is one or two deep. */
const MAX_DEPTH = 4;

interface Listing {
	/** Paths relative to the folder, sorted; undefined when the folder does not exist. */
	names?: string[];
	/** Folders that could not be read: the path relative to the folder ("" for itself) and why. */
	problems: Array<{ at: string; reason: string }>;
}

/** The real path of a folder; undefined for anything else, a dangling link or a loop of links. */
function folderAt(path: string): string | undefined {
	try {
		return statSync(path).isDirectory() ? realpathSync(path) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The folder's `*.md` files. With `nested`, subfolders are read too, except hidden ones (`.git` of a
 * cloned collection) and `node_modules`, each real folder once (a link back up does not loop), at
 * most MAX_DEPTH deep.
 */
function listMarkdown(dir: string, nested = false): Listing {
	const names: string[] = [];
	const problems: Listing["problems"] = [];
	const seen = new Set<string>();
	const walk = (rel: string, depth: number): boolean => {
		let entries: string[];
		try {
			entries = readdirSync(rel === "" ? dir : join(dir, rel));
		} catch (error) {
			if (rel === "" && (code(error) === "ENOENT" || code(error) === "ENOTDIR")) return false;
			problems.push({ at: rel, reason: reason(error) });
			return true;
		}
		for (const name of entries) {
			const path = rel === "" ? name : join(rel, name);
			if (name.endsWith(".md")) names.push(path);
			else if (nested && depth < MAX_DEPTH && !name.startsWith(".") && name !== "node_modules") {
				const real = folderAt(join(dir, path));
				if (real === undefined || seen.has(real)) continue;
				seen.add(real);
				walk(path, depth + 1);
			}
		}
		return true;
	};
	// Only a nested walk can meet a link back up to the folder itself.
	if (nested) seen.add(folderAt(dir) ?? dir);
	return walk("", 0) ? { names: names.sort(), problems } : { problems };
}

/**
 * How a path is named in listings and problems: below the working directory relative to it; a
 * project folder above it (in the repository, see projectDirs) relative too (`../.claude/agents/…`),
 * so it reads as this project's and not as the user's; anything else as displayPath names it.
 */
export function placeLabel(path: string, scope: AgentPlace["scope"], where: { cwd: string; home: string }): string {
	const rel = relative(where.cwd, path);
	if (scope === "project" && rel.startsWith("..") && !isAbsolute(rel)) return rel;
	return displayPath(path, where);
}

/** One file's text, nothing for a subfolder, or the reason it cannot be read. */
function readAgentFile(file: string): { text?: string; problem?: string; fix?: string; skip?: true } {
	try {
		const stat = statSync(file, { throwIfNoEntry: false });
		if (stat === undefined) return { problem: "it is a link to nothing" };
		if (!stat.isFile()) return { skip: true };
		const text = readBoundedTextSync(file, TEXT_INPUT_LIMIT, "it");
		const utf16 = utf16Sign(text);
		return utf16 === undefined ? { text } : { problem: `it is UTF-16, not UTF-8 (${utf16})`, fix: UTF16_FIX };
	} catch (error) {
		return { problem: code(error) === "ELOOP" ? "it is a symbolic link that loops" : reason(error) };
	}
}

/** How the files of a place are named in messages. */
function fileLabel(place: AgentPlace, where: { cwd: string; home: string }): (path: string) => string {
	// The bundled folder's real path says nothing useful (it is wherever the package is installed).
	if (place.scope !== "bundled") return (path) => placeLabel(path, place.scope, where);
	return (path) => (path === place.dir ? "bundled" : `bundled/${basename(path)}`);
}

function readPlace(
	place: AgentPlace,
	where: { cwd: string; home: string; claude?: ClaudeDenials },
	files: AgentFileText[],
	problems: Problem[],
	notAgents: NotAnAgent[],
): void {
	const label = fileLabel(place, where);
	const listed = listMarkdown(place.dir, place.nested);
	for (const unreadable of listed.problems) {
		problems.push({
			source: label(unreadable.at === "" ? place.dir : join(place.dir, unreadable.at)),
			path: [],
			code: "unreadable",
			value: undefined,
			message: `cannot read the agent folder: ${unreadable.reason}`,
			fix: "make it readable, or remove it",
		});
	}
	for (const name of listed.names ?? []) {
		const file = join(place.dir, name);
		// pi-subagents keeps its saved chains beside its agents, and reads them as chains only.
		if (name.endsWith(".chain.md")) {
			notAgents.push({ label: label(file), reason: "a pi-subagents chain" });
			continue;
		}
		const read = readAgentFile(file);
		if (read.skip) continue;
		const base = {
			scope: place.scope,
			file,
			label: label(file),
			place: label(place.dir),
			...(place.namespace !== undefined && { namespace: place.namespace }),
			...(place.claude && { claude: true as const, ...(where.claude && { claudeDenials: where.claude }) }),
		};
		if (read.text !== undefined && (place.nested || place.shared) && !hasFrontmatter(read.text)) {
			notAgents.push({ label: base.label, reason: "no frontmatter" });
			continue;
		}
		if (read.text !== undefined) {
			files.push({ ...base, text: read.text, ...openCodeBeneath(place, name) });
			continue;
		}
		const readProblem: Problem = {
			source: base.label,
			path: [],
			code: "unreadable",
			value: undefined,
			message: `cannot read the agent file: ${read.problem}`,
			fix: read.fix ?? "make it readable, or remove it",
		};
		files.push({ ...base, text: "", readProblem });
	}
}

/** Whether a config file of an untrusted project looks as if it defines agents (it is not parsed). */
function definesAgents(file: string): boolean {
	try {
		return /"agents?"\s*:/.test(readRegularTextSync(file));
	} catch {
		return false;
	}
}

/** What the config files of the places read so far hold, gathered for the catalog. */
interface Gathered {
	files: AgentFileText[];
	folderProblems: Problem[];
	notAgents: NotAnAgent[];
	skipped: SkippedAgentDir[];
	shared: Array<{ permission: unknown; label: string; user: boolean }>;
	tuning: ConfigSettings[];
}

/** One OpenCode config file: its agents, its problems, and the permission it lays under every agent. */
function readConfigPlace(place: AgentPlace, options: LoadAgentsOptions, label: string, into: Gathered): void {
	if (place.scope === "project" && !options.projectTrusted) {
		if (definesAgents(place.dir))
			into.skipped.push({ dir: place.dir, label, reason: "the project is not trusted by Pi" });
		return;
	}
	const read = readOpenCodeConfig(place.dir, place.scope, { label, home: options.home, env: options.env ?? {} });
	into.files.push(...read.files);
	into.folderProblems.push(...read.problems);
	into.notAgents.push(...read.notAgents);
	into.tuning.push(...read.tuning);
	if (read.permission !== undefined)
		into.shared.push({ permission: read.permission, label, user: place.scope === "user" });
}

/** Reads every agent file of every place and builds the catalog; every problem is in the result. */
export function loadAgents(options: LoadAgentsOptions): LoadedAgents {
	const where = { cwd: options.cwd, home: options.home };
	const label = (path: string, scope: AgentPlace["scope"]) => placeLabel(path, scope, where);
	const files: AgentFileText[] = [];
	const folderProblems: Problem[] = [];
	const skipped: SkippedAgentDir[] = [];
	const notAgents: NotAnAgent[] = [];
	const shared: Gathered["shared"] = [];
	const tuning: ConfigSettings[] = [];
	// The walk up to the repository's root is made once, for the project's folders and its Claude settings.
	const dirs = projectDirs(options.cwd, options.home);
	const plugins = claudePlugins({
		home: options.home,
		...(options.env && { env: options.env }),
		projectDirs: dirs,
		projectTrusted: options.projectTrusted,
	});
	folderProblems.push(...plugins.problems);
	const claude = claudeSettingsDenials({ ...options, projectDirs: dirs }, label);
	const gathered = { files, folderProblems, notAgents, skipped, shared, tuning };
	for (const place of agentPlaces({ ...options, plugins: plugins.plugins, projectDirs: dirs })) {
		if (place.config) {
			readConfigPlace(place, options, label(place.dir, place.scope), gathered);
			continue;
		}
		if (place.scope === "project" && !options.projectTrusted) {
			const listed = listMarkdown(place.dir, place.nested);
			if ((listed.names?.length ?? 0) > 0 || listed.problems.length > 0) {
				skipped.push({
					dir: place.dir,
					label: label(place.dir, place.scope),
					reason: "the project is not trusted by Pi",
				});
			}
			continue;
		}
		readPlace(place, { ...where, claude }, files, folderProblems, notAgents);
	}
	// OpenCode applies the user's config, then the project's, the nearest folder last.
	const order = [...shared.filter((s) => s.user), ...shared.filter((s) => !s.user).reverse()];
	const { files: laid, merged } = withConfigEntries(withSharedPermission(files, order), tuning);
	notAgents.push(...merged);
	// OpenCode's edit patterns start at the project's root (its worktree), `~` at home.
	const places = { cwd: options.cwd, root: dirs.at(-1) ?? options.cwd, home: options.home };
	const catalog = buildAgentCatalog(laid, {
		places,
		...(options.availableTools && { availableTools: options.availableTools }),
	});
	return { ...catalog, problems: [...folderProblems, ...catalog.problems], skipped, notAgents };
}
