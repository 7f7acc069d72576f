/**
 * Asking programs on this machine: where one is on PATH, and what it answers. Every program is
 * found on the PATH of the environment doctor was given (not this process's), and run with that
 * environment, so a check says what the user's shell would find.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import type { ProgramAnswer } from "./types.ts";

export type Env = Readonly<Record<string, string | undefined>>;

/** The first executable file called `name` on PATH, as the shell would pick it. */
export function findOnPath(name: string, env: Env): string | undefined {
	for (const dir of (env.PATH ?? "").split(delimiter)) {
		if (dir === "" || !isAbsolute(dir)) continue;
		const candidate = join(dir, name);
		try {
			if (!statSync(candidate).isFile()) continue;
			accessSync(candidate, constants.X_OK);
			return candidate;
		} catch {
			// Not here, or not executable: the shell would look further too.
		}
	}
	return undefined;
}

export interface AskOptions {
	env: Env;
	cwd?: string;
	/** Killed after this long; default 20 s. */
	timeoutMs?: number;
}

/** Runs a program to the end and collects what it said; never throws. */
export function ask(path: string, args: readonly string[], options: AskOptions): Promise<ProgramAnswer> {
	const timeout = options.timeoutMs ?? 20_000;
	return new Promise((resolve) => {
		execFile(
			path,
			[...args],
			{ env: { ...options.env }, cwd: options.cwd, timeout, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024 },
			(error, stdout, stderr) => {
				const answer: ProgramAnswer = { path, stdout: String(stdout), stderr: String(stderr) };
				if (!error) return resolve({ ...answer, status: 0 });
				const e = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
				if (e.killed) return resolve({ ...answer, status: null, error: `no answer within ${timeout / 1000} s` });
				if (typeof e.code === "number") return resolve({ ...answer, status: e.code });
				resolve({ ...answer, status: null, error: `cannot run it: ${e.message}` });
			},
		);
	});
}

/** Finds `name` on PATH and asks it; no path in the answer when it is not there. */
export async function askOnPath(name: string, args: readonly string[], options: AskOptions): Promise<ProgramAnswer> {
	const path = findOnPath(name, options.env);
	return path ? ask(path, args, options) : {};
}
