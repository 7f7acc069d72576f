/**
 * The subprocess runner: a child is a real `pi --mode json` process. It costs a process start
 * (about half a second) over the in-process runner, and buys isolation: its own Node heap, its own
 * provider state, and a process tree that can be killed whole.
 *
 * The child runs in its own process group (so it can be killed as a whole) with stdin closed (Pi's
 * non-RPC modes read stdin to its end), inside a bubblewrap PID namespace where the machine allows
 * it (contain.ts), and in the sandbox when the launch has one. Its stdout is Pi's JSONL, read as it arrives: every record
 * goes to `onEvent` and is folded into progress and the outcome, never buffered whole. Its stderr is
 * kept, bounded, for the error report, and carries the child-side extension's reports.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname } from "node:path";
import type { Readable } from "node:stream";
import { writeFileNoFollow } from "../audit/record-dir.ts";
import { CHILD_CONFIG_ENV, encodeChildConfig, expectedPrompt, sha256 } from "../child/child-config.ts";
import { removeOutputFiles } from "../child/output-files.ts";
import { createEventState, resumeEventState } from "../outcome/child-events.ts";
import { type ChildExit, childOutcome, ranReports } from "../outcome/child-outcome.ts";
import {
	type ContainedCommand,
	codeTree,
	containChild,
	containedExit,
	INFO_FD,
	namespaceInit,
	sandboxToEnforce,
} from "../sandbox/contain.ts";
import { startCaches } from "../sandbox/contain-caches.ts";
import { guardChild } from "../sandbox/exit-guard.ts";
import { namespaceGone, signalTree, stopContained, terminateTree, withRunMarker } from "../sandbox/process-tree.ts";
import { realPathOf } from "../sandbox/real-paths.ts";
import { sandboxSupport } from "../sandbox/support.ts";
import type { SandboxSupport } from "../sandbox/types.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, RunnerHooks } from "../types.ts";
import { type ChildChannel, steered } from "./child-channel.ts";
import { buildChildCommand, type ChildCommand } from "./child-command.ts";
import { childExtensionPath, findPiCli, scratchDir } from "./child-paths.ts";
import { drained, readChild } from "./child-streams.ts";

/** How long a stopped child gets between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 1500;

function unstarted(hooks: RunnerHooks, error: string | undefined, started: number): ChildOutcome {
	const exit: ChildExit = {
		code: null,
		signal: null,
		spawnError: error,
		abortReason: error === undefined ? hooks.signal.reason : undefined,
		reports: [],
		commands: [],
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
	/** What this machine can do (containment, sandbox); default: probed once (sandboxSupport). */
	support?: SandboxSupport;
	/** A resumed child's: the session it continues (its entries, checked when read), written for its Pi to open. */
	session?: readonly unknown[];
}

/**
 * The session file a resumed child's Pi opens and continues: a header of its own (a fresh id, the
 * child's working directory), then the entries. Written exclusively, never through a link.
 */
function writeResumedSession(file: string, cwd: string, entries: readonly unknown[]): void {
	const header = { type: "session", version: 3, id: randomUUID(), timestamp: new Date().toISOString(), cwd };
	writeFileNoFollow(file, [header, ...entries].map((entry) => `${JSON.stringify(entry)}\n`).join(""));
}

/** A subprocess runner with a chosen Pi CLI or extension (another Pi version, the built extension). */
// Kept whole: the checks before a start, the scratch directories made for it and their removal in
// one finally, and the channel opened last, read as one sequence; split, each would pass them all.
export function createSubprocessRunner(options: SubprocessOptions = {}): ChildRunner {
	return async (launch, hooks) => {
		const started = Date.now();
		if (hooks.signal.aborted) return unstarted(hooks, undefined, started);
		const found = options.cli ? { cli: options.cli } : findPiCli();
		if ("error" in found) return unstarted(hooks, found.error, started);
		if (existsSync(hooks.sessionFile)) {
			return unstarted(hooks, `the session file ${hooks.sessionFile} exists already; a child starts fresh`, started);
		}
		const support = options.support ?? sandboxSupport();
		const enforced = sandboxToEnforce(launch.sandbox, support);
		if ("error" in enforced) return unstarted(hooks, enforced.error, started);
		// Inside the run's own audit directory, so that a killed run leaves nothing outside its record.
		const promptDir = scratchDir(hooks.sessionFile, "child");
		let privateTmp: string | undefined;
		try {
			// Made inside the try: when it fails (a full disk), the prompt directory is still removed.
			privateTmp = enforced.plan ? scratchDir(hooks.sessionFile, "tmp") : undefined;
			if (options.session) writeResumedSession(hooks.sessionFile, launch.cwd, options.session);
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
			const contained = containChild(
				{
					launch,
					support,
					node: process.execPath,
					argv: built.command.argv,
					sessionFile: hooks.sessionFile,
					home: homedir(),
					tmp: privateTmp,
					// A provider extension imports files beside it (its package, a helper in its folder): the
					// whole tree it lives in stays visible, as the CLI's and the child extension's do.
					visible: [
						promptDir,
						codeTree(found.cli),
						codeTree(options.extension ?? childExtensionPath()),
						...launch.providerExtensions.map(codeTree),
					],
					caches: enforced.plan ? startCaches() : [],
					canonical: realPathOf,
				},
				enforced.plan,
			);
			const grace = options.graceMs ?? STOP_GRACE_MS;
			const command = { ...built.command, contained };
			return await steered(promptDir, hooks, (c) =>
				runChild(launch, hooks, { ...command, channel: c }, grace, started, options.session),
			);
		} finally {
			rmSync(promptDir, { recursive: true, force: true });
			if (privateTmp) rmSync(privateTmp, { recursive: true, force: true });
		}
	};
}

