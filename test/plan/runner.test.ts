/**
 * Which runner `planTask` gives a child, and the reason the plan records for it: `--runner`, else
 * the `runner` setting (the project's over the global one), else the entry point's default — in
 * process inside Pi, a process of its own from the command line.
 */
import { describe, expect, it } from "vitest";
import { planOf, refusalOf, settingsOf } from "../support/plan-inputs.ts";

describe("the plan's runner", () => {
	it("runs a child in-process inside Pi, by default", () => {
		expect(planOf({ entry: "tool" }).runner).toEqual({ value: "in-process", reason: "default inside Pi" });
	});

	it("runs a child as a process of its own from the command line, by default", () => {
		expect(planOf({ entry: "cli" }).runner).toEqual({ value: "subprocess", reason: "default on the command line" });
	});

	it("takes the runner setting over the entry point's default, the project's over the global one", () => {
		const global = settingsOf({ global: { runner: "subprocess" } });
		expect(planOf({ entry: "tool", settings: global }).runner).toEqual({
			value: "subprocess",
			reason: 'the "runner" setting',
		});
		const both = settingsOf({ global: { runner: "subprocess" }, project: { runner: "in-process" } });
		expect(planOf({ entry: "cli", settings: both }).runner).toEqual({
			value: "in-process",
			reason: 'the "runner" setting',
		});
	});

	it("takes --runner over the setting", () => {
		const settings = settingsOf({ project: { runner: "subprocess" } });
		expect(planOf({ settings, request: { runner: "in-process", extensions: [] } }).runner).toEqual({
			value: "in-process",
			reason: "--runner",
		});
	});

	it("refuses a runner setting that names no runner, naming the file, the value and the choices", () => {
		const refused = refusalOf({ settings: settingsOf({ global: { runner: "remote" } }) });
		expect(refused.what).toBe("pi-delegate's settings have problems");
		expect(refused.problems).toEqual([
			expect.objectContaining({
				source: expect.stringContaining("settings.json"),
				path: ["pi-delegate", "runner"],
				value: "remote",
				fix: expect.stringMatching(/in-process.*subprocess/),
			}),
		]);
	});
});
