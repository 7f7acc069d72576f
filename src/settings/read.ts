/**
 * Reads our section of both Pi settings files: the one place that touches settings files, so every
 * stage (context modes, effort profiles, the audit directory, the runner, …) gets the same validated
 * values and every problem is reported once, when the files are read.
 */
import type { Problem } from "../problems.ts";
import { readRegularTextSync } from "../read-input.ts";
import { mergeSettings } from "./merge.ts";
import { displayPath, globalSettingsFile, projectSettingsFile } from "./paths.ts";
import { type DelegateSettings, validateSettingsText } from "./section.ts";
import type { SettingsFileRef, ValidatedSection, ValidatedSettings } from "./types.ts";

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

/**
 * Reads a file as UTF-8; undefined when it does not exist. Anything but a regular file is refused
 * before it is opened: a project's `.pi/settings.json` made a FIFO would block every start of Pi in
 * that directory on its open, and a link to /dev/zero would never end.
 */
export function readTextFile(file: string): string | undefined {
	try {
		return readRegularTextSync(file);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw error;
	}
}

type Checked = { section: ValidatedSection; problems: Problem[] };

function readOne(ref: SettingsFileRef, readText: ReadText): Checked {
	const empty = (status: ValidatedSection["status"]) => ({ ...ref, status, values: {}, positions: {} });
	let text: string | undefined;
	try {
		text = readText(ref.file);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {
			section: empty("invalid"),
			problems: [
				{
					source: ref.label,
					path: [],
					code: "unreadable",
					value: undefined,
					message: `cannot read the settings file: ${reason}`,
					fix: "make it a readable file, or remove it",
				},
			],
		};
	}
	if (text === undefined) return { section: empty("missing"), problems: [] };
	return validateSettingsText(text, ref);
}

/** What readSettings found: the merged settings, each file's section, and every problem in both. */
export interface ReadSettingsResult {
	settings: ValidatedSettings;
	/** Global first, then project. */
	sections: ValidatedSection[];
	/** Every problem in every file; a caller refuses to run while any remains. */
	problems: Problem[];
}

/** Reads, validates and merges the global and the project settings files. */
export function readSettings(options: ReadSettingsOptions): ReadSettingsResult {
	const readText = options.readText ?? readTextFile;
	const where = { cwd: options.cwd, home: options.home };
	const globalFile = globalSettingsFile(options.agentDir);
	const projectFile = projectSettingsFile(options.cwd);
	const globalRef: SettingsFileRef = { scope: "global", file: globalFile, label: displayPath(globalFile, where) };
	const projectRef: SettingsFileRef = { scope: "project", file: projectFile, label: displayPath(projectFile, where) };
	const global = readOne(globalRef, readText);
	const project: Checked = options.projectTrusted
		? readOne(projectRef, readText)
		: { section: { ...projectRef, status: "untrusted", values: {}, positions: {} }, problems: [] };
	const sections = [global.section, project.section];
	return {
		settings: mergeSettings(sections, options),
		sections,
		problems: [...global.problems, ...project.problems],
	};
}

/** The same files in the older shape (sections of untyped values), for callers not yet on readSettings. */
export function readDelegateSettings(options: ReadSettingsOptions): DelegateSettings {
	const { sections, problems } = readSettings(options);
	return {
		sections: sections.map(({ scope, file, label, status, values }) => ({ scope, file, label, status, values })),
		problems,
	};
}
