/** Runs the `pi-delegate` command as a user would, as a process of its own, and keeps what it printed. */
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface Printed {
	code: number;
	stdout: string;
	stderr: string;
}

export interface Invocation {
	argv: readonly string[];
	cwd: string;
	env: Record<string, string>;
}

/** A run that outlives this is stuck (a loaded machine makes a 10 s run take 60): the check reports it rather than waiting for ever. */
const TIMEOUT_MS = 300_000;

export function runCommand(repo: string, call: Invocation): Promise<Printed> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [join(repo, "bin/pi-delegate.cjs"), ...call.argv], {
			cwd: call.cwd,
			env: call.env,
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (text: string) => {
			stdout += text;
		});
		child.stderr.setEncoding("utf8").on("data", (text: string) => {
			stderr += text;
		});
		const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
		child.on("error", reject);
		child.on("close", (code, signal) => {
			clearTimeout(timer);
			if (signal) reject(new Error(`pi-delegate ${call.argv.join(" ")} was killed (${signal}):\n${stderr}`));
			else resolve({ code: code ?? 2, stdout, stderr });
		});
	});
}

/** Runs `jobs` at most `limit` at a time; resolves to their results in order. */
export async function limited<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
	const results: T[] = new Array(jobs.length);
	let next = 0;
	const worker = async () => {
		while (next < jobs.length) {
			const i = next++;
			const job = jobs[i];
			if (job) results[i] = await job();
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
	return results;
}
