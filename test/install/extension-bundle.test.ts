/**
 * The bundle an installed copy of the extension loads (scripts/bundle-extension.ts, part of the
 * build): Pi's start reads one entry and one chunk and nothing else of the package; every
 * module it leaves in src/ exists there and is one that finds files from its own place; every
 * chunk a first use loads is in the folder. The tarball route of pi-routes.test.ts runs a task
 * through it end to end.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";

const DIR = join(REPO, "dist", "extension");
const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const staticImports = (text: string) =>
	[...text.matchAll(/^(?:import|export)\b[^;]*?from "([^"]+)"|^import "([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
const dynamicImports = (text: string) => [...text.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);

describe("the extension's bundle", () => {
	it("loads at start an entry and one chunk, and nothing else of the package: no chunk, no source left in src/", () => {
		const entry = staticImports(read("extension.mjs"));
		expect(entry).toHaveLength(1);
		expect(entry[0]).toMatch(/^\.\/start-[\w-]+\.mjs$/);
		const start = staticImports(read(entry[0]!.slice(2)));
		// A module left in src/ is TypeScript Pi's loader transforms at every start (the bundled
		// workflows' list, which registers their commands, lives apart from their loaders for this).
		expect(start.filter((s) => s.startsWith("."))).toEqual([]);
		expect(start.length).toBeGreaterThan(0);
		for (const specifier of start) expect(specifier).toMatch(/^node:/);
	});

	it("leaves in src/ only modules that find files from their own place, and each exists", () => {
		const left = new Set<string>();
		for (const file of readdirSync(DIR).filter((f) => f.endsWith(".mjs"))) {
			const text = read(file);
			for (const s of [...staticImports(text), ...dynamicImports(text)]) if (s.startsWith("../../src/")) left.add(s);
		}
		expect(left.size).toBeGreaterThan(0);
		for (const specifier of left) {
			const file = resolve(DIR, specifier);
			expect(existsSync(file), specifier).toBe(true);
			expect(readFileSync(file, "utf8"), specifier).toContain("import.meta");
		}
	});

	it("has every chunk a first use loads", () => {
		for (const file of readdirSync(DIR).filter((f) => f.endsWith(".mjs"))) {
			for (const s of dynamicImports(read(file)).filter((d) => d.startsWith("./"))) {
				expect(existsSync(join(DIR, s)), `${file} → ${s}`).toBe(true);
			}
		}
	});
});
