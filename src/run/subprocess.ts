/**
 * The subprocess runner: a child is a real `pi --mode json` process. It costs a process start
 * (about half a second) over the in-process runner, and buys isolation: its own Node heap, its own
 * provider state, and a process tree that can be killed whole.
 *
 * The child runs in its own process group (so it can be killed as a whole) with stdin closed (Pi's
 * non-RPC modes read stdin to its end). Its stdout is Pi's JSONL, read as it arrives: every record
 * goes to `onEvent` and is folded into progress and the outcome, never buffered whole. Its stderr is
 * kept, bounded, for the error report, and carries the child-side extension's reports.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { JsonlSplitter } from "../json/jsonl.ts";
import { buildChildCommand, type ChildCommand } from "./child-command.ts";
import { CHILD_CONFIG_ENV, encodeChildConfig, expectedPrompt, sha256 } from "./child-config.ts";
import { createEventState, foldEvent } from "./child-events.ts";
import { type ChildExit, childOutcome } from "./child-outcome.ts";
import { childExtensionPath, findPiCli } from "./child-paths.ts";
import { type ChildReport, parseChildReport } from "./child-report.ts";
import { guardChild } from "./exit-guard.ts";
import { signalTree, terminateTree, withRunMarker } from "./process-tree.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, RunnerHooks } from "./types.ts";

/** How long a stopped child gets between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 1500;
/** How much of stderr is kept for the error report. */
const STDERR_KEEP = 4096;
/** How long to wait for the pipes to close once the child has exited and its tree is gone. */
const DRAIN_MS = 1000;

/** Keeps the last `max` characters of what it is given. */
class Tail {
	private text = "";
	private readonly max: number;
	constructor(max: number) {
		this.max = max;
	}
	add(line: string): void {
		this.text = `${this.text}${line}\n`.slice(-this.max);
	}
	get value(): string {
		return this.text;
	}
}

function unstarted(hooks: RunnerHooks, error: string | undefined, started: number): ChildOutcome {
	const exit: ChildExit = {
		code: null,
		signal: null,
		spawnError: error,
		abortReason: error === undefined ? hooks.signal.reason : undefined,
		reports: [],
		stderrTail: "",
		streamErrors: [],
		sessionFile: undefined,
		elapsedMs: Date.now() - started,
	};
	return childOutcome(createEventState(), exit);
}

export interface SubprocessOptions {
	/** The Pi CLI script to run; default: found by `findPiCli`. */
	cli?: string;
	/** pi-delegate's child-side extension; default: the one next to this module. */
	extension?: string;
	/** Between SIGTERM and SIGKILL when the child is stopped; default STOP_GRACE_MS. */
	graceMs?: number;
}

/** A subprocess runner with a chosen Pi CLI or extension (another Pi version, the built extension). */
export function createSubprocessRunner(options: SubprocessOptions = {}): ChildRunner {
	return async (launch, hooks) => {
		const started = Date.now();
		if (hooks.signal.aborted) return unstarted(hooks, undefined, started);
		const found = options.cli ? { cli: options.cli } : findPiCli();
		if ("error" in found) return unstarted(hooks, found.error, started);
		if (existsSync(hooks.sessionFile)) {
			return unstarted(hooks, `the session file ${hooks.sessionFile} exists already; a child starts fresh`, started);
		}
		const promptDir = mkdtempSync(join(tmpdir(), "pi-delegate-child-"));
		try {
			const built = buildChildCommand({
				launch,
				cli: found.cli,
				extension: options.extension ?? childExtensionPath(),
				promptDir,
				sessionFile: hooks.sessionFile,
			});
			if ("error" in built) return unstarted(hooks, `cannot send the first message: ${built.error}`, started);
			for (const file of built.command.files) writeFileSync(file.path, file.content, { mode: 0o600 });
			mkdirSync(dirname(hooks.sessionFile), { recursive: true });
			const graceMs = options.graceMs ?? STOP_GRACE_MS;
			return await runChild(launch, hooks, built.command, graceMs, started);
		} finally {
			rmSync(promptDir, { recursive: true, force: true });
		}
	};
}

/** The subprocess runner with the Pi this package resolves (or the one running it). */
export const runSubprocess: ChildRunner = createSubprocessRunner();

