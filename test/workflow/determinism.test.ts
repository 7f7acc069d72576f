/**
 * The determinism guard: the clock and randomness are refused to the script's own file while a
 * run is going — in its callbacks and timers too — and nobody else is touched.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DeterminismError, framePath, installScriptGuard, type ScriptGuard } from "../../src/workflow/determinism.ts";
import { tempDir } from "../support/temp.ts";

const dir = tempDir("pi-delegate-determinism-");
const file = join(dir, "reads.mjs");
writeFileSync(
	file,
	[
		"export const now = () => Date.now();",
		"export const date = () => new Date();",
		"export const dated = () => new Date(0).toISOString();",
		"export const random = () => Math.random();",
		"export const perf = () => performance.now();",
		"export const uuid = () => crypto.randomUUID();",
		"export const later = () => new Promise((resolve, reject) => setTimeout(() => { try { resolve(Math.random()); } catch (e) { reject(e); } }, 1));",
	].join("\n"),
);
const script = (await import(pathToFileURL(file).href)) as Record<string, () => unknown>;

let guard: ScriptGuard | undefined;
afterEach(() => guard?.release());

describe("the determinism guard", () => {
	it("refuses every clock and random source to the script's file", async () => {
		guard = installScriptGuard((f) => f === file);
		for (const name of ["now", "date", "random", "perf", "uuid"]) {
			expect(() => script[name]?.(), name).toThrow(DeterminismError);
		}
		await expect(script.later?.()).rejects.toThrow(/Math\.random\(\) is refused/);
		await expect(guard.refused).rejects.toThrow(DeterminismError);
	});

	it("lets the script build a date from a value, and everyone else read the clock", () => {
		guard = installScriptGuard((f) => f === file);
		expect(script.dated?.()).toBe("1970-01-01T00:00:00.000Z");
		expect(Date.now()).toBeGreaterThan(0);
		expect(new Date()).toBeInstanceOf(Date);
		expect(typeof Math.random()).toBe("number");
	});

	it("is gone once released: the script reads the clock again, and the globals are the originals", () => {
		const before = Date;
		guard = installScriptGuard((f) => f === file);
		expect(Date).not.toBe(before);
		guard.release();
		guard = undefined;
		expect(Date).toBe(before);
		expect(typeof script.now?.()).toBe("number");
	});

	it("keeps guarding while another run still needs it", () => {
		const first = installScriptGuard((f) => f === file);
		const second = installScriptGuard(() => false);
		first.release();
		expect(typeof script.now?.()).toBe("number");
		second.release();
		guard = installScriptGuard((f) => f === file);
		expect(() => script.now?.()).toThrow(DeterminismError);
	});

	it("reads a frame's file as a path, without a file URL's scheme or a loader's query", () => {
		expect(framePath("file:///tmp/a%20b/wf.ts?v=123")).toBe("/tmp/a b/wf.ts");
		expect(framePath("/tmp/wf.ts")).toBe("/tmp/wf.ts");
	});
});
