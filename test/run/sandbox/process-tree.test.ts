import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	environHasRun,
	isAlive,
	parseStat,
	RUN_MARKER_ENV,
	terminateTree,
	treeMembers,
	withRunMarker,
} from "../../../src/run/sandbox/process-tree.ts";
import { alive, waitFor } from "../../support/processes.ts";
import { tempDir } from "../../support/temp.ts";

const environ = (...entries: string[]) => Buffer.from(`${entries.join("\0")}\0`);

describe("run markers", () => {
	it("appends a run to the parent's runs, so nested runs keep theirs", () => {
		expect(withRunMarker({ A: "1" }, "r1")).toEqual({ A: "1", [RUN_MARKER_ENV]: "r1" });
		expect(withRunMarker({ [RUN_MARKER_ENV]: "outer" }, "inner")[RUN_MARKER_ENV]).toBe("outer,inner");
	});

	it("finds a run id in an environ block, exactly", () => {
		expect(environHasRun(environ("A=1", `${RUN_MARKER_ENV}=outer,r1`, "B=2"), "r1")).toBe(true);
		expect(environHasRun(environ(`${RUN_MARKER_ENV}=r1`), "r1")).toBe(true);
		expect(environHasRun(environ(`${RUN_MARKER_ENV}=r10`), "r1")).toBe(false);
		expect(environHasRun(environ(`${RUN_MARKER_ENV}_OLD=r1`), "r1")).toBe(false);
		expect(environHasRun(environ(`X=${RUN_MARKER_ENV}=r1`), "r1")).toBe(false);
		expect(environHasRun(Buffer.alloc(0), "r1")).toBe(false);
	});

	it("reads state, parent and group from a stat line whose command has spaces and parentheses", () => {
		expect(parseStat("123 (my (odd) cmd) S 1 456 456 0 -1")).toEqual({ state: "S", ppid: 1, pgrp: 456 });
		expect(parseStat("garbage")).toBeUndefined();
	});
});

/** Starts `script` detached, in its own group, marked with `id`; returns its pid and a pid file. */
function startTree(script: string, id: string) {
	const dir = tempDir("pi-delegate-tree-");
	const child = spawn("sh", ["-c", script], {
		cwd: dir,
		detached: true,
		stdio: "ignore",
		env: withRunMarker(process.env, id),
	});
	const pidFile = join(dir, "pids");
	// Only whole lines count: the shell truncates the file before `echo` writes, and an empty or
	// half-written file must not pass for a pid (an empty one read as pid 0, "dead" at once).
	const written = () => {
		try {
			const lines = readFileSync(pidFile, "utf8").split("\n").slice(0, -1);
			return lines.every((line) => /^[1-9][0-9]*$/.test(line)) ? lines.map(Number) : [];
		} catch {
			return [];
		}
	};
	const pids = async (count: number) => {
		await waitFor(() => written().length >= count);
		return written();
	};
	return { pid: child.pid!, pids };
}

describe.runIf(process.platform === "linux")("stopping a tree", () => {
	it("stops the group and marked processes that left it, and nothing else", async () => {
		const id = randomUUID();
		const tree = startTree("sleep 600 & echo $! > pids; setsid sleep 601 & echo $! >> pids; wait", id);
		const other = startTree("sleep 602 & echo $! > pids; wait", randomUUID());
		const [inGroup, escaped] = await tree.pids(2);
		const [bystander] = await other.pids(1);
		await waitFor(() => treeMembers(tree.pid, id).length === 3);
		expect(treeMembers(tree.pid, id).sort()).toEqual([tree.pid, inGroup, escaped].sort());
		await terminateTree(tree.pid, id, 1000);
		for (const pid of [tree.pid, inGroup!, escaped!]) expect(alive(pid), `${pid} survived`).toBe(false);
		expect(alive(bystander!)).toBe(true);
		await terminateTree(other.pid, "unused", 1000);
		expect(alive(bystander!)).toBe(false);
	});

	it("kills what ignores SIGTERM once the grace period is over", async () => {
		const id = randomUUID();
		const tree = startTree('trap "" TERM; echo $$ > pids; while :; do sleep 0.05; done', id);
		const [shell] = await tree.pids(1);
		await terminateTree(tree.pid, id, 200);
		expect(alive(shell!)).toBe(false);
		expect(isAlive(shell!)).toBe(false);
	});

	it("returns at once when nothing is left", async () => {
		await terminateTree(2 ** 22 + 7, randomUUID(), 10_000);
	});
});
