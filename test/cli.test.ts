import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { runCli } from "./support/cli.ts";

describe("pi-delegate CLI", () => {
	it("lists commands and exits 2 when called with no command", async () => {
		const result = await runCli([]);
		expect(result.code).toBe(2);
		expect(result.stdout).toContain("Usage: pi-delegate <command>");
	});

	it("names an unknown command and exits 2", async () => {
		const result = await runCli(["frobnicate"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('unknown command "frobnicate"');
	});

	it("runs as the built bin on Node 22 and prints the package version", () => {
		const out = spawnSync("node", ["dist/cli/main.js", "--version"], { encoding: "utf8" });
		expect(out.status).toBe(0);
		expect(out.stdout.trim()).toBe(pkg.version);
	});
});
