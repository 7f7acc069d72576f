import { execFileSync } from "node:child_process";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";

/** Guards the compatibility run itself: a run that silently used the current Pi would prove nothing. */
describe.runIf(process.env.PI_COMPAT_VERSION)("the compatibility run", () => {
	it("imports the Pi under test", () => {
		expect(VERSION).toBe(process.env.PI_COMPAT_VERSION);
	});

	it("starts the Pi under test as a process", () => {
		expect(execFileSync("pi", ["--version"], { encoding: "utf8" }).trim()).toBe(process.env.PI_COMPAT_VERSION);
		expect(
			execFileSync(process.execPath, [process.env.PI_DELEGATE_PI_CLI ?? "", "--version"], { encoding: "utf8" }).trim(),
		).toBe(process.env.PI_COMPAT_VERSION);
	});
});
