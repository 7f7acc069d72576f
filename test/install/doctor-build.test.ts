/**
 * `/delegate-doctor` in a fresh clone says what the clone really runs. A built clone whose sources
 * are as the build recorded loads the bundle (index.ts), and doctor must not warn that a source
 * changed since the build — though the bundle imports doctor's package facts from src/, which is
 * where that module lies in every copy. Once a source changes, the clone runs its sources and
 * doctor says so. The copy keeps every file's modification time (cp -a), as a clone after
 * `npm ci` has them. Needs the build.
 */
import { execFileSync } from "node:child_process";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, runPi } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";
import { packageFiles } from "./package.ts";

/** The working tree's package files and its build, copied with their times; node_modules linked. */
function builtClone(): string {
	const dir = join(tempDir("pi-delegate-doctor-clone-"), "pi-delegate");
	execFileSync("mkdir", ["-p", dir]);
	execFileSync("cp", ["-a", "--parents", ...packageFiles(), "dist", dir], { cwd: REPO });
	execFileSync("ln", ["-s", join(REPO, "node_modules"), join(dir, "node_modules")]);
	return dir;
}

const doctor = (clone: string) =>
	runPi(["-e", clone, "-p", "/delegate-doctor"], { cwd: tempDir("pi-delegate-doctor-") });

describe("/delegate-doctor in a built clone", () => {
	const clone = builtClone();

	it("does not warn of changed sources when none changed: the clone runs its build", () => {
		const run = doctor(clone);
		expect(run.status).toBe(0);
		expect(run.stderr.replace(/\s+/g, " ")).not.toContain("a source changed since its last build");
		expect(run.stderr).not.toMatch(/^! +build/m);
	});

	it("warns once a source has changed since the build: the clone then runs its sources", () => {
		const later = new Date(Date.now() + 60_000);
		utimesSync(join(clone, "src/format/text.ts"), later, later);
		const run = doctor(clone);
		expect(run.stderr.replace(/\s+/g, " ")).toContain(
			"this clone runs its TypeScript sources: a source changed since its last build",
		);
	});
});
