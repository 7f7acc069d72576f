import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";

describe("pi-delegate schema", () => {
	it("prints the task spec's JSON Schema", async () => {
		const r = await runCli(["schema"]);
		expect(r.code).toBe(0);
		const schema = JSON.parse(r.stdout);
		expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
		expect(schema.required).toEqual(["id", "goal", "deliverable", "roots"]);
		expect(schema.additionalProperties).toBe(false);
		expect(schema.properties.write_allowed.description).toContain("CHANGEABLE subset of roots");
	});

	it("takes no arguments", async () => {
		const r = await runCli(["schema", "--pretty"]);
		expect(r.code).toBe(2);
		expect(r.stderr).toContain('takes no options or arguments, got "--pretty"');
	});

	it("is listed with validate in the command overview", async () => {
		const r = await runCli(["help"]);
		expect(r.stdout).toMatch(/ {2}validate +check a task spec/);
		expect(r.stdout).toMatch(/ {2}schema +print the JSON Schema/);
	});

	it("runs from the built bin (npm test builds first)", () => {
		const out = spawnSync("node", ["dist/cli/main.js", "schema"], { encoding: "utf8" });
		expect(out.status).toBe(0);
		expect(JSON.parse(out.stdout).title).toBe("pi-delegate task spec");
	});
});
