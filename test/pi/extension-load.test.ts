import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { REPO, runPi } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

describe("the Pi package", () => {
	it("declares itself a Pi package whose extension entry is built", () => {
		expect(pkg.keywords).toContain("pi-package");
		for (const entry of pkg.pi.extensions) expect(existsSync(join(REPO, entry))).toBe(true);
	});

	it("loads in a real pi without error and the session completes", () => {
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "hello"], { turns: ["hello back"] });
		expect(run.stderr).not.toMatch(/Failed to load extension/);
		expect(run.status).toBe(0);
		const end = run.events.find((e) => e.type === "agent_end");
		expect(end).toBeDefined();
		expect(JSON.stringify(end)).toContain("hello back");
	});

	it("would notice an extension that fails to load (control)", () => {
		const dir = tempDir("pi-delegate-broken-");
		writeFileSync(join(dir, "broken.js"), 'export default function () { throw new Error("broken on purpose"); }\n');
		const run = runPi(["-e", join(dir, "broken.js"), "--mode", "json", "-p", "hello"]);
		expect(run.stderr).toMatch(/Failed to load extension/);
		expect(run.status).not.toBe(0);
	});
});
