/**
 * Where `planTask` records a child (the plan's audit directory's parent): PI_DELEGATE_RUNS_DIR,
 * else the `runsDir` setting (`~` is the home, a relative path is taken from the working
 * directory; the project's over the global one), else under Pi's agent directory; and what the
 * record will hold.
 */
import { describe, expect, it } from "vitest";
import { auditFiles } from "../../src/plan/audit-files.ts";
import { AGENT_DIR, CWD, HOME, planOf, settingsOf } from "../support/plan-inputs.ts";

const runsDir = (change: Parameters<typeof planOf>[0]) => planOf(change).audit.runsDir;

describe("the plan's runs directory", () => {
	it("is under Pi's agent directory by default", () => {
		expect(runsDir({})).toBe(`${AGENT_DIR}/pi-delegate/runs`);
	});

	it("takes the runsDir setting: ~ as the home, a relative path from the working directory", () => {
		expect(runsDir({ settings: settingsOf({ global: { runsDir: "~/audit/runs" } }) })).toBe(`${HOME}/audit/runs`);
		expect(runsDir({ settings: settingsOf({ global: { runsDir: "records" } }) })).toBe(`${CWD}/records`);
		expect(runsDir({ settings: settingsOf({ global: { runsDir: "/var/runs" } }) })).toBe("/var/runs");
	});

	it("takes the project's setting over the global one", () => {
		const settings = settingsOf({ global: { runsDir: "/var/global" }, project: { runsDir: "/var/project" } });
		expect(runsDir({ settings })).toBe("/var/project");
	});

	it("takes PI_DELEGATE_RUNS_DIR over any setting", () => {
		const settings = settingsOf({ project: { runsDir: "/var/project" } });
		expect(runsDir({ settings, runsDirOverride: "/tmp/override" })).toBe("/tmp/override");
	});

	it("lists the files a finished task's audit directory holds, in the order they are written", () => {
		expect(planOf().audit.files).toEqual(auditFiles("task"));
		expect(auditFiles("task")[0]).toBe("spec.json");
		expect(auditFiles("task").at(-1)).toBe("result.json");
	});

	it("records the parent's session when there is one, so spend can be asked per session", () => {
		const parentSession = { id: "s-1", file: "/home/u/.pi/agent/sessions/s-1.jsonl" };
		expect(planOf({ parentSession }).parentSession).toEqual(parentSession);
		expect(planOf()).not.toHaveProperty("parentSession");
	});
});
