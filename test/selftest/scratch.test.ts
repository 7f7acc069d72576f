import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { processAlive, processStartTime, removeStaleScratch, staleScratch } from "../../src/leftovers.ts";
import { openScratch, SCRATCH_PREFIX, withScratch } from "../../src/selftest/scratch.ts";
import { waitFor } from "../support/processes.ts";
import { tempDir } from "../support/temp.ts";

describe("the selftest's scratch directory", () => {
	it("names the directories of dead owners, and only those", () => {
		const alive = (pid: number) => pid === 42;
		const names = [
			"pi-delegate-selftest-42-abc",
			"pi-delegate-selftest-43-abc",
			"pi-delegate-selftest-envelopes-usHifu",
			"pi-delegate-selftest-123456",
			"pi-delegate-doctor-43-abc",
			"other-43-abc",
			`pi-delegate-selftest-${process.pid}-mine`,
		];
		expect(staleScratch(names, alive, SCRATCH_PREFIX)).toEqual(["pi-delegate-selftest-43-abc"]);
		expect(staleScratch(names, alive, "pi-delegate-doctor-")).toEqual(["pi-delegate-doctor-43-abc"]);
	});

	it("does not take a reused process id for the owner: the name records when the owner started", () => {
		// Process 42 runs, but it started at tick 500: the directory made by a process 42 of tick 100 is stale.
		const alive = (pid: number, startedAt?: string) => pid === 42 && (startedAt === undefined || startedAt === "500");
		const names = ["pi-delegate-selftest-42.500-a", "pi-delegate-selftest-42.100-b", "pi-delegate-selftest-42-c"];
		expect(staleScratch(names, alive, SCRATCH_PREFIX)).toEqual(["pi-delegate-selftest-42.100-b"]);
	});

	it("knows this process by its id and start, and not by its id with another start", () => {
		const start = processStartTime(process.pid);
		expect(processAlive(process.pid)).toBe(true);
		expect(processAlive(process.pid, start)).toBe(true);
		if (start !== undefined) expect(processAlive(process.pid, `${Number(start) + 1}`)).toBe(false);
		expect(processAlive(999_999_991)).toBe(false);
	});

	it("removes what a killed run left, and never a live run's directory", () => {
		const root = tempDir();
		for (const name of ["pi-delegate-selftest-999999991-x", "pi-delegate-selftest-1-x", "unrelated"]) {
			mkdirSync(join(root, name, "deep"), { recursive: true });
		}
		const removed = removeStaleScratch(root, (pid) => pid === 1, SCRATCH_PREFIX);
		expect(removed).toEqual([join(root, "pi-delegate-selftest-999999991-x")]);
		expect(readdirSync(root).sort()).toEqual(["pi-delegate-selftest-1-x", "unrelated"]);
	});

	it("removes a dead run's directory although what that run started still writes into it for a moment", async () => {
		const root = tempDir();
		const dir = join(root, "pi-delegate-selftest-999999991-x");
		// A straggler of the dead run: makes a directory in it (as `mkdir -p` would) every 2 ms for 300 ms,
		// then ends. Paced as a real straggler is: one that never pauses builds a tree of tens of thousands
		// of directories on a fast disk, and removing that alone can outlast the sweep's window when the
		// machine is loaded.
		const writer = spawn(
			process.execPath,
			[
				"-e",
				`const { mkdirSync } = require("node:fs"); const end = Date.now() + 300; let i = 0;
				const nap = new Int32Array(new SharedArrayBuffer(4));
				while (Date.now() < end) { mkdirSync(process.argv[1] + "/sub/" + i++, { recursive: true }); Atomics.wait(nap, 0, 0, 2); }`,
				dir,
			],
			{ stdio: "ignore" },
		);
		const ended = new Promise((resolve) => writer.once("exit", resolve));
		await waitFor(() => existsSync(join(dir, "sub")));
		expect(removeStaleScratch(root, () => false, SCRATCH_PREFIX)).toEqual([dir]);
		await ended;
		expect(readdirSync(root)).toEqual([]);
	});

	it("is one directory per run, removed afterwards even when the run throws", async () => {
		const root = tempDir();
		let seen = "";
		await expect(
			withScratch(root, async (dir) => {
				seen = dir;
				mkdirSync(join(dir, "agent", "runs"), { recursive: true });
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
		expect(seen.startsWith(join(root, `pi-delegate-selftest-${process.pid}.${processStartTime(process.pid)}-`))).toBe(
			true,
		);
		expect(existsSync(seen)).toBe(false);
		const scratch = openScratch(root);
		scratch.remove();
		scratch.remove();
		expect(readdirSync(root)).toEqual([]);
	});
});
