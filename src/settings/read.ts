/**
 * Reads our section of both Pi settings files. The one place that touches settings files, so later
 * stages (effort profiles, the audit directory, …) read their keys the same way context modes do.
 */
import { readFileSync } from "node:fs";
import type { Problem } from "../problems.ts";
import { displayPath, globalSettingsFile, projectSettingsFile } from "./paths.ts";
import { type DelegateSettings, parseSettingsText, type SettingsFileRef, type SettingsSection } from "./section.ts";

/** Reads a file's text; undefined when it does not exist. Throws on any other failure. */
export type ReadText = (file: string) => string | undefined;

export interface ReadSettingsOptions {
	cwd: string;
	home: string;
	/** Pi's agent directory (see resolveAgentDir). */
	agentDir: string;
	/**
	 * Whether Pi trusts the project. Pi reads project settings only for a trusted project, so an
	 * untrusted project's file is not read here either (its section comes back `untrusted`). There is
	 * no default: the Pi extension passes `ctx.isProjectTrusted()`, the CLI resolveProjectTrust().
	 */
	projectTrusted: boolean;
	/** Injected for tests; defaults to reading from disk. */
	readText?: ReadText;
}

/** Reads a file as UTF-8; undefined when it does not exist. */
export function readTextFile(file: string): string | undefined {
	try {
		return readFileSync(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}

function readOne(ref: SettingsFileRef, readText: ReadText): { section: SettingsSection; problems: Problem[] } {
	let text: string | undefined;
	try {
		text = readText(ref.file);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {
			section: { ...ref, status: "invalid", values: {} },
			problems: [
				{
					path: ref.label,
					value: undefined,
					message: `cannot read the settings file: ${reason}`,
					fix: "make it a readable file, or remove it",
				},
			],
		};
	}
	if (text === undefined) return { section: { ...ref, status: "missing", values: {} }, problems: [] };
	return parseSettingsText(text, ref);
}

/** Reads the global and the project settings files and returns our section of each. */
export function readDelegateSettings(options: ReadSettingsOptions): DelegateSettings {
	const readText = options.readText ?? readTextFile;
	const where = { cwd: options.cwd, home: options.home };
	const globalFile = globalSettingsFile(options.agentDir);
	const projectFile = projectSettingsFile(options.cwd);
	const globalRef: SettingsFileRef = { scope: "global", file: globalFile, label: displayPath(globalFile, where) };
	const projectRef: SettingsFileRef = { scope: "project", file: projectFile, label: displayPath(projectFile, where) };
	const global = readOne(globalRef, readText);
	const project: { section: SettingsSection; problems: Problem[] } = options.projectTrusted
		? readOne(projectRef, readText)
		: { section: { ...projectRef, status: "untrusted", values: {} }, problems: [] };
	return { sections: [global.section, project.section], problems: [...global.problems, ...project.problems] };
}
