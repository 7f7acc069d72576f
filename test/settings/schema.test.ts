/**
 * The schema and the checks must say the same thing: a section the checks accept satisfies the
 * schema, a section of the wrong shape fails both, and every key is documented. Otherwise the
 * published shape (docs, editors) and what a run accepts drift apart.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { DelegateSectionSchema, SETTING_KEYS } from "../../src/settings/schema.ts";
import { validateSettingsText } from "../../src/settings/section.ts";

const REF = { scope: "global" as const, file: "/g", label: "g" };
const LEAN = { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" };

const problemsOf = (section: unknown) => validateSettingsText(JSON.stringify({ "pi-delegate": section }), REF).problems;

describe("the settings schema", () => {
	it("accepts every section the checks accept", () => {
		const good = [
			{},
			{ contextModes: { lean: LEAN, "x.y_z-1": { ...LEAN, description: "d" } } },
			{ effortProfiles: { fast: "a/b", balanced: { model: "a/b" }, deep: { model: "a/b/c", thinking: "xhigh" } } },
			{ runsDir: "~/r", runner: "in-process", providerExtensions: [], sandbox: "enforce", delegationRule: true },
		];
		for (const section of good) {
			expect(problemsOf(section), JSON.stringify(section)).toEqual([]);
			expect(Value.Check(DelegateSectionSchema, section), JSON.stringify(section)).toBe(true);
		}
	});

	it("refuses every wrongly shaped section the checks refuse", () => {
		const bad = [
			{ contextMods: {} },
			{ contextModes: { lean: { ...LEAN, inheritSkills: "yes" } } },
			{ contextModes: { lean: { ...LEAN, extra: 1 } } },
			{ contextModes: { lean: { inheritSkills: true } } },
			{ effortProfiles: { quick: "a/b" } },
			{ effortProfiles: { fast: { model: "a/b", temp: 1 } } },
			{ effortProfiles: { fast: { model: "a/b", thinking: "maximum" } } },
			{ runsDir: 5 },
			{ runsDir: "" },
			{ runner: "nosuch" },
			{ providerExtensions: "a.ts" },
			{ providerExtensions: [""] },
			{ sandbox: false },
			{ delegationRule: "yes" },
			{ runner: null },
		];
		for (const section of bad) {
			expect(problemsOf(section).length, JSON.stringify(section)).toBeGreaterThan(0);
			expect(Value.Check(DelegateSectionSchema, section), JSON.stringify(section)).toBe(false);
		}
	});

	it("leaves to the checks only what a schema cannot say: reserved names and model references", () => {
		for (const section of [{ contextModes: { focused: LEAN } }, { effortProfiles: { fast: "no-slash" } }]) {
			expect(Value.Check(DelegateSectionSchema, section)).toBe(true);
			expect(problemsOf(section).length).toBeGreaterThan(0);
		}
	});

	it("has a description on every field", () => {
		const missing: string[] = [];
		const walk = (node: unknown, path: string) => {
			if (typeof node !== "object" || node === null) return;
			const n = node as Record<string, unknown>;
			if (path !== "" && typeof n.description !== "string" && !("const" in n)) missing.push(path);
			for (const [key, sub] of Object.entries((n.properties as object) ?? {})) walk(sub, `${path}.${key}`);
			for (const sub of Object.values((n.patternProperties as object) ?? {})) walk(sub, `${path}.*`);
			if (n.items) walk(n.items, `${path}[]`);
			for (const [i, sub] of ((n.anyOf as unknown[]) ?? []).entries()) walk(sub, `${path}|${i}`);
		};
		walk(DelegateSectionSchema, "");
		expect(missing).toEqual([]);
	});

	it("has every key documented in docs/settings.md", () => {
		const docs = readFileSync(join(import.meta.dirname, "../../docs/settings.md"), "utf8");
		for (const key of SETTING_KEYS) expect(docs, key).toContain(`### ${key}\n`);
	});
});
