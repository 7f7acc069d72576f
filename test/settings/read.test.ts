import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { readDelegateSettings, readSettings } from "../../src/settings/read.ts";
import { homeLayout } from "../support/home-layout.ts";

function layout() {
	const { home, agentDir, cwd } = homeLayout("pi-delegate-settings-");
	mkdirSync(join(cwd, ".pi"));
	return { home, agentDir, cwd };
}

describe("readDelegateSettings", () => {
	it("reads both files, global then project, with display labels", () => {
		const where = layout();
		writeFileSync(join(where.agentDir, "settings.json"), '{"pi-delegate":{"runsDir":"global"}}');
		writeFileSync(join(where.cwd, ".pi", "settings.json"), '{"pi-delegate":{"runsDir":"project"}}');
		const settings = readDelegateSettings({ ...where, projectTrusted: true });
		expect(settings.problems).toEqual([]);
		expect(settings.sections.map((s) => [s.scope, s.label, s.status, s.values.runsDir])).toEqual([
			["global", "~/.pi/agent/settings.json", "read", "global"],
			["project", ".pi/settings.json", "read", "project"],
		]);
	});

	it("treats missing files as empty", () => {
		const settings = readDelegateSettings({ ...layout(), projectTrusted: true });
		expect(settings.problems).toEqual([]);
		expect(settings.sections.map((s) => s.status)).toEqual(["missing", "missing"]);
	});

	it("refuses a FIFO or a link to a device without opening it, as a problem of that file", () => {
		const where = layout();
		execFileSync("mkfifo", [join(where.cwd, ".pi", "settings.json")]);
		symlinkSync("/dev/zero", join(where.agentDir, "settings.json"));
		const settings = readDelegateSettings({ ...where, projectTrusted: true });
		expect(settings.sections.map((s) => s.status)).toEqual(["invalid", "invalid"]);
		expect(settings.problems.map((p) => [p.source, p.message])).toEqual([
			[
				"~/.pi/agent/settings.json",
				"cannot read the settings file: it is not a regular file (a FIFO, device or socket)",
			],
			[".pi/settings.json", "cannot read the settings file: it is not a regular file (a FIFO, device or socket)"],
		]);
	});

	it("does not read an untrusted project's file at all", () => {
		const where = layout();
		writeFileSync(join(where.cwd, ".pi", "settings.json"), "{ not json");
		const read: string[] = [];
		const settings = readDelegateSettings({
			...where,
			projectTrusted: false,
			readText: (file) => {
				read.push(file);
				return undefined;
			},
		});
		expect(read).toEqual([join(where.agentDir, "settings.json")]);
		expect(settings.sections[1]?.status).toBe("untrusted");
		expect(settings.problems).toEqual([]);
	});

	it("reports an unreadable file and a malformed one together", () => {
		const where = layout();
		mkdirSync(join(where.agentDir, "settings.json"));
		writeFileSync(join(where.cwd, ".pi", "settings.json"), '{"pi-delegate": {,}}');
		const settings = readDelegateSettings({ ...where, projectTrusted: true });
		expect(settings.problems.map((p) => formatPath(p))).toEqual([
			"~/.pi/agent/settings.json",
			".pi/settings.json:1:18",
		]);
		expect(settings.problems[0]?.message).toContain("cannot read");
		expect(settings.sections.map((s) => s.status)).toEqual(["invalid", "invalid"]);
	});
});

describe("readSettings", () => {
	it("merges both files, the project's value over the global one's", () => {
		const where = layout();
		writeFileSync(join(where.agentDir, "settings.json"), '{"pi-delegate":{"runner":"in-process","sandbox":"off"}}');
		writeFileSync(join(where.cwd, ".pi", "settings.json"), '{"pi-delegate":{"runner":"subprocess"}}');
		const { settings, problems } = readSettings({ ...where, projectTrusted: true });
		expect(problems).toEqual([]);
		expect(settings.runner).toMatchObject({
			value: "subprocess",
			origin: { scope: "project", label: ".pi/settings.json" },
		});
		expect(settings.sandbox).toMatchObject({ value: "off", origin: { scope: "global" } });
	});

	it("does not read an untrusted project's file: its settings and its problems count for nothing", () => {
		const where = layout();
		writeFileSync(join(where.agentDir, "settings.json"), '{"pi-delegate":{"runner":"in-process"}}');
		writeFileSync(
			join(where.cwd, ".pi", "settings.json"),
			'{"pi-delegate":{"runner":"subprocess","sandbox":"off","bad":1}}',
		);
		const { settings, sections, problems } = readSettings({ ...where, projectTrusted: false });
		expect(problems).toEqual([]);
		expect(sections.map((s) => s.status)).toEqual(["read", "untrusted"]);
		expect(settings.runner?.value).toBe("in-process");
		expect(settings.sandbox.value).toBe("enforce");
	});

	it("reports the problems of both files at once, global first", () => {
		const where = layout();
		writeFileSync(join(where.agentDir, "settings.json"), '{"pi-delegate":{"runsDir":5}}');
		writeFileSync(
			join(where.cwd, ".pi", "settings.json"),
			'{\n  "pi-delegate": {\n    "runner": "nosuch",\n    "contextMods": {}\n  }\n}',
		);
		const { problems, settings } = readSettings({ ...where, projectTrusted: true });
		expect(problems.map((p) => formatPath(p))).toEqual([
			"~/.pi/agent/settings.json:1:17: pi-delegate.runsDir",
			".pi/settings.json:3:5: pi-delegate.runner",
			".pi/settings.json:4:5: pi-delegate.contextMods",
		]);
		expect(settings.runsDir).toBeUndefined();
		expect(settings.runner).toBeUndefined();
	});

	it("keeps the older shape working: only values that passed reach settingValues' callers", () => {
		const where = layout();
		writeFileSync(join(where.cwd, ".pi", "settings.json"), '{"pi-delegate":{"runner":"nosuch","runsDir":"/r"}}');
		const settings = readDelegateSettings({ ...where, projectTrusted: true });
		expect(settings.sections[1]?.values).toEqual({ runsDir: "/r" });
		expect(settings.problems).toHaveLength(1);
	});
});
