/** Checks on processes for tests, independent of the code under test (they ask `ps`). */
import { spawnSync } from "node:child_process";

/** Alive per `ps`; a zombie has exited and only waits to be reaped, so it counts as gone. */
export function alive(pid: number): boolean {
	const out = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
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
