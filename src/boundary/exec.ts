/** Runs the external programs a snapshot reads from (find, and git through git-process.ts) and hands back their raw bytes. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

export interface ExecResult {
	/** Exit code, or null when the program was killed by a signal. */
	code: number | null;
	/** Everything written to stdout, as bytes: names are bytes and are decoded by the caller. */
	stdout: Buffer;
	stderr: string;
	/** True when it was killed for running past ExecOptions.timeoutMs. */
	timedOut?: boolean;
}

/** Thrown when the program itself cannot be started (e.g. not installed). */
export class ExecNotFound extends Error {
	readonly program: string;
	constructor(program: string) {
		super(`${program} could not be started: is it installed and on PATH?`);
		this.name = "ExecNotFound";
		this.program = program;
	}
}

/**
 * The environment for the programs we run, from `base` (this process's by default). Every GIT_*
 * variable is dropped: inside a git hook or a CI job GIT_DIR, GIT_INDEX_FILE or GIT_WORK_TREE may
 * be set and would point git at another repository than the root, and GIT_CONFIG_* could hand it
 * settings. The C locale keeps output parseable.
 */
export function scrubbedEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(base)) if (!key.startsWith("GIT_")) env[key] = value;
	env.LC_ALL = "C";
	return env;
}

export interface ExecOptions {
	/** Handed stdout chunk by chunk as it arrives (and not collected), so parsing overlaps the run. */
	onStdout?: (chunk: Buffer) => void;
	/** Written to the program's stdin, which is then closed; without it stdin is closed at once. */
	input?: Buffer;
	/**
	 * An open file descriptor that takes the program's stdout instead of a pipe; the caller opens,
	 * closes and reads it. Why: a pipe holds 64 KiB, so a program printing megabytes waits for this
	 * process at every 64 KiB, and this process is busy starting the other programs of a snapshot;
	 * a file never makes it wait.
	 */
	stdoutTo?: number;
	/** Variables set on top of the scrubbed environment (git-process.ts's). */
	env?: Readonly<Record<string, string>>;
	/** Killed (SIGKILL) after this long, and reported `timedOut`. */
	timeoutMs?: number;
}

/** How the snapshot starts a program: a port, so tests can make find or git fail on purpose. */
export type Exec = (
	program: string,
	args: readonly string[],
	cwd: string,
	options?: ExecOptions,
) => Promise<ExecResult>;

/** Runs `program` in `cwd` and collects its output. */
export function exec(
	program: string,
	args: readonly string[],
	cwd: string,
	options: ExecOptions = {},
): Promise<ExecResult> {
	return new Promise((resolve, reject) => {
		const stdin = options.input === undefined ? "ignore" : "pipe";
		const stdout = options.stdoutTo ?? "pipe";
		const child = spawn(program, args, {
			cwd,
			env: { ...scrubbedEnv(), ...options.env },
			stdio: [stdin, stdout, "pipe"],
		});
		let timedOut = false;
		const timer =
			options.timeoutMs === undefined
				? undefined
				: setTimeout(() => {
						timedOut = true;
						child.kill("SIGKILL");
					}, options.timeoutMs);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		child.stdout?.on("data", options.onStdout ?? ((chunk: Buffer) => out.push(chunk)));
		child.stderr!.on("data", (chunk: Buffer) => err.push(chunk));
		// A program that exits without reading all its input must not crash us with EPIPE.
		child.stdin?.on("error", () => {});
		child.stdin?.end(options.input);
		child.on("error", (error: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			// spawn reports a missing working directory as ENOENT too; only a missing program is "not found".
			reject(error.code === "ENOENT" && existsSync(cwd) ? new ExecNotFound(program) : error);
		});
		child.on("close", (code) => {
			clearTimeout(timer);
			const result = { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString("utf8") };
			resolve(timedOut ? { ...result, timedOut } : result);
		});
	});
}

/**
 * At most `max` programs of `run` at once. A snapshot of 1,000 roots in 1,000 repositories needs
 * thousands of git processes; started all together they only fight over the CPUs and the process
 * table, and can hit the open-files limit.
 */
export function limitExec(run: Exec, max: number): Exec {
	let active = 0;
	const waiting: Array<() => void> = [];
	return async (program, args, cwd, options) => {
		// A finishing program hands its slot straight to the next waiter, so the count never overshoots.
		if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
		else active++;
		try {
			return await run(program, args, cwd, options);
		} finally {
			const next = waiting.shift();
			if (next) next();
			else active--;
		}
	};
}
