/**
 * Finding a child's processes from outside, by a unique token in their argv. A pid a command
 * prints is useless once the command runs in a PID namespace (it is the namespace's number, not
 * the host's), and an environment marker is gone after `env -i`; an argv token survives both.
 * `sleep` takes fractional seconds, so `sleep 300.<digits>` carries a token and sleeps as asked.
 */
import { readdirSync, readFileSync } from "node:fs";

let counter = 0;

/** A fresh `sleep` argument nobody else on the machine uses: 300.<pid><counter><random>. */
export function sleepToken(): string {
	counter++;
	return `300.${process.pid}${counter}${Math.floor(Math.random() * 1e6)}`;
}

/** Live (not zombie) processes whose argv contains `token` as one whole argument. */
export function processesWith(token: string): number[] {
	const found: number[] = [];
	for (const name of readdirSync("/proc")) {
		const pid = Number(name);
		if (!Number.isInteger(pid) || pid === process.pid) continue;
		try {
			const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
			if (!argv.includes(token)) continue;
			const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
			const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
			if (state !== "Z" && state !== "X") found.push(pid);
		} catch {
			// Gone meanwhile.
		}
	}
	return found;
}

/** Every way a command tries to outlive its child, one token each. */
export interface Escapes {
	/** The bash command that starts them all (in the background) and returns. */
	command: string;
	/** Name → token, for the assertion message. */
	tokens: Record<string, string>;
}

export function escapes(): Escapes {
	const t = {
		setsid: sleepToken(),
		envClear: sleepToken(),
		doubleFork: sleepToken(),
		nohup: sleepToken(),
		daemon: sleepToken(),
		ignoresTerm: sleepToken(),
	};
	const command = [
		`setsid sleep ${t.setsid} &`,
		`env -i setsid sleep ${t.envClear} &`,
		`( ( sleep ${t.doubleFork} & ) & )`,
		`nohup sleep ${t.nohup} >/dev/null 2>&1 &`,
		`setsid sh -c 'exec </dev/null >/dev/null 2>&1; exec sleep ${t.daemon}' &`,
		`( trap '' TERM; exec sleep ${t.ignoresTerm} ) >/dev/null 2>&1 &`,
	].join("\n");
	return { command, tokens: t };
}

/** The escapes still alive, by name. */
export function survivors(e: Escapes): string[] {
	return Object.entries(e.tokens)
		.filter(([, token]) => processesWith(token).length > 0)
		.map(([name]) => name);
}

/** Whether every escape is running (so a stop has something to stop). */
export function allRunning(e: Escapes): boolean {
	return Object.values(e.tokens).every((token) => processesWith(token).length > 0);
}
