/**
 * The PID namespace a subprocess child's bash commands share when it runs without the sandbox. A
 * command that sees the child's Pi in its process table can take Pi's stdout — the runner's record
 * of the run — with pidfd_getfd or ptrace and write events into it: a submission never made, a
 * cost never paid. So the commands live in a namespace below Pi's, with a /proc of their own. It is
 * one namespace for all of them, kept open by a keeper process, not one per command: what a command
 * starts in the background is there for the next, as it always was without the sandbox (and in it,
 * each command is already a sandbox of its own). The keeper dies with Pi, and the namespace with it.
 */
import { spawn } from "node:child_process";
import { readlinkSync } from "node:fs";
import type { Readable } from "node:stream";
import { keeperArgs, type SharedNamespace } from "./bwrap-args.ts";

/** How long the keeper may take to report its namespace; without one, each command gets a namespace of its own. */
const KEEPER_START_MS = 10_000;

/** The keeper's namespace has a user namespace of its own: bubblewrap made one (it runs as another user than root). */
function ownUserNamespace(init: number): boolean {
	try {
		return readlinkSync(`/proc/${init}/ns/user`) !== readlinkSync("/proc/self/ns/user");
	} catch {
		return true;
	}
}

/**
 * The keeper's first process from bubblewrap's whole info, once all of it has arrived. bubblewrap
 * writes the info in several writes (`{"child-pid": N`, then each namespace, then `}`), and it
 * dies of SIGPIPE when a write finds the pipe closed — its first process with it (it runs with
 * `--die-with-parent`), and with that every command that had joined the namespace, killed as it
 * ran. So the pipe is read to the end of the JSON before it is closed, never to the first pid.
 */
export function keeperInit(info: string): number | undefined {
	try {
		const pid = (JSON.parse(info) as { "child-pid"?: unknown })["child-pid"];
		return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

/** Starts the keeper; resolves to its namespace, or undefined when it could not be made. */
export function keepCommandNamespace(bwrap: string): Promise<SharedNamespace | undefined> {
	const keeper = spawn(bwrap, [...keeperArgs(), "sleep", "2147483647"], {
		stdio: ["ignore", "ignore", "ignore", "pipe"],
	});
	keeper.unref();
	const info = keeper.stdio[3] as Readable | null;
	return new Promise((resolve) => {
		let text = "";
		const timer = setTimeout(() => done(undefined), KEEPER_START_MS);
		timer.unref();
		function done(ns: SharedNamespace | undefined) {
			clearTimeout(timer);
			info?.removeAllListeners("data");
			info?.destroy();
			resolve(ns);
		}
		keeper.once("error", () => done(undefined));
		keeper.once("exit", () => done(undefined));
		info?.on("data", (chunk: Buffer) => {
			text += chunk.toString();
			const init = keeperInit(text);
			if (init !== undefined) done({ init, user: ownUserNamespace(init) });
		});
	});
}
