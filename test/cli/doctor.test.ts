/**
 * `pi-delegate doctor` on real temporary machines: a real `pi` loads the extension entry, the model
 * runtime is built from the agent dir (with the scripted provider as the providerExtensions setting
 * names it), git and bubblewrap are asked on a PATH the test composes. Each fault is introduced on
 * its own, and doctor must fail that check alone (or warn, for bubblewrap) — and write nothing.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { doctorWorkspace, EVERY_EFFORT, stateOf } from "../doctor/workspace.ts";
import { runCli } from "../support/cli.ts";
import { REPO } from "../support/pi.ts";

const notOk = (report: { checks: Array<{ id: string; state: string }> }) =>
	report.checks.filter((c) => c.state !== "ok").map((c) => `${c.id}:${c.state}`);

/** The text with every run of white space as one space: details wrap at 80 columns. */
const flat = (text: string) => text.replace(/\s+/g, " ");

// Concurrent: each test is one doctor run on a machine of its own, most of it waiting for a `pi`.
describe.concurrent("pi-delegate doctor", () => {
	it("passes a healthy setup: exit 0, every check ok, an aligned table at 80 columns", async () => {
		const ws = doctorWorkspace();
		const out = await ws.run();
		expect(out.stderr).toBe("");
		expect(out.code).toBe(0);
		const lines = out.stdout.split("\n");
		expect(lines[0]).toMatch(/^ {3}check {12}state {2}detail$/);
		expect(lines.every((l) => [...l].length <= 80)).toBe(true);
		for (const name of [
			"node",
			"pi",
			"pi for children",
			"extension",
			"settings",
			"effort fast",
			"agents",
			"runs dir",
			"git",
			"bubblewrap",
		]) {
			expect(out.stdout, name).toMatch(new RegExp(`^✓  ${name} +ok `, "m"));
		}
		expect(out.stdout).toMatch(/^✓ {2}pi +ok +1\.6\.0 at .*\/bin\/pi/m);
		expect(flat(out.stdout)).toContain("ext.ts loads in pi 1.6.0 without errors");
		expect(flat(out.stdout)).toMatch(/runs dir ok \S+\/runs \(PI_DELEGATE_RUNS_DIR\): not there yet; will be made in /);
		expect(out.stdout).toContain("scripted/scripted-1");
		expect(out.stdout).toMatch(/Ready to delegate\.\n$/);
	});

	it("--json: the checks with id, name, state and detail, the counts, and ok", async () => {
		const ws = doctorWorkspace({ programs: ["node", "pi", "git"] });
		const { code, report } = await ws.json();
		expect(code).toBe(0);
		expect(report.ok).toBe(true);
		expect(Object.keys(report).sort()).toEqual(["checks", "counts", "ok"]);
		expect(report.counts).toEqual({ ok: report.checks.length - 1, warn: 1, fail: 0, skip: 0 });
		for (const check of report.checks) {
			expect(Object.keys(check)).toEqual(expect.arrayContaining(["id", "name", "state", "detail"]));
		}
		const bwrap = report.checks.find((c) => c.id === "bubblewrap");
		expect(bwrap).toMatchObject({ state: "warn", detail: "no `bwrap` on PATH" });
		expect(bwrap?.cost).toContain("not prevented");
		expect(bwrap?.fix).toContain("bubblewrap");
	});

	it("reading writes nothing: no auth.json, no models-store.json, nothing in the agent dir or TMPDIR", async () => {
		const ws = doctorWorkspace();
		mkdirSync(join(ws.agentDir, "agents"));
		writeFileSync(
			join(ws.agentDir, "agents", "lookup.md"),
			"---\ndescription: looks things up\nmodel: scripted/scripted-1\n---\nRole.\n",
		);
		const before = ws.agentFiles();
		const out = await ws.run();
		expect(out.code).toBe(0);
		expect(ws.agentFiles()).toEqual(before);
		expect(ws.agentFiles()).not.toContain("auth.json");
		expect(ws.agentFiles()).not.toContain("models-store.json");
		// Pi's own caches (its transpile cache, Node's compile cache) are Pi's, made by any pi run; doctor's are gone.
		expect(readdirSync(ws.tmp).filter((name) => name.startsWith("pi-delegate"))).toEqual([]);
		expect(readdirSync(ws.base).sort()).toEqual(["agent", "bin", "pkg", "project", "tmp"]);
	});

	it("fails a broken settings file with every problem, and nothing else", async () => {
		const ws = doctorWorkspace({
			settings: { "pi-delegate": { ...EVERY_EFFORT["pi-delegate"], runner: "docker", runsDri: "/x" } },
		});
		const out = await ws.run();
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^✗ {2}settings +FAIL +2 problem\(s\)/m);
		expect(out.stdout).toContain('"docker"');
		expect(out.stdout).toContain("runsDir");
		const { report } = await ws.json();
		expect(notOk(report)).toEqual(["settings:fail"]);
	});

	it("fails a settings file that is not JSON", async () => {
		const ws = doctorWorkspace();
		writeFileSync(join(ws.agentDir, "settings.json"), '{ "pi-delegate": { "runner": "subprocess", } ');
		const { code, report } = await ws.json();
		expect(code).toBe(1);
		expect(stateOf(report, "settings")).toBe("fail");
	});

	it("fails an agent whose model does not resolve, with the agent and the models that exist", async () => {
		const ws = doctorWorkspace();
		mkdirSync(join(ws.agentDir, "agents"));
		writeFileSync(
			join(ws.agentDir, "agents", "typo.md"),
			"---\ndescription: t\nmodel: scripted/scripted-2\n---\nRole.\n",
		);
		const out = await ws.run();
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^✗ {2}agents +FAIL +1 of 5 would not start: typo$/m);
		expect(out.stdout).toContain("scripted/scripted-1");
	});

	it("fails an effort whose model is unknown", async () => {
		const profiles = { fast: "scripted/scripted-1", balanced: "scripted/nope", deep: "scripted/scripted-1" };
		const ws = doctorWorkspace({
			settings: { "pi-delegate": { ...EVERY_EFFORT["pi-delegate"], effortProfiles: profiles } },
		});
		const { code, report } = await ws.json();
		expect(code).toBe(1);
		expect(notOk(report)).toEqual(["effort.balanced:fail"]);
	});

	it("fails a runs dir that cannot be written (a path through a file), leaving nothing", async () => {
		const ws = doctorWorkspace();
		writeFileSync(join(ws.base, "file"), "");
		const out = await ws.run([], { PI_DELEGATE_RUNS_DIR: join(ws.base, "file", "runs") });
		expect(out.code).toBe(1);
		expect(flat(out.stdout)).toMatch(
			/✗ runs dir FAIL \S*file\/runs \(PI_DELEGATE_RUNS_DIR\): \S*\/file is a file, not a directory/,
		);
		expect(out.stdout).toContain("fix: make it writable, or choose another");
	});

	it("fails when git is not on PATH", async () => {
		const ws = doctorWorkspace({ programs: ["node", "pi", "bwrap"] });
		const out = await ws.run();
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^✗ {2}git +FAIL +no `git` on PATH; every snapshot reads git state$/m);
		expect(out.stdout).toContain("fix: install git");
		const { report } = await ws.json();
		expect(notOk(report)).toEqual(["git:fail"]);
	});

	it("only warns when bubblewrap is not on PATH, and says what that costs (exit 0)", async () => {
		const ws = doctorWorkspace({ programs: ["node", "pi", "git"] });
		const out = await ws.run();
		expect(out.code).toBe(0);
		expect(out.stdout).toMatch(/^! {2}bubblewrap +warn +no `bwrap` on PATH$/m);
		expect(out.stdout).toMatch(/^ {3}costs: children run without the sandbox/m);
		expect(out.stdout).toContain("Ready to delegate; the warnings above say what they cost.");
	});

	it("only warns when no pi is on PATH but the Pi pi-delegate came with runs its children", async () => {
		const ws = doctorWorkspace({ programs: ["node", "git", "bwrap"] });
		const { code, report } = await ws.json();
		expect(code).toBe(0);
		expect(notOk(report)).toEqual(["pi:warn", "extension:skip"]);
	});

	it("fails when no pi is on PATH and none runs children, and does not probe the extension", async () => {
		const ws = doctorWorkspace({ programs: ["node", "git", "bwrap"] });
		const { code, report } = await ws.json({ PI_DELEGATE_PI_CLI: join(ws.tmp, "no-such-cli.js") });
		expect(code).toBe(1);
		expect(notOk(report)).toEqual(["pi:fail", "pi-children:fail", "extension:skip"]);
	});

	it("warns when PI_DELEGATE_BWRAP=off turns bubblewrap off, as runs then go without it (exit 0)", async () => {
		const ws = doctorWorkspace();
		const { code, report } = await ws.json({ PI_DELEGATE_BWRAP: "off" });
		expect(code).toBe(0);
		const check = report.checks.find((c) => c.id === "bubblewrap");
		expect(check).toMatchObject({ state: "warn", fix: "unset PI_DELEGATE_BWRAP" });
		expect(check?.detail).toContain("PI_DELEGATE_BWRAP=off turns bubblewrap off");
	});

	it("on a terminal, says on stderr that it is checking while it checks, and clears the line", async () => {
		const ws = doctorWorkspace();
		const out = await ws.run([], {}, true);
		expect(out.stderr).toBe("doctor: checking… a first run after an install takes up to a minute\r\x1b[K");
		expect(out.stdout).toContain("checks:");
	});

	it("fails an extension entry that throws when Pi loads it, with Pi's words", async () => {
		const ws = doctorWorkspace({ extension: 'throw new Error("the entry is broken");\n' });
		const { code, report } = await ws.json();
		expect(code).toBe(1);
		expect(notOk(report)).toEqual(["extension:fail"]);
		expect(report.checks.find((c) => c.id === "extension")?.detail).toContain("the entry is broken");
	});

	it("loads the package's own extension (from the sources) in this Pi", async () => {
		const ws = doctorWorkspace({ extensionPath: join(REPO, "src/pi/extension.ts") });
		const { report } = await ws.json();
		expect(report.checks.find((c) => c.id === "extension")).toMatchObject({ state: "ok" });
	});

	it("rejects bad flags with exit 2", async () => {
		const out = await runCli(["doctor", "--fix"]);
		expect(out.code).toBe(2);
		expect(out.stderr).toContain("Usage: pi-delegate doctor");
	});
});
