/** Checks on processes for tests, independent of the code under test (they ask `ps`). */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * Alive, and not a zombie (a zombie has exited and only waits to be reaped, so it counts as gone).
 * Read from /proc where there is one: asking `ps` can itself fail on a loaded machine, and an empty
 * answer must not pass for a dead process.
 */
export function alive(pid: number): boolean {
	if (existsSync("/proc/self/stat")) {
		let stat: string;
		try {
			stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		} catch {
			return false;
		}
		const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
		return state !== "Z" && state !== "X";
	}
	const out = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
	if (out.status !== 0 && out.status !== 1) throw new Error(`ps failed: ${out.stderr || out.error?.message}`);
	const stat = out.stdout.trim();
	return stat !== "" && !stat.startsWith("Z");
}

/** Polls `check` until it holds; throws after `ms`. */
export async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
	const deadline = Date.now() + ms;
	while (!check()) {
		if (Date.now() > deadline) throw new Error("timed out waiting");
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
}

/** The command names of `pid`'s children, read from /proc (empty where there is none). */
export function childCommands(pid: number): string[] {
	const names: string[] = [];
	let entries: string[] = [];
	try {
		entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
	} catch {
		return names;
	}
	for (const entry of entries) {
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
			const close = stat.lastIndexOf(")");
			const ppid = Number(stat.slice(close + 2).split(" ")[1]);
			if (ppid === pid) names.push(stat.slice(stat.indexOf("(") + 1, close));
		} catch {
			// Gone while being read.
		}
	}
	return names;
}
