/**
 * Where a run's socket lies: within a unix socket's path limit whatever the runs directory's length,
 * derived from the run directory alone (its real path), in a private directory of the user's (under
 * /tmp, or where PI_DELEGATE_CONTROL_DIR says); one that is not the user's own is refused, never used.
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

const TMP_DIR = `/tmp/pi-delegate-control-${process.getuid?.()}`;
const own = () => ({ PI_DELEGATE_CONTROL_DIR: join(tempDir(), "control") });

describe("socket paths", () => {
	it("fit the limit for a run directory of any length, and name the run by its real path", () => {
		const base = tempDir();
		const env = own();
		const deep = join(base, "d".repeat(200), "e".repeat(200), "20260101T000000Z-t");
		mkdirSync(deep, { recursive: true });
		const path = socketPathFor(deep, env);
		expect(Buffer.byteLength(path)).toBeLessThanOrEqual(SOCKET_PATH_MAX);
		symlinkSync(join(base, "d".repeat(200)), join(base, "link"));
		expect(socketPathFor(join(base, "link", "e".repeat(200), "20260101T000000Z-t"), env)).toBe(path);
		expect(socketCandidates(deep, env)[0]).toBe(path);
	});

	it("live under /tmp whatever TMPDIR says; a directory named too long or relative is not used", () => {
		expect(controlDirs({ TMPDIR: "/var/tmp/elsewhere" })).toEqual([TMP_DIR]);
		expect(controlDirs({ PI_DELEGATE_CONTROL_DIR: `/tmp/${"x".repeat(120)}` })).toEqual([TMP_DIR]);
		expect(controlDirs({ PI_DELEGATE_CONTROL_DIR: "relative/dir" })).toEqual([TMP_DIR]);
		expect(controlDirs({ PI_DELEGATE_CONTROL_DIR: "/x/ctl" })).toEqual(["/x/ctl", TMP_DIR]);
	});

	it("the private directory is made 0700; one that is a link or open to others is refused", () => {
		const env = own();
		const dir = ensureControlDir(env);
		expect(statSync(dir).mode & 0o777).toBe(0o700);
		chmodSync(dir, 0o755);
		expect(() => ensureControlDir(env)).toThrow(ControlDirRefused);
		expect(socketCandidates(tempDir(), env)).not.toContain(expect.stringContaining(dir));
		const linked = own();
		const elsewhere = tempDir();
		chmodSync(elsewhere, 0o700);
		symlinkSync(elsewhere, linked.PI_DELEGATE_CONTROL_DIR);
		expect(() => ensureControlDir(linked)).toThrow(/is a symbolic link/);
	});
});
