/**
 * Runs the real `pi` binary as a child process without blocking the event loop (an in-process
 * emulator must keep answering while the child talks to it), with timing and peak memory.
 *
 * The bin is started with this process's Node (Pi needs Node 22; the `pi` shebang would pick whatever
 * `node` comes first on PATH), stdin ignored (non-RPC modes read stdin to EOF) and in its own process
 * group so a timeout can end the child and anything it spawned.
 */
import { spawn } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO = resolve(import.meta.dirname, "../..");
export const PI_BIN = realpathSync(join(REPO, "node_modules/.bin/pi"));

export interface PiProcessResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	/** JSON lines of `--mode json` output. */
	events: Array<Record<string, unknown>>;
	/** Wall-clock epoch ms (sub-millisecond) just before spawn and at exit. */
	startedAt: number;
	endedAt: number;
	/** Highest resident set the child reached (VmHWM), KiB; undefined when /proc was not readable. */
	peakRssKiB: number | undefined;
}

export interface PiProcessOptions {
	cwd: string;
	env?: Record<string, string>;
	timeoutMs?: number;
	/** Poll the child's peak RSS every this many ms (0: do not). */
	memoryPollMs?: number;
}

const wallClock = () => performance.timeOrigin + performance.now();

function readPeakRss(pid: number): number | undefined {
	try {
		const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
		return match ? Number(match[1]) : undefined;
	} catch {
		return undefined;
	}
}

export function runPiProcess(args: readonly string[], options: PiProcessOptions): Promise<PiProcessResult> {
	return new Promise((resolvePromise, reject) => {
		const startedAt = wallClock();
		const child = spawn(process.execPath, [PI_BIN, ...args], {
			cwd: options.cwd,
			env: { ...process.env, ...options.env },
			stdio: ["ignore", "pipe", "pipe"],
			detached: true,
		});
		let stdout = "";
		let stderr = "";
		let peakRssKiB: number | undefined;
		child.stdout.on("data", (d: Buffer) => {
			stdout += d.toString("utf8");
		});
		child.stderr.on("data", (d: Buffer) => {
			stderr += d.toString("utf8");
		});
		const poll =
			options.memoryPollMs && child.pid !== undefined
				? setInterval(() => {
						const value = readPeakRss(child.pid!);
						if (value !== undefined) peakRssKiB = Math.max(peakRssKiB ?? 0, value);
					}, options.memoryPollMs)
				: undefined;
		const timer = setTimeout(() => {
			if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
		}, options.timeoutMs ?? 60_000);
		child.on("error", (error) => {
			clearTimeout(timer);
			if (poll) clearInterval(poll);
			reject(error);
		});
		child.on("exit", () => {
			if (child.pid !== undefined) {
				const last = readPeakRss(child.pid);
				if (last !== undefined) peakRssKiB = Math.max(peakRssKiB ?? 0, last);
			}
		});
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			if (poll) clearInterval(poll);
			const events = stdout
				.split("\n")
				.filter((line) => line.startsWith("{"))
				.map((line) => JSON.parse(line) as Record<string, unknown>);
			resolvePromise({ code, signal, stdout, stderr, events, startedAt, endedAt: wallClock(), peakRssKiB });
		});
	});
}

/** Assistant messages of a `--mode json` run (from message_end events). */
export function assistantMessages(events: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
	return events
		.filter((e) => e.type === "message_end")
		.map((e) => e.message as Record<string, unknown>)
		.filter((m) => m?.role === "assistant");
}

/** Sum of Pi's own cost figures over a run's assistant messages, in dollars. */
export function piReportedCost(events: ReadonlyArray<Record<string, unknown>>): number {
	let total = 0;
	for (const m of assistantMessages(events)) {
		const usage = m.usage as { cost?: { total?: number } } | undefined;
		total += usage?.cost?.total ?? 0;
	}
	return total;
}
