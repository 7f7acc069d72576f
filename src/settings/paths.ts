/**
 * Where Pi keeps its settings, computed the way Pi computes it, from explicit inputs (environment,
 * home, cwd) so the same answer comes out in a test, the CLI and the Pi extension.
 */
import { isAbsolute, join, relative, resolve, sep } from "node:path";

/** The environment variable Pi reads for its agent directory. */
export const AGENT_DIR_ENV = "PI_CODING_AGENT_DIR";

/**
 * The top-level key of our section in Pi's settings files. Pi packages keep their settings in an
 * object under their own package name (`"pi-subagents": {…}`, `"pi-quests": {…}`), and Pi keeps keys
 * it does not know when it rewrites a settings file, so the section survives `/settings` edits.
 */
export const SETTINGS_NAMESPACE = "pi-delegate";

/** Expands a leading `~` the way Pi does (`~` alone or `~/…`). */
export function expandTilde(path: string, home: string): string {
	if (path === "~") return home;
	if (path.startsWith("~/") || path.startsWith(`~${sep}`)) return join(home, path.slice(2));
	return path;
}

/** Pi's agent directory: `$PI_CODING_AGENT_DIR` (with `~` expanded) or `~/.pi/agent`. */
export function resolveAgentDir(env: Readonly<Record<string, string | undefined>>, home: string, cwd: string): string {
	const fromEnv = env[AGENT_DIR_ENV];
	if (fromEnv !== undefined && fromEnv !== "") return resolve(cwd, expandTilde(fromEnv, home));
	return join(home, ".pi", "agent");
}

/** The global (agent directory) settings file. */
export function globalSettingsFile(agentDir: string): string {
	return join(agentDir, "settings.json");
}

/** The project settings file: `.pi/settings.json` directly under the working directory. */
export function projectSettingsFile(cwd: string): string {
	return join(cwd, ".pi", "settings.json");
}

/**
 * A path as messages show it: relative when under the working directory (`.pi/settings.json`),
 * `~/…` when under home, absolute otherwise. Short paths keep an error line readable.
 */
export function displayPath(file: string, where: { cwd: string; home: string }): string {
	const underCwd = relative(where.cwd, file);
	if (underCwd !== "" && !underCwd.startsWith("..") && !isAbsolute(underCwd)) return underCwd;
	const underHome = relative(where.home, file);
	if (underHome !== "" && !underHome.startsWith("..") && !isAbsolute(underHome)) return `~/${underHome}`;
	return file;
}
