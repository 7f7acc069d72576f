/**
 * Where a run's socket lies: within a unix socket's path limit whatever the runs directory's length
 * or the temporary directory's, derived from the run directory alone (its real path), in a private
 * directory of the user's; one that is not the user's own is refused, never used.
 */
import { chmodSync, mkdirSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	ControlDirRefused,
	controlDirs,
	ensureControlDir,
	SOCKET_PATH_MAX,
	socketCandidates,
	socketPathFor,
} from "../../../src/run/control/path.ts";
import { tempDir } from "../../support/temp.ts";

describe("socket paths", () => {
	it("fit the limit for a run directory of any length, and name the run by its real path", () => {
		const base = tempDir();
		const env = { TMPDIR: tempDir() };
		const deep = join(base, "d".repeat(200), "e".repeat(200), "20260101T000000Z-t");
		mkdirSync(deep, { recursive: true });
		const path = socketPathFor(deep, env);
		expect(Buffer.byteLength(path)).toBeLessThanOrEqual(SOCKET_PATH_MAX);
		symlinkSync(join(base, "d".repeat(200)), join(base, "link"));
		expect(socketPathFor(join(base, "link", "e".repeat(200), "20260101T000000Z-t"), env)).toBe(path);
		expect(socketCandidates(deep, env)[0]).toBe(path);
	});

	it("a temporary directory too long for a socket falls back to /tmp", () => {
		const env = { TMPDIR: `/tmp/${"x".repeat(120)}` };
		expect(controlDirs(env)).toEqual([join("/tmp", `pi-delegate-control-${process.getuid?.()}`)]);
	});

	it("the private directory is made 0700; one that is a link or open to others is refused", () => {
		const env = { TMPDIR: tempDir() };
		const dir = ensureControlDir(env);
		expect(statSync(dir).mode & 0o777).toBe(0o700);
		chmodSync(dir, 0o755);
		expect(() => ensureControlDir(env)).toThrow(ControlDirRefused);
		expect(socketCandidates(tempDir(), env)).not.toContain(expect.stringContaining(env.TMPDIR));
		const linked = { TMPDIR: tempDir() };
		const elsewhere = tempDir();
		chmodSync(elsewhere, 0o700);
		symlinkSync(elsewhere, join(linked.TMPDIR, `pi-delegate-control-${process.getuid?.()}`));
		expect(() => ensureControlDir(linked)).toThrow(/is a symbolic link/);
	});
});
