/**
 * The keeper of a subprocess child's command namespace reports its first process on a pipe, in
 * several writes (bubblewrap writes `{"child-pid": N`, then each namespace, then `}`). A keeper
 * whose pipe was closed after the first write died of SIGPIPE at the next — and the namespace with
 * it, killing the child's first command as it ran (exit 137: a FIFO never made, a file never
 * moved, a disk never filled). The pipe is read to the end of the info before it is closed.
 */
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keepCommandNamespace, keeperInit } from "../../../src/run/sandbox/command-namespace.ts";
import { tempDir } from "../../support/temp.ts";

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

describe("keepCommandNamespace", () => {
	it("the pid comes from bubblewrap's whole info only", () => {
		expect(keeperInit('{\n    "child-pid": 12')).toBeUndefined();
		expect(keeperInit('{\n    "child-pid": 12,\n    "pid-namespace": 4026532182')).toBeUndefined();
		expect(keeperInit('{\n    "child-pid": 12,\n    "pid-namespace": 4026532182\n}\n')).toBe(12);
		expect(keeperInit('{"child-pid": "12"}')).toBeUndefined();
		expect(keeperInit("[12]")).toBeUndefined();
	});

	it("a keeper that writes its info in parts is not killed by a pipe closed after the first", async () => {
		const dir = tempDir("pi-delegate-keeper-");
		const fake = join(dir, "bwrap");
		// As bubblewrap does: the pid first, the rest a moment later (a loaded machine reads between).
		writeFileSync(
			fake,
			[
				"#!/bin/sh",
				`printf '{\\n    "child-pid": %d' $$ >&3`,
				"sleep 0.3",
				`printf ',\\n    "pid-namespace": 1\\n}\\n' >&3 || exit 9`,
				"exec sleep 30",
			].join("\n"),
		);
		chmodSync(fake, 0o755);
		const ns = await keepCommandNamespace(fake);
		expect(ns?.init).toBeGreaterThan(0);
		const init = ns?.init ?? 0;
		try {
			await new Promise((resolve) => setTimeout(resolve, 500));
			expect(alive(init)).toBe(true);
		} finally {
			if (alive(init)) process.kill(init, "SIGKILL");
		}
	});
});
