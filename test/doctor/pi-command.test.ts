/**
 * `/delegate-doctor` in a real `pi`: the same checks and table as `pi-delegate doctor`, for this
 * session — the running Pi instead of the `pi` on PATH, the extension as loaded, the session's model
 * standing in for every effort without a profile — shown the way every report is in each mode.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, runPi } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

const EXTENSION = join(REPO, "test/doctor/doctor-extension.ts");

describe("/delegate-doctor", () => {
	it("prints doctor's table for this session (print mode: on standard error)", () => {
		const cwd = tempDir("pi-delegate-doctor-pi-");
		const run = runPi(["-e", EXTENSION, "-p", "/delegate-doctor"], { cwd });
		expect(run.status).toBe(0);
		expect(run.stdout).toBe("");
		expect(run.stderr).toMatch(/^pi-delegate doctor: (ready to delegate|\d+ check\(s\) failed)$/m);
		expect(run.stderr).toMatch(/^ {3}check +state +detail$/m);
		expect(run.stderr).toMatch(/^✓ {2}pi +ok +1\.6\.0 \(this Pi:/m);
		expect(run.stderr).toMatch(/^✓ {2}extension +ok +loaded in this Pi session/m);
		const flat = run.stderr.replace(/\s+/g, " ");
		expect(flat).toContain("effort fast ok scripted/scripted-1, from the parent's current model");
		expect(flat).toMatch(/✓ agents ok \d+ ready/);
	});

	it("refuses arguments, with no checks run", () => {
		const run = runPi(["-e", EXTENSION, "-p", "/delegate-doctor --fix"], { cwd: tempDir("pi-delegate-doctor-pi-") });
		expect(run.stderr).toContain('/delegate-doctor takes no arguments (got "--fix")');
		expect(run.stderr).not.toMatch(/check +state +detail/);
	});

	it("in JSON mode the report reaches the event stream as a custom entry", () => {
		const run = runPi(["-e", EXTENSION, "--mode", "json", "-p", "/delegate-doctor"], {
			cwd: tempDir("pi-delegate-doctor-pi-"),
		});
		const entry = run.events.find((e) => e.type === "entry_appended") as
			| { entry: { customType: string; data: { title: string; text: string; summary: string } } }
			| undefined;
		expect(entry?.entry.customType).toBe("pi-delegate-report");
		expect(entry?.entry.data.title).toMatch(/^pi-delegate doctor: /);
		expect(entry?.entry.data.text).toContain("bubblewrap");
		expect(entry?.entry.data.summary).toMatch(/^\d+ checks: /);
	});
});