/** The subprocess runner with the Pi this package resolves (or the one running it). */
export const runSubprocess: ChildRunner = createSubprocessRunner();

/** The child's configuration, as the child-side extension reads it. */
function childConfig(launch: ChildLaunch, contained: ContainedCommand, runId: string, channel: ChildChannel): string {
	return encodeChildConfig({
		submit: { ...launch.submit, roots: [...launch.submit.roots] },
		turns: launch.budget.turns,
		usd: launch.budget.usd,
		...(contained.sandboxConfig && { sandbox: contained.sandboxConfig }),
		...(contained.containConfig && { contain: contained.containConfig }),
		...(launch.commands && { commands: launch.commands }),
		...(launch.paths && { paths: launch.paths }),
		prompt: expectedPrompt(launch.prompt),
		firstMessage: sha256(launch.firstMessage),
		...(launch.cache && { cache: launch.cache }),
		...(channel.dir !== "" && { channel: channel.dir }),
		...(launch.delegate && { delegate: true }),
		runId,
	});
}

// Kept whole: the runner's one long function. Spawning, streaming, stopping and collecting share
// the child's state, and splitting them would pass that state through every piece.
async function runChild(
	launch: ChildLaunch,
	hooks: RunnerHooks,
	{ argv, stdin, contained, channel }: ChildCommand & { contained: ContainedCommand; channel: ChildChannel },
	graceMs: number,
	started: number,
	session?: readonly unknown[],
): Promise<ChildOutcome> {
	const runId = randomUUID();
	const config = childConfig(launch, contained, runId, channel);
	const env = withRunMarker(
		{ ...process.env, PI_CODING_AGENT_DIR: launch.agentDir, [CHILD_CONFIG_ENV]: config },
		runId,
	);
	hooks.onLaunch?.({
		runner: "subprocess",
		command: contained.command,
		argv: contained.command === process.execPath ? argv : contained.args,
		cwd: launch.cwd,
		// The variables pi-delegate sets; the rest is the parent's environment, which may hold secrets.
		env: { PI_CODING_AGENT_DIR: launch.agentDir, [CHILD_CONFIG_ENV]: config },
		runId,
	});
	const namespace = contained.containment === "namespace";
	const child = spawn(contained.command, contained.args, {
		cwd: launch.cwd,
		env,
		stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe", ...(namespace ? ["pipe" as const] : [])],
		detached: true,
	});
	let info = "";
	child.stdio[INFO_FD]?.on("data", (chunk: Buffer) => {
		info += chunk.toString();
	});
	// Both are pipes (stdio above), so never null.
	const stdout = child.stdout!;
	const stderr = child.stderr!;
	const streams = readChild(stdout, stderr, hooks, contained.sandbox === "enforce");
	if (session) resumeEventState(streams.state, session);
	let spawnError: string | undefined;
	let abortReason: unknown;
	let stopping: Promise<void> | undefined;
	const pid = child.pid;
	const release = pid === undefined ? () => {} : guardChild(() => signalTree(pid, runId, "SIGKILL"));
	child.stdin?.on("error", () => {
		// The child died before reading its stdin; its exit says why.
	});
	child.stdin?.end(stdin);

	const end = (pid: number) => (namespace ? stopContained(pid, runId, graceMs) : terminateTree(pid, runId, graceMs));
	const stop = () => {
		abortReason = hooks.signal.reason;
		if (pid !== undefined) stopping ??= end(pid);
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
	// Whatever the child left running (a background command, a daemon) goes with it: in a namespace,
	// the kernel has ended it already; otherwise the marked processes are found and stopped.
	if (pid !== undefined) await (stopping ?? end(pid));
	const init = namespaceInit(info);
	if (init !== undefined) await namespaceGone(init);
	release();
	await drained(stdout, stderr, ...(child.stdio[INFO_FD] ? [child.stdio[INFO_FD] as Readable] : []));
	streams.flush();
	// Sandboxed, they lie in the child's private /tmp, removed with it; otherwise in this process's.
	if (contained.sandbox !== "enforce") removeOutputFiles(streams.outputFiles);
	return childOutcome(streams.state, {
		...containedExit(exited.code, exited.signal, contained.containment),
		containment: contained.containment,
		sandbox: contained.sandbox,
		prevented: streams.prevented,
		spawnError,
		abortReason,
		reports: streams.reports,
		commands: ranReports(streams.reports),
		stderrTail: streams.stderrTail.value,
		streamErrors: streams.streamErrors,
		sessionFile: existsSync(hooks.sessionFile) ? hooks.sessionFile : undefined,
		elapsedMs: Date.now() - started,
	});
}
