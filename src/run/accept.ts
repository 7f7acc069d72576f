/**
 * Runs a task's acceptance commands once its child has ended: each with bash in the child's working
 * directory, under the same sandbox as the child's own commands (bubblewrap with the plan's mounts,
 * or containment alone under `sandbox: off`), one after another within their shared budget. A
 * command still running when the budget is spent is stopped with everything it started: its PID
 * namespace dies with its bubblewrap, and without namespaces its group and every process carrying
 * the run's marker are killed. Its output is read with a ceiling, and only the tail is kept.
 *
 * The commands are the caller's; what they run of the child's tree (a test script the child
 * rewrote) runs inside that sandbox, and whatever they write is diffed with the child's changes,
 * since the roots' after-snapshot is taken only once they are done.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import type { AcceptPlan } from "../plan/accept.ts";
import { ACCEPT_TAIL_BYTES, type AcceptRun, outputTail } from "./outcome/accept.ts";
import { bwrapArgs, containArgs } from "./sandbox/bwrap-args.ts";
import { terminateTree, withRunMarker } from "./sandbox/process-tree.ts";
import { realPathOf } from "./sandbox/real-paths.ts";
import { refusalsIn } from "./sandbox/refusals.ts";
import type { SandboxPlan, SandboxSupport } from "./sandbox/types.ts";

/** Bytes of output held while a command runs: enough for its tail, however much it prints. */
const HELD_BYTES = 8 * ACCEPT_TAIL_BYTES;
/** How long a stopped command's tree has to end after SIGTERM before SIGKILL. */
const STOP_GRACE_MS = 500;
/** How long the output left in a command's pipes may take to arrive once its tree is gone. */
const DRAIN_MS = 1000;

/** Where and how the commands run. */
export interface AcceptPlace {
	cwd: string;
	/** The child's sandbox; `enforce` runs each command under it. */
	sandbox: SandboxPlan;
	support: SandboxSupport;
	signal?: AbortSignal;
}

/** The program and arguments that run `command` as the child's commands run. */
function commandLine(command: string, place: AcceptPlace, tmp: string): { file: string; args: string[] } | string {
	const { bwrap, containment, enforce, reason } = place.support;
	if (place.sandbox.mode === "enforce") {
		if (bwrap === undefined || !enforce) return `the sandbox cannot be made here: ${reason ?? "bubblewrap is missing"}`;
		const args = bwrapArgs(place.sandbox, { cwd: realPathOf(place.cwd), home: realPathOf(homedir()), tmp });
		return { file: bwrap, args: [...args, "bash", "-c", command] };
	}
	if (bwrap === undefined || !containment) return { file: "bash", args: ["-c", command] };
	const args = containArgs(place.cwd, {
		command: true,
		root: process.getuid?.() === 0,
		copies: place.sandbox.copies,
	});
	return { file: bwrap, args: [...args, "bash", "-c", command] };
}

/** Keeps the last HELD_BYTES of what a process writes to stdout and stderr. */
function holdOutput(child: ChildProcess): () => string {
	let held = Buffer.alloc(0);
	const take = (chunk: Buffer) => {
		held = Buffer.concat([held, chunk]);
		if (held.length > HELD_BYTES) held = held.subarray(held.length - HELD_BYTES);
	};
	child.stdout?.on("data", take);
	child.stderr?.on("data", take);
	return () => held.toString("utf8");
}

/** Resolves once the process's pipes have closed, or after DRAIN_MS whatever holds them. */
function drained(child: ChildProcess): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			clearTimeout(timer);
			child.stdout?.destroy();
			child.stderr?.destroy();
			resolve();
		};
		const timer = setTimeout(done, DRAIN_MS);
		if (child.stdout?.closed !== false && child.stderr?.closed !== false) done();
		else child.once("close", done);
	});
}

/** Runs one command until it exits or `ms` pass; then its whole tree is stopped. */
async function runOne(command: string, place: AcceptPlace, tmp: string, ms: number): Promise<AcceptRun> {
	const line = commandLine(command, place, tmp);
	if (typeof line === "string")
		return { command, status: "not run", exitCode: null, durationS: 0, tail: "", detail: line };
	const runId = `accept-${randomUUID()}`;
	const started = Date.now();
	const child = spawn(line.file, line.args, {
		cwd: place.cwd,
		env: withRunMarker(process.env, runId) as NodeJS.ProcessEnv,
		stdio: ["ignore", "pipe", "pipe"],
		detached: true,
	});
	const output = holdOutput(child);
	let stopped: "time" | "cancel" | undefined;
	const stop = (why: "time" | "cancel") => {
		stopped ??= why;
		if (child.pid !== undefined) void terminateTree(child.pid, runId, STOP_GRACE_MS);
	};
	const timer = setTimeout(() => stop("time"), ms);
	const onAbort = () => stop("cancel");
	place.signal?.addEventListener("abort", onAbort);
	const end = await new Promise<{ code: number | null; signal: string | null; error?: string }>((resolve) => {
		child.once("error", (error) => resolve({ code: null, signal: null, error: error.message }));
		child.once("exit", (code, signal) => resolve({ code, signal }));
	});
	clearTimeout(timer);
	place.signal?.removeEventListener("abort", onAbort);
	// Whatever it left behind (without namespaces, a background process) ends with it; then what is
	// still in the pipes is read, for as long as a stopped tree takes to let go of them, and no longer.
	if (child.pid !== undefined) await terminateTree(child.pid, runId, STOP_GRACE_MS);
	await drained(child);
	const text = output();
	const prevented = refusalsIn("bash", text, { command }).map((p) => p.reason);
	const base = {
		command,
		durationS: Math.round(Date.now() - started) / 1000,
		tail: outputTail(text),
		...(prevented.length > 0 && { prevented }),
	};
	if (end.error !== undefined) return { ...base, status: "not run", exitCode: null, detail: end.error };
	if (stopped === "time")
		return { ...base, status: "timed out", exitCode: null, detail: `stopped after ${ms / 1000} s` };
	if (stopped === "cancel") return { ...base, status: "not run", exitCode: null, detail: "the run was cancelled" };
	const status = end.code === 0 ? "passed" : "failed";
	return { ...base, status, exitCode: end.code, ...(end.signal !== null && { signal: end.signal }) };
}

/**
 * Runs the plan's commands in order within their shared budget; one whose turn comes after the
 * budget is spent, or after the run was cancelled, is recorded as not run.
 */
export async function runAcceptance(accept: AcceptPlan, place: AcceptPlace): Promise<AcceptRun[]> {
	const deadline = Date.now() + accept.budget_s * 1000;
	// The commands' private /tmp under the sandbox, as the child's commands have one.
	const tmp = mkdtempSync(join(tmpdir(), "pi-delegate-accept-"));
	const runs: AcceptRun[] = [];
	try {
		for (const command of accept.commands) {
			const left = deadline - Date.now();
			const detail = place.signal?.aborted
				? "the run was cancelled"
				: left <= 0
					? `the acceptance budget of ${accept.budget_s} s was spent`
					: undefined;
			if (detail !== undefined)
				runs.push({ command, status: "not run", exitCode: null, durationS: 0, tail: "", detail });
			else runs.push(await runOne(command, place, realPathOf(tmp), left));
		}
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
	return runs;
}