async function runChild(
	launch: ChildLaunch,
	hooks: RunnerHooks,
	{ argv, stdin }: ChildCommand,
	graceMs: number,
	started: number,
): Promise<ChildOutcome> {
	const runId = randomUUID();
	const config = encodeChildConfig({
		submit: { ...launch.submit, roots: [...launch.submit.roots] },
		turns: launch.budget.turns,
		prompt: expectedPrompt(launch.prompt),
		firstMessage: sha256(launch.firstMessage),
		...(launch.cache && { cache: launch.cache }),
		runId,
	});
	const env = withRunMarker(
		{ ...process.env, PI_CODING_AGENT_DIR: launch.agentDir, [CHILD_CONFIG_ENV]: config },
		runId,
	);
	hooks.onLaunch?.({
		runner: "subprocess",
		command: process.execPath,
		argv,
		cwd: launch.cwd,
		// The variables pi-delegate sets; the rest is the parent's environment, which may hold secrets.
		env: { PI_CODING_AGENT_DIR: launch.agentDir, [CHILD_CONFIG_ENV]: config },
		runId,
	});
	const child = spawn(process.execPath, argv, {
		cwd: launch.cwd,
		env,
		stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
		detached: true,
	});
	// Both are pipes (stdio above), so never null.
	const stdout = child.stdout!;
	const stderr = child.stderr!;
	const state = createEventState();
	const reports: ChildReport[] = [];
	const stderrTail = new Tail(STDERR_KEEP);
	const streamErrors: string[] = [];
	let spawnError: string | undefined;
	let abortReason: unknown;
	let stopping: Promise<void> | undefined;
	const pid = child.pid;
	const release = pid === undefined ? () => {} : guardChild(() => signalTree(pid, runId, "SIGKILL"));

	const onLine = (line: string, what = "a stdout line is not JSON") => {
		if (line.trim() === "") return;
		let event: unknown;
		try {
			event = JSON.parse(line);
		} catch {
			if (streamErrors.length < 3) streamErrors.push(`${what}: ${line.slice(0, 200)}`);
			return;
		}
		hooks.onEvent(event);
		for (const progress of foldEvent(state, event)) hooks.onProgress(progress);
	};
	const out = new JsonlSplitter();
	stdout.on("data", (chunk: Buffer) => {
		for (const line of out.push(chunk)) onLine(line);
	});
	const err = new JsonlSplitter();
	const onErrLine = (line: string) => {
		const report = parseChildReport(line);
		if (report) reports.push(report);
		else stderrTail.add(line);
	};
	stderr.on("data", (chunk: Buffer) => {
		for (const line of err.push(chunk)) onErrLine(line);
	});
	child.stdin?.on("error", () => {
		// The child died before reading its stdin; its exit says why.
	});
	child.stdin?.end(stdin);

	const stop = () => {
		abortReason = hooks.signal.reason;
		if (pid !== undefined) stopping ??= terminateTree(pid, runId, graceMs);
	};
	hooks.signal.addEventListener("abort", stop, { once: true });
	if (pid !== undefined) {
		hooks.onProgress({ type: "started", runner: "subprocess", model: `${launch.model.provider}/${launch.model.id}` });
	}

	const exited = await new Promise<{ code: number | null; signal: string | null }>((resolve) => {
		child.once("error", (error) => {
			spawnError = `cannot start pi: ${error.message}`;
			resolve({ code: null, signal: null });
		});
		child.once("exit", (code, signal) => resolve({ code, signal }));
	});
	hooks.signal.removeEventListener("abort", stop);
	// Whatever the child left running (a background command, a daemon) goes with it.
	if (pid !== undefined) await (stopping ?? terminateTree(pid, runId, graceMs));
	release();
	await drained(stdout, stderr);
	const lastOut = out.flush();
	if (lastOut !== undefined) onLine(lastOut, "the last stdout record was cut off");
	const lastErr = err.flush();
	if (lastErr !== undefined) onErrLine(lastErr);
	return childOutcome(state, {
		...exited,
		spawnError,
		abortReason,
		reports,
		stderrTail: stderrTail.value,
		streamErrors,
		sessionFile: existsSync(hooks.sessionFile) ? hooks.sessionFile : undefined,
		elapsedMs: Date.now() - started,
	});
}

/** Waits for the pipes to end; a descendant holding them open past DRAIN_MS is cut off. */
async function drained(...streams: Readable[]): Promise<void> {
	const ended = (stream: Readable) =>
		new Promise<void>((resolve) => {
			if (stream.readableEnded || stream.destroyed) return resolve();
			stream.once("end", resolve);
			stream.once("close", resolve);
		});
	await Promise.race([
		Promise.all(streams.map(ended)),
		new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref()),
	]);
	for (const stream of streams) stream.destroy();
}
