/**
 * Doctor's model runtime reads the agent dir as a launch would and writes nothing to it: not the
 * auth.json or models-store.json Pi's own runtime creates, not a refreshed credential.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readObjectFile, readOnlyCredentials, readOnlyRuntime } from "../../src/doctor/read-only-runtime.ts";
import { modelList } from "../../src/host/runtime.ts";
import { tempDir } from "../support/temp.ts";

describe("doctor's read-only model runtime", () => {
	it("creates no file in an empty agent dir", async () => {
		const agentDir = tempDir();
		const { runtime, problems } = await readOnlyRuntime(agentDir);
		await modelList(runtime);
		expect(problems).toEqual([]);
		expect(readdirSync(agentDir)).toEqual([]);
	});

	it("sees the stored credentials a launch would see, and leaves auth.json as it was", async () => {
		const agentDir = tempDir();
		const auth = `${JSON.stringify({ anthropic: { type: "api_key", key: "sk-ant-example" } }, null, 2)}\n`;
		writeFileSync(join(agentDir, "auth.json"), auth);
		const { runtime } = await readOnlyRuntime(agentDir);
		const models = await modelList(runtime);
		expect(models.some((m) => m.provider === "anthropic" && m.authenticated)).toBe(true);
		expect(readFileSync(join(agentDir, "auth.json"), "utf8")).toBe(auth);
		expect(readdirSync(agentDir)).toEqual(["auth.json"]);
	});

	it("refuses to change a credential (a refreshed token thrown away would cost the login)", async () => {
		const store = readOnlyCredentials({ p: { type: "api_key", key: "k" } });
		expect(await store.read("p")).toEqual({ type: "api_key", key: "k" });
		await expect(store.modify("p", async () => ({ type: "api_key", key: "new" }))).rejects.toThrow("never changes");
		await expect(store.delete("p")).rejects.toThrow("never changes");
		expect(await store.read("p")).toEqual({ type: "api_key", key: "k" });
	});

	it("reports an auth.json that is not JSON, or not an object, as a problem with its place", () => {
		const dir = tempDir();
		writeFileSync(join(dir, "broken.json"), '{ "anthropic": ');
		writeFileSync(join(dir, "list.json"), "[]");
		const broken = readObjectFile(join(dir, "broken.json"), "the credentials file auth.json");
		expect(broken.data).toEqual({});
		expect(broken.problem?.message).toMatch(
			/^the credentials file auth\.json is not valid JSON \(line 1, column \d+: /,
		);
		expect(readObjectFile(join(dir, "list.json"), "auth.json").problem?.message).toBe(
			"auth.json must hold a JSON object",
		);
		expect(readObjectFile(join(dir, "missing.json"), "auth.json")).toEqual({ data: {} });
	});
});
