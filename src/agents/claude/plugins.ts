/**
 * The agents of Claude Code's plugins: the ones a person installed with `/plugin` and turned on.
 * Claude Code keeps the list of installed plugins in `<claude dir>/plugins/installed_plugins.json`
 * (format 2: `{ version: 2, plugins: { "name@marketplace": [{ scope, installPath, projectPath? }] } }`;
 * format 1 held one entry per plugin), and which of them are on in `enabledPlugins` of its settings:
 * the user's `<claude dir>/settings.json`, then the project's `.claude/settings.json` and
 * `.claude/settings.local.json`, a later file deciding over an earlier one. A plugin's agents are in
 * its `agents/` folder, and in the folders its `.claude-plugin/plugin.json` names under `agents`.
 *
 * An installation of scope `project` or `local` belongs to the project at its `projectPath`; only
 * there are its agents read. The project's settings count only when the project is trusted, as
 * every project file does. Plugins rank below the user's own agent folders, as in Claude Code.
 */
import { isAbsolute, join, resolve } from "node:path";
import { readJson } from "../../json/read.ts";
import type { Problem } from "../../problems.ts";
import { readRegularTextSync } from "../../read-input.ts";
import { isRecord } from "../../values.ts";

/** One plugin whose agents are read. */
export interface ClaudePlugin {
	/** `name@marketplace`, as Claude Code names it. */
	id: string;
	/** The folders its agents are in. */
	dirs: string[];
}

export interface ClaudePlugins {
	plugins: ClaudePlugin[];
	problems: Problem[];
}

type ReadText = (file: string) => string | undefined;

const readText: ReadText = (file) => {
	try {
		return readRegularTextSync(file);
	} catch {
		return undefined;
	}
};

/** Claude Code's own folder: `$CLAUDE_CONFIG_DIR` when it is set and absolute, else `~/.claude`. */
export function claudeDir(home: string, env: Readonly<Record<string, string | undefined>> = {}): string {
	const set = env.CLAUDE_CONFIG_DIR;
	return set && isAbsolute(set) ? set : join(home, ".claude");
}

function readObject(file: string, read: ReadText, problems: Problem[]): Record<string, unknown> | undefined {
	const text = read(file);
	if (text === undefined) return undefined;
	const parsed = readJson(text);
	if (parsed.ok && isRecord(parsed.value)) return parsed.value;
	problems.push({
		source: file,
		path: [],
		code: "invalid_syntax",
		value: undefined,
		message: parsed.ok
			? "is not a JSON object, so its plugins cannot be read"
			: `is not valid JSON (line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.reason}), so its plugins cannot be read`,
		fix: "let Claude Code rewrite it (claude, then /plugin), or remove it",
	});
	return undefined;
}

/** Which plugins the settings files turn on or off, a later file deciding over an earlier one. */
function enabledIn(files: readonly string[], read: ReadText, problems: Problem[]): Map<string, boolean> {
	const enabled = new Map<string, boolean>();
	for (const file of files) {
		const settings = readObject(file, read, problems);
		const listed = settings?.enabledPlugins;
		if (!isRecord(listed)) continue;
		for (const [id, on] of Object.entries(listed)) if (typeof on === "boolean") enabled.set(id, on);
	}
	return enabled;
}

/** The install entries of one plugin, in either format of the file. */
function installs(entry: unknown): Array<Record<string, unknown>> {
	if (Array.isArray(entry)) return entry.filter(isRecord);
	return isRecord(entry) ? [entry] : [];
}

/** The folders a plugin's agents are in: `agents/`, and what its manifest names under `agents`. */
function agentDirs(installPath: string, read: ReadText): string[] {
	const dirs = [join(installPath, "agents")];
	const manifest = read(join(installPath, ".claude-plugin", "plugin.json"));
	const parsed = manifest === undefined ? undefined : readJson(manifest);
	const named = parsed?.ok && isRecord(parsed.value) ? parsed.value.agents : undefined;
	for (const path of typeof named === "string" ? [named] : Array.isArray(named) ? named : []) {
		// A path in the manifest is the plugin's own: one that leaves the plugin's folder is not read.
		if (typeof path !== "string" || isAbsolute(path)) continue;
		const dir = resolve(installPath, path);
		if ((dir === installPath || dir.startsWith(`${installPath}/`)) && !dirs.includes(dir)) dirs.push(dir);
	}
	return dirs;
}

/**
 * Claude Code's settings files, lowest first: the user's, then the project's from its root down to
 * the working directory (each folder's settings.json, then its settings.local.json). The project's
 * count only when it is trusted.
 */
export function claudeSettingsFiles(options: {
	home: string;
	env?: Readonly<Record<string, string | undefined>>;
	projectDirs: readonly string[];
	projectTrusted: boolean;
}): string[] {
	const project = options.projectTrusted
		? [...options.projectDirs]
				.reverse()
				.flatMap((d) => [join(d, ".claude", "settings.json"), join(d, ".claude", "settings.local.json")])
		: [];
	return [join(claudeDir(options.home, options.env), "settings.json"), ...project];
}

/**
 * The plugins whose agents are read here: installed (for the user, or for this project), and on.
 * `projectDirs` are the project's directories (see places.ts); the project's settings are read
 * only when `projectTrusted`.
 */
export function claudePlugins(
	options: {
		home: string;
		env?: Readonly<Record<string, string | undefined>>;
		projectDirs: readonly string[];
		projectTrusted: boolean;
	},
	read: ReadText = readText,
): ClaudePlugins {
	const problems: Problem[] = [];
	const dir = claudeDir(options.home, options.env);
	const installed = readObject(join(dir, "plugins", "installed_plugins.json"), read, problems);
	if (!isRecord(installed?.plugins)) return { plugins: [], problems };
	const enabled = enabledIn(claudeSettingsFiles(options), read, problems);
	const here = new Set(options.projectDirs.map((d) => resolve(d)));
	const plugins: ClaudePlugin[] = [];
	for (const [id, entry] of Object.entries(installed.plugins)) {
		if (enabled.get(id) !== true) continue;
		const paths = installs(entry)
			.filter(
				(i) =>
					i.scope === undefined ||
					i.scope === "user" ||
					(typeof i.projectPath === "string" && here.has(resolve(i.projectPath))),
			)
			.map((i) => i.installPath)
			.filter((p): p is string => typeof p === "string" && isAbsolute(p));
		const dirs = [...new Set(paths.flatMap((p) => agentDirs(resolve(p), read)))];
		if (dirs.length > 0) plugins.push({ id, dirs });
	}
	return { plugins: plugins.sort((a, b) => a.id.localeCompare(b.id)), problems };
}
