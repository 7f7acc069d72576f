/**
 * Starting a background run's supervisor: pi-delegate itself, running the run, in a process that
 * outlives the shell that started it — a session of its own (no terminal's hang-up reaches it), its
 * output in a log file in the user's private control directory. Where bubblewrap works it runs in a
 * PID namespace of its own (`--unshare-pid`, with a /proc of its own so the runners' process
 * bookkeeping sees the namespace's numbers): when the supervisor dies, however it dies (`kill -9`
 * included), the namespace's first process ends and the kernel kills every process left in it, the
 * run's child and all it started. Where bubblewrap does not work, only a process group of its own
 * holds the run together, and a killed supervisor can leave its child to end on its own.
 *
 * The supervisor says which record it opened on descriptor 4 (a line of JSON) once its endpoint
 * answers; the starter waits for that line, or for the supervisor's end, and returns either.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";

/** Where the supervisor reports its record (bubblewrap reports the namespace on 3). */
export const REPORT_FD = 4;

/** The arguments that put the supervisor in a PID namespace of its own, with the whole file system as it is. */
export function supervisorArgs(cwd: string): string[] {
	return ["--unshare-pid", "--dev-bind", "/", "/", "--proc", "/proc", "--info-fd", "3", "--chdir", cwd, "--"];
}

/** What the starter hands the supervisor on its standard input, then closes it. */
export interface SupervisorHeader {
	/** The supervisor's pid as the host numbers it (inside its namespace it is a small number). */
	pid?: number;
	/** The spec's text, when it came from standard input (`run -`). */
	specText?: string;
	/** The log the supervisor writes to: it renames it after its run, and removes it after a clean end. */
	log: string;
}

export interface SupervisorStart {
	node: string;
	/** The pi-delegate command (bin/pi-delegate.cjs) and the arguments of the run. */
	argv: string[];
	cwd: string;
	env: Readonly<Record<string, string | undefined>>;
	/** bubblewrap, when it can make a PID namespace here. */
	bwrap: string | undefined;
	/** An open descriptor of the log file. */
	logFd: number;
	log: string;
	specText?: string;
	/** How long the supervisor may take to open its record. */
	timeoutMs: number;
}

export type Started =
	| { ok: true; dir: string; pid: number; namespace: boolean }
	| { ok: false; code: number | null; why: string };

/**
 * What a stream says until `enough` finds what it needs in it, or it ends, or `ms` pass; the stream
 * is closed only then (bubblewrap writes its info in several writes and would die of SIGPIPE on a
 * pipe closed under it).
 */
function readUntil(
	stream: Readable | null | undefined,
	enough: (text: string) => string | undefined,
	ms: number,
): Promise<string | undefined> {
	return new Promise((resolve) => {
		if (!stream) return resolve(undefined);
		let text = "";
		const timer = setTimeout(() => done(undefined), ms);
		const done = (found: string | undefined) => {
			clearTimeout(timer);
			stream.removeAllListeners("data");
			stream.destroy();
			resolve(found);
		};
		stream.on("data", (chunk: Buffer) => {
			text += chunk.toString();
			const found = enough(text);
			if (found !== undefined) done(found);
			else if (text.length > 64 * 1024) done(undefined);
		});
		stream.on("error", () => done(undefined));
		stream.on("end", () => done(enough(text)));
	});
}

/** The first line, once whole. */
const firstLine = (text: string) => (text.includes("\n") ? text.slice(0, text.indexOf("\n")) : undefined);

/** The namespace's first process from bubblewrap's whole info (`{"child-pid": N, …}`). */
const infoInit = (text: string) => (text.includes("}") ? (/"child-pid"\s*:\s*(\d+)/.exec(text)?.[1] ?? "") : undefined);

/** The host pid of the namespace's first process's first child: the supervisor under bubblewrap's init. */
async function firstChild(init: number, ms = 5000): Promise<number | undefined> {
	const deadline = Date.now() + ms;
	while (Date.now() < deadline) {
		try {
			const [child] = readFileSync(`/proc/${init}/task/${init}/children`, "utf8").trim().split(/\s+/);
			if (child) return Number(child);
		} catch {
			return undefined;
		}
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return undefined;
}

/** The supervisor's host pid: under bubblewrap, its init's child; else the process started. */
async function supervisorPid(child: ReturnType<typeof spawn>, bwrap: boolean): Promise<number | undefined> {
	if (!bwrap) return child.pid;
	const init = await readUntil(child.stdio[3] as Readable, infoInit, 10_000);
	return init === undefined || init === "" ? undefined : firstChild(Number(init));
}

/** Starts the supervisor and waits until it has opened its record (or has ended without one). */
export async function startSupervisor(start: SupervisorStart): Promise<Started> {
	const [command, ...args] = start.bwrap
		? [start.bwrap, ...supervisorArgs(start.cwd), start.node, ...start.argv]
		: [start.node, ...start.argv];
	const child = spawn(command!, args, {
		cwd: start.cwd,
		env: start.env as NodeJS.ProcessEnv,
		detached: true,
		stdio: ["pipe", start.logFd, start.logFd, start.bwrap ? "pipe" : "ignore", "pipe"],
	});
	const exited = new Promise<number | null>((resolve) => {
		child.once("exit", (code) => resolve(code));
		child.once("error", () => resolve(null));
	});
	const pid = await supervisorPid(child, start.bwrap !== undefined);
	const header: SupervisorHeader = {
		log: start.log,
		...(pid && { pid }),
		...(start.specText !== undefined && { specText: start.specText }),
	};
	const stdin = child.stdin as Writable;
	stdin.on("error", () => {});
	stdin.end(`${JSON.stringify(header)}\n`);
	const line = await readUntil(child.stdio[REPORT_FD] as Readable, firstLine, start.timeoutMs);
	const dir = (() => {
		try {
			const value = JSON.parse(line ?? "") as { dir?: unknown };
			return typeof value.dir === "string" ? value.dir : undefined;
		} catch {
			return undefined;
		}
	})();
	if (dir !== undefined && pid !== undefined) {
		child.unref();
		return { ok: true, dir, pid, namespace: start.bwrap !== undefined };
	}
	const code = await Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
	if (child.exitCode === null && child.pid !== undefined) {
		// It said nothing in time: it is not left running unseen (its group, from its own session).
		try {
			process.kill(-child.pid, "SIGKILL");
		} catch {}
	}
	child.unref();
	const why = line === undefined ? "it ended before opening its record" : "it did not say which record it opened";
	return {
		ok: false,
		code,
		why: child.exitCode === null && code === null ? `it did not open its record in time` : why,
	};
}
