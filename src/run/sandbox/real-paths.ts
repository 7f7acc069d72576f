/**
 * Every path a run hands bubblewrap or a child — the working directory, Pi's agent directory, the
 * provider extensions, the runs directory its session file lies in — made real and absolute
 * before a plan is made. bubblewrap binds a path onto itself in the child's view: a relative one
 * is taken from the wrong place (`Can't mkdir ext: Read-only file system`), and one reached through
 * a symlinked directory is the symlink there, not a directory to mount on (`Can't bind mount …: No
 * such file or directory`). Either showed as the child failing, long after the mistake. A path that
 * does not exist is refused here, with the field it came from and the fix.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Problem } from "../../problems.ts";
import { AGENT_DIR_ENV, expandTilde } from "../../settings/paths.ts";
import type { Setting } from "../../settings/types.ts";

/**
 * `path` with every symlink resolved; a part that does not exist yet (a runs directory made by the
 * run) is appended to the real path of the nearest directory above it that does.
 */
export function realPathOf(path: string): string {
	const absolute = resolve(path);
	try {
		return realpathSync(absolute);
	} catch {
		const parent = dirname(absolute);
		return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute));
	}
}

/** The real path of an existing `path`, or undefined. */
function existing(path: string): string | undefined {
	try {
		return realpathSync(path);
	} catch {
		return undefined;
	}
}

/** The paths a run's inputs name, as they were given. */
export interface GivenPaths {
	cwd: string;
	home: string;
	agentDir: string;
	/** `--extension`, in order: relative ones are taken from the working directory. */
	extensions: readonly string[];
	/** The providerExtensions setting (absolute already, as Pi resolves resource paths). */
	settingsExtensions: Setting<readonly string[]>;
	runsDirOverride?: string | undefined;
	env: Readonly<Record<string, string | undefined>>;
	/** Nothing will run (a preview): an agent directory that does not exist yet is taken as it would be made. */
	preview?: boolean | undefined;
}

export type RealPaths =
	| {
			ok: true;
			cwd: string;
			agentDir: string;
			extensions: string[];
			settingsExtensions: Setting<readonly string[]>;
			runsDirOverride: string | undefined;
	  }
	| { ok: false; problems: Problem[] };

function agentDirProblem(given: GivenPaths): Problem {
	const fromEnv = given.env[AGENT_DIR_ENV] !== undefined && given.env[AGENT_DIR_ENV] !== "";
	return {
		source: fromEnv ? AGENT_DIR_ENV : "Pi's agent directory",
		path: [],
		code: "not_found",
		value: given.agentDir,
		message: `${given.agentDir} does not exist`,
		fix: `start pi once (it makes its agent directory), create it, or point ${AGENT_DIR_ENV} at Pi's agent directory`,
	};
}

/** Real extension paths, with a problem per one that does not exist. */
function realExtensions(
	paths: readonly string[],
	base: string,
	home: string,
	place: (i: number) => Pick<Problem, "source" | "path">,
): { paths: string[]; problems: Problem[] } {
	const problems: Problem[] = [];
	const real = paths.map((given, i) => {
		const absolute = resolve(base, expandTilde(given, home));
		const found = existing(absolute);
		if (found !== undefined) return found;
		const how = absolute === given ? "" : ` (${absolute})`;
		problems.push({
			...place(i),
			code: "not_found",
			value: given,
			message: `the provider extension ${given}${how} does not exist`,
			fix: `give the path of an existing extension file or directory (a relative path is taken from ${base}), or leave it out`,
		});
		return absolute;
	});
	return { paths: real, problems };
}

/** Every path of `given`, real and absolute, or every problem with them at once. */
export function realInputPaths(given: GivenPaths): RealPaths {
	const problems: Problem[] = [];
	const cwd = existing(given.cwd);
	if (cwd === undefined) {
		problems.push({
			source: "the working directory",
			path: [],
			code: "not_found",
			value: given.cwd,
			message: `${given.cwd} does not exist`,
			fix: "run from a directory that exists",
		});
	}
	const agentDir = existing(given.agentDir) ?? (given.preview ? realPathOf(given.agentDir) : undefined);
	if (agentDir === undefined) problems.push(agentDirProblem(given));
	const base = cwd ?? given.cwd;
	const flags = realExtensions(given.extensions, base, given.home, (i) => ({ source: "--extension", path: [i] }));
	const origin = given.settingsExtensions.origin;
	const fromSettings = realExtensions(given.settingsExtensions.value, base, given.home, (i) =>
		origin.kind === "file" ? { source: origin.place.source, path: [...origin.place.path, i] } : { path: [i] },
	);
	problems.push(...flags.problems, ...fromSettings.problems);
	if (problems.length > 0 || cwd === undefined || agentDir === undefined) return { ok: false, problems };
	const override = given.runsDirOverride;
	return {
		ok: true,
		cwd,
		agentDir,
		extensions: flags.paths,
		settingsExtensions: { ...given.settingsExtensions, value: fromSettings.paths },
		runsDirOverride: override === undefined ? undefined : realPathOf(resolve(cwd, expandTilde(override, given.home))),
	};
}
