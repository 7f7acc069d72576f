import { describe, expect, it } from "vitest";
import { doctorSummary, renderDoctorReport, wrapText } from "../../src/doctor/render.ts";
import type { Check, DoctorReport } from "../../src/doctor/types.ts";
import { visibleWidth } from "../../src/format/table.ts";

function report(checks: Check[]): DoctorReport {
	const counts = { ok: 0, warn: 0, fail: 0, skip: 0 };
	for (const c of checks) counts[c.state]++;
	return { ok: counts.fail === 0, checks, counts };
}

const LONG_PATH =
	"/home/someone/a/rather/deep/folder/with/many/levels/node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js";

const CHECKS: Check[] = [
	{ id: "node", name: "node", state: "ok", detail: "22.23.3 (supported: >=22.19.0)" },
	{ id: "pi-children", name: "pi for children", state: "ok", detail: `1.6.0 at ${LONG_PATH} (supported: >=0.86.1 <2)` },
	{
		id: "settings",
		name: "settings",
		state: "fail",
		detail: "2 problem(s), and no child starts until they are fixed; ~/.pi/agent/settings.json: has problems",
		fix: "first fix",
		problems: [
			{
				source: "~/.pi/agent/settings.json:1:17",
				path: ["pi-delegate", "runner"],
				code: "invalid_value",
				value: "docker",
				message: "must be in-process or subprocess",
				fix: 'write "runner": "subprocess"',
			},
			{
				source: "~/.pi/agent/settings.json:1:35",
				path: ["pi-delegate", "runsDri"],
				code: "unknown_key",
				value: 1,
				message: 'unknown key "runsDri" (did you mean "runsDir"?)',
				fix: 'rename it to "runsDir"',
			},
		],
	},
	{
		id: "git",
		name: "git",
		state: "fail",
		detail: "no `git` on PATH; every snapshot reads git state",
		fix: "install git",
	},
	{
		id: "bubblewrap",
		name: "bubblewrap",
		state: "warn",
		detail: "no `bwrap` on PATH",
		fix: "install bubblewrap",
		cost: "children run without the sandbox",
	},
];

describe("doctor's report", () => {
	const text = renderDoctorReport(report(CHECKS));
	const lines = text.split("\n");

	it("fits 80 columns, however long a path is", () => {
		const wide = lines.filter((line) => visibleWidth(line) > 80);
		expect(wide).toEqual([]);
		expect(text.replace(/\n\s+/g, "")).toContain(LONG_PATH.slice(0, 40));
	});

	it("aligns check, state and detail, with the detail wrapped in its column", () => {
		const header = lines[0] ?? "";
		const at = header.indexOf("detail");
		const pi = lines.findIndex((l) => l.includes("pi for children"));
		expect(lines[pi]?.indexOf("1.6.0")).toBe(at);
		expect(lines[pi + 1]?.slice(0, at).trim()).toBe("");
		expect(lines[pi + 1]?.length).toBeGreaterThan(at);
		expect(lines.find((l) => l.startsWith("✗  git"))?.indexOf("FAIL")).toBe(header.indexOf("state"));
	});

	it("puts what to do under each check that is not ok, and nothing under one that is", () => {
		const at = (name: string) => lines.findIndex((l) => l.slice(3).startsWith(name));
		expect(lines[at("git") + 1]).toBe("   fix: install git");
		expect(lines[at("bubblewrap") + 1]).toBe("   costs: children run without the sandbox");
		expect(lines[at("bubblewrap") + 2]).toBe("   fix: install bubblewrap");
		const settings = lines
			.slice(at("settings"), at("git"))
			.map((l) => l.trim())
			.join(" ");
		expect(settings).toContain(
			'✗ ~/.pi/agent/settings.json:1:17: pi-delegate.runner: must be in-process or subprocess (value: "docker")',
		);
		expect(settings).toContain('fix: rename it to "runsDir"');
		expect(lines[at("node") + 1]?.startsWith("✓")).toBe(true);
	});

	it("ends with the count and whether the machine is ready", () => {
		expect(text.trimEnd().split("\n").slice(-2)).toEqual([
			"5 checks: 2 ok, 1 warning, 2 failed.",
			"Fix what failed (above) and run pi-delegate doctor again.",
		]);
		const fine = renderDoctorReport(report(CHECKS.filter((c) => c.state !== "fail")));
		expect(fine).toContain("Ready to delegate; the warnings above say what they cost.");
	});

	it("breaks a word longer than the line, after a slash where it can", () => {
		const wrapped = wrapText(LONG_PATH, 40);
		expect(wrapped.every((l) => l.length <= 40)).toBe(true);
		expect(wrapped.join("")).toBe(LONG_PATH);
		expect(wrapped[0]?.endsWith("/")).toBe(true);
	});
});

describe("doctor's collapsed view in Pi", () => {
	const warned = report([
		{ id: "node", name: "node", state: "ok", detail: "22.23.3" },
		{
			id: "build",
			name: "build",
			state: "warn",
			detail: "this clone runs its TypeScript sources: a source changed since its last build",
			cost: "slower starts",
		},
	]);

	it("keeps each detail whole, wrapped under itself, never cut mid-sentence", () => {
		const summary = doctorSummary(warned, 60);
		expect(summary.replace(/\n\s+/g, " ")).toContain(
			"! build: this clone runs its TypeScript sources: a source changed since its last build",
		);
		for (const line of summary.split("\n")) expect(visibleWidth(line)).toBeLessThanOrEqual(60);
	});

	it("says the warnings are below it, where it lists them", () => {
		const lines = doctorSummary(warned).split("\n");
		const said = lines.findIndex((l) => l.includes("the warnings below say what they cost"));
		expect(said).toBeGreaterThanOrEqual(0);
		expect(lines.findIndex((l) => l.startsWith("! build"))).toBeGreaterThan(said);
		expect(lines.join("\n")).not.toContain("above");
	});
});
