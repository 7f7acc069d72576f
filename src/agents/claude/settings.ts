/**
 * Claude Code's settings files as its agents are bound by them: read for deny.ts, which
 * applies their whole-tool `permissions.deny` and `permissions.ask` entries; and what they say
 * that pi-delegate does not apply — the scoped rules and the `PreToolUse` hooks, which Claude Code
 * applies to every agent of the project, subagents included. `pi-delegate agents` lists those, so
 * that nobody takes a Claude Code agent here for one bound by them.
 *
 * Why scoped rules are not applied: pi-delegate's rule for a limit it cannot enforce exactly is to
 * withhold the whole tool (agents/restrict.ts), and Claude Code's documented way to keep secrets out is a
 * scoped rule such as `Read(./.env)` — withholding `read` from every Claude Code agent of such a
 * project. Rules checked per call are what they need. Until then what bounds a child here is its
 * own spec: the sandbox and the boundary diff stop changes outside `write_allowed`, not reads.
 */
import { dirname } from "node:path";
import { readJson } from "../../json/read.ts";
import { readRegularTextSync } from "../../read-input.ts";
import { isRecord } from "../../values.ts";
import { PI_BUILTIN_TOOLS } from "../tools.ts";
import { type ClaudeDenials, type ClaudeSettingsText, claudeDenials } from "./deny.ts";
import { claudeDir, claudeSettingsFiles } from "./plugins.ts";

export interface UnappliedSettings {
	/** The settings file, as the listing names it. */
	label: string;
	/** How many scoped `permissions.deny` and `permissions.ask` entries it has (whole-tool ones are applied). */
	rules: number;
	/** Whether it sets `PreToolUse` hooks (which may refuse a tool call). */
	preToolUse: boolean;
}

function readSettings(file: string): Record<string, unknown> | undefined {
	try {
		const parsed = readJson(readRegularTextSync(file));
		return parsed.ok && isRecord(parsed.value) ? parsed.value : undefined;
	} catch {
		return undefined;
	}
}

/** The settings files that exist and parse, each with its label; a file that cannot be read says nothing. */
export function readClaudeSettings(
	files: readonly string[],
	label: (file: string) => string,
	rootOf: (file: string) => string | undefined = () => undefined,
): ClaudeSettingsText[] {
	return files.flatMap((file) => {
		const settings = readSettings(file);
		if (settings === undefined) return [];
		const root = rootOf(file);
		return [{ label: label(file), settings, ...(root !== undefined && { root }) }];
	});
}

/**
 * What the settings files of this project and user withhold from Claude Code's agents (the
 * project's only when Pi trusts the project, as its agents are); `label` names a file for messages.
 */
export function claudeSettingsDenials(
	options: {
		home: string;
		env?: Readonly<Record<string, string | undefined>>;
		projectDirs: readonly string[];
		projectTrusted: boolean;
		availableTools?: readonly string[];
		/** The managed settings file; its platform's place when absent, none when null. */
		claudeManagedSettings?: string | null;
	},
	label: (file: string, scope: "user" | "project") => string,
): ClaudeDenials {
	const user = claudeDir(options.home, options.env);
	const managed = options.claudeManagedSettings === undefined ? managedSettingsFile() : options.claudeManagedSettings;
	const project = (file: string) => !file.startsWith(`${user}/`);
	const files = [
		...(managed ? readClaudeSettings([managed], (file) => file) : []),
		...readClaudeSettings(
			claudeSettingsFiles(options),
			(file) => label(file, project(file) ? "project" : "user"),
			// A project file's `/x` path rules start at its own project folder (the one holding .claude/).
			(file) => (project(file) ? dirname(dirname(file)) : undefined),
		),
	];
	const cwd = options.projectDirs[0] ?? options.home;
	const places = { cwd, root: options.projectDirs.at(-1) ?? cwd, home: options.home };
	return claudeDenials(files, options.availableTools ?? PI_BUILTIN_TOOLS, places);
}

/**
 * Where Claude Code reads the settings an administrator manages: they rank above every other file,
 * and their deny rules bind every agent.
 */
export function managedSettingsFile(platform: NodeJS.Platform = process.platform): string | undefined {
	if (platform === "darwin") return "/Library/Application Support/ClaudeCode/managed-settings.json";
	if (platform === "win32") return "C:\\Program Files\\ClaudeCode\\managed-settings.json";
	return platform === "linux" ? "/etc/claude-code/managed-settings.json" : undefined;
}

/**
 * Scoped rules deny.ts does not apply: a scoped `Bash(…)` rule is checked at each call, and
 * so are the path rules of `Read`, `Edit` and `Write`; the others (`WebFetch(domain:…)`) are not.
 */
const count = (list: unknown) =>
	Array.isArray(list)
		? list.filter(
				(r) =>
					typeof r === "string" &&
					r.includes("(") &&
					!/^\s*(bash|read|edit|write)\s*\(/i.test(r) &&
					!/\(\s*:?\*?\s*\)\s*$/.test(r),
			).length
		: 0;

/** The settings files (plugins.ts `claudeSettingsFiles`) whose limits on tools are not applied here. */
export function unappliedClaudeSettings(
	files: readonly string[],
	label: (file: string) => string,
): UnappliedSettings[] {
	const found: UnappliedSettings[] = [];
	for (const file of files) {
		const settings = readSettings(file);
		if (settings === undefined) continue;
		const permissions = isRecord(settings.permissions) ? settings.permissions : {};
		const rules = count(permissions.deny) + count(permissions.ask);
		const hooks = isRecord(settings.hooks) ? settings.hooks.PreToolUse : undefined;
		const preToolUse = Array.isArray(hooks) && hooks.length > 0;
		if (rules > 0 || preToolUse) found.push({ label: label(file), rules, preToolUse });
	}
	return found;
}

/** The listing's line for one file. */
export function unappliedLine(u: UnappliedSettings): string {
	const what = [
		...(u.rules > 0 ? [`${u.rules} scoped permission rule${u.rules === 1 ? "" : "s"} (deny, ask)`] : []),
		...(u.preToolUse ? ["PreToolUse hooks"] : []),
	].join(" and ");
	return `not applied: ${u.label}: ${what}; Claude Code agents run here without them (the sandbox and the boundary stop writes outside write_allowed, not reads)`;
}
