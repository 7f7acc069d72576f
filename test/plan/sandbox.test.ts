import { describe, expect, it } from "vitest";
import * as api from "../../src/index.ts";
import { decideSandbox, type SandboxPlanInput } from "../../src/plan/sandbox.ts";
import { formatPath } from "../../src/problems.ts";
import { CWD, OTHER, planOf, refusalOf, settingsOf, specOf } from "../support/plan-inputs.ts";

const works = { enforce: true, reason: undefined };
const missing = { enforce: false, reason: "bubblewrap (bwrap) is not installed" };
const spec = (s: Partial<SandboxPlanInput["spec"]> = {}): SandboxPlanInput["spec"] => ({
	network: false,
	git_writes: false,
	resolved: { write_allowed: ["/repo/src"], watched_only: ["/repo/docs", "/other"] },
	...s,
});

describe("decideSandbox", () => {
	it("enforces by default where bubblewrap works: writable roots, watched roots and .git read-only, no network", () => {
		const plan = decideSandbox({ spec: spec(), available: works });
		expect(plan).toEqual({
			mode: "enforce",
			reason: "the default (bubblewrap)",
			writable: ["/repo/src"],
			readOnly: ["/repo/docs", "/other", "/repo/src/.git"],
			network: false,
			gitWritable: false,
			notes: [],
		});
	});

	it("leaves .git writable and the network on only when the spec says so", () => {
		const plan = decideSandbox({ spec: spec({ git_writes: true, network: true }), available: works });
		expect(plan).toMatchObject({ mode: "enforce", gitWritable: true, network: true });
		expect(plan.readOnly).toEqual(["/repo/docs", "/other"]);
	});

	it("takes the spec over the setting, and the setting over the default", () => {
		expect(decideSandbox({ spec: spec(), setting: "off", available: works }).mode).toBe("off");
		expect(decideSandbox({ spec: spec({ sandbox: "enforce" }), setting: "off", available: works }).mode).toBe(
			"enforce",
		);
		const off = decideSandbox({ spec: spec({ sandbox: "off" }), setting: "enforce", available: works });
		expect(off.mode).toBe("off");
		expect(off.reason).toMatch(/^the spec sets sandbox "off": writes are detected by the boundary diff/);
	});

	it("notes fields that have no effect with the sandbox off", () => {
		const plan = decideSandbox({ spec: spec({ sandbox: "off", network: true }), available: works });
		expect(plan.notes).toEqual(["network and git_writes have no effect with the sandbox off"]);
	});

	it("falls back to off with a note when the default cannot be had, and runs", () => {
		const plan = decideSandbox({ spec: spec(), available: missing });
		expect(plan.mode).toBe("off");
		expect(plan.problem).toBeUndefined();
		expect(plan.reason).toMatch(/^bubblewrap \(bwrap\) is not installed; the child runs without a sandbox/);
		expect(plan.notes).toEqual(["the sandbox is off: bubblewrap (bwrap) is not installed"]);
	});

	it("refuses, naming the field and the fix, when the spec or the setting demands what cannot be had", () => {
		const fromSpec = decideSandbox({ spec: spec({ sandbox: "enforce" }), available: missing });
		expect(fromSpec.mode).toBe("off");
		expect(fromSpec.problem).toMatchObject({ path: ["sandbox"], value: "enforce" });
		expect(fromSpec.problem?.message).toContain("bubblewrap (bwrap) is not installed");
		expect(fromSpec.problem?.fix).toMatch(/apt-get install bubblewrap.*"off"/);
		const fromSetting = decideSandbox({ spec: spec(), setting: "enforce", available: missing });
		expect(formatPath(fromSetting.problem!)).toBe("settings: sandbox");
	});
});

describe("for a program that plans and runs children itself", () => {
	it("exports the decision, the probe and the report's isolation", () => {
		expect(api.decideSandbox).toBe(decideSandbox);
		const support = api.sandboxSupport();
		expect(typeof support.containment).toBe("boolean");
		expect(api.sandboxSupport()).toBe(support);
		expect(typeof api.runIsolation).toBe("function");
	});
});

describe("the plan's sandbox", () => {
	const missingHere = { enforce: false, reason: "bubblewrap (bwrap) is not installed" };
	const writer = () => specOf({ roots: [CWD, OTHER], read_only: false, write_allowed: [CWD] });

	it("enforces by default: the writable roots writable, watched roots and their .git read-only", () => {
		expect(planOf({ spec: writer() }).sandbox).toEqual({
			mode: "enforce",
			reason: "the default (bubblewrap)",
			writable: [CWD],
			readOnly: [OTHER, `${CWD}/.git`],
			network: false,
			gitWritable: false,
			notes: [],
		});
	});

	it("takes the sandbox setting of a settings file, and the spec's field over it", () => {
		const off = settingsOf({ project: { sandbox: "off" } });
		expect(planOf({ settings: off }).sandbox).toMatchObject({
			mode: "off",
			reason: 'the sandbox setting is "off": writes are detected by the boundary diff, not prevented',
		});
		expect(planOf({ settings: off, spec: specOf({ sandbox: "enforce" }) }).sandbox).toMatchObject({
			mode: "enforce",
			reason: "the spec asks for it (bubblewrap)",
		});
	});

	it("runs without it, with a note, where the default cannot be had", () => {
		expect(planOf({ sandbox: missingHere }).sandbox).toMatchObject({
			mode: "off",
			notes: [expect.stringMatching(/^the sandbox is off: /)],
		});
	});

	it("refuses a child whose spec or setting demands it where it cannot be had", () => {
		const bySpec = refusalOf({ sandbox: missingHere, spec: specOf({ sandbox: "enforce" }) });
		expect(bySpec.what).toBe("the sandbox cannot be made here");
		expect(bySpec.problems).toEqual([
			expect.objectContaining({ path: ["sandbox"], code: "unavailable", value: "enforce" }),
		]);
		const bySetting = refusalOf({ sandbox: missingHere, settings: settingsOf({ global: { sandbox: "enforce" } }) });
		expect(bySetting.what).toBe("the sandbox cannot be made here");
		expect(bySetting.problems).toEqual([
			expect.objectContaining({ path: ["sandbox"], code: "unavailable", message: expect.stringContaining("bwrap") }),
		]);
	});
});
