/**
 * The bundle an installed copy of the extension loads (scripts/bundle-extension.ts, part of the
 * build): Pi's start reads one entry and one chunk and nothing else of the package; every
 * module it leaves in src/ exists there and is one that finds files from its own place; every
 * chunk a first use loads is in the folder, and loads through Pi's loader. The tarball route of pi-routes.test.ts runs a task
 * through it end to end.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { current } from "../../index.ts";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

const DIR = join(REPO, "dist", "extension");
const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const staticImports = (text: string) =>
	[...text.matchAll(/^(?:import|export)\b[^;]*?from "([^"]+)"|^import "([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
/** What a chunk loads on demand: each through the loader index.ts hands over (bundle-extension.ts). */
const dynamicImports = (text: string) =>
	[...text.matchAll(/\b__piDelegateImport\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!);
const chunks = () => readdirSync(DIR).filter((f) => /\.m?js$/.test(f));

/** The entry's file name, as index.ts reads it. */
const entryName = () => (JSON.parse(read("entry.json")) as { entry: string }).entry;

describe("the extension's bundle", () => {
	it("names its entry by its content, as every chunk, so a /reload after an update loads new code", () => {
		// Node keeps a natively imported module by its URL for the life of the process.
		expect(entryName()).toMatch(/^extension-[\w-]{6,}\.mjs$/);
		expect(existsSync(join(DIR, entryName()))).toBe(true);
		for (const file of chunks()) expect(file, file).toMatch(/-[\w-]{6,}\.m?js$/);
	});

	it("loads at start an entry and one chunk, and nothing else of the package: no chunk, no source left in src/", () => {
		const entry = staticImports(read(entryName()));
		expect(entry).toHaveLength(1);
		expect(entry[0]).toMatch(/^\.\/start-[\w-]+\.mjs$/);
		const start = staticImports(read(entry[0]!.slice(2)));
		// A module left in src/ is TypeScript Pi's loader transforms at every start (the bundled
		// workflows' list, which registers their commands, lives apart from their loaders for this).
		expect(start.filter((s) => s.startsWith("."))).toEqual([]);
		expect(start.length).toBeGreaterThan(0);
		for (const specifier of start) expect(specifier).toMatch(/^node:/);
	});

	it("is imported natively, every chunk: none is one Pi's loader would transform on the thread that draws Pi", () => {
		// Pi's loader (jiti) transforms a .js chunk with Babel, synchronously: cold, the first prompt's
		// chunks froze Pi's screen for seconds before the prompt was echoed (scripts/bundle-imports.ts).
		const files = readdirSync(DIR).filter((f) => f !== "entry.json");
		expect(files.length).toBeGreaterThan(10);
		for (const file of files) expect(file, file).toMatch(/\.mjs$/);
	});

	it("binds Pi's packages and typebox to the Pi that runs: a chunk reaches them only through Pi's loader", () => {
		// Imported natively, a chunk's static import of Pi's packages would find the copy beside the
		// package (a clone's devDependencies: another Pi) or none (an npm or git install by Pi).
		const bound = (s: string) => s.startsWith("@earendil-works/") || s === "typebox" || s.startsWith("typebox/");
		for (const file of chunks()) {
			for (const s of staticImports(read(file))) {
				expect(bound(s) || s.endsWith(".ts"), `${file} imports ${s} itself`).toBe(false);
				if (s.startsWith(".")) expect(existsSync(join(DIR, s)), `${file} → ${s}`).toBe(true);
			}
		}
		const generated = chunks().filter((f) => f.startsWith("bound-"));
		const loads = generated.flatMap((f) => dynamicImports(read(f)));
		expect(loads).toContain("@earendil-works/pi-coding-agent");
		expect(loads).toContain("typebox");
		// Each generated module awaits the loader once and exports what the chunks import from it.
		for (const file of generated) expect(read(file), file).toMatch(/^const __module = await __piDelegateImport\(/m);
	});

	it("leaves in src/ only modules that find files from their own place, and each exists", () => {
		const left = new Set<string>();
		for (const file of chunks()) {
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

	it("loads everything on demand through Pi's loader: no import() of a literal specifier is left as Node's", () => {
		const loads = chunks().flatMap((file) => dynamicImports(read(file)));
		expect(loads.filter((s) => s.startsWith("./")).length).toBeGreaterThan(5);
		expect(loads).toContain("@earendil-works/pi-coding-agent");
		for (const file of chunks()) expect(read(file), file).not.toMatch(/\bimport\(\s*["']/);
		// index.ts leaves the loader under the key the chunks read.
		expect(readFileSync(join(REPO, "index.ts"), "utf8")).toContain('Symbol.for("pi-delegate.import")');
	});

	it("hands the loader a chunk's file URL and a package's name, and falls back to Node's import without it", async () => {
		const text = read(chunks().find((f) => f.startsWith("start-"))!);
		const source = /function __piDelegateImport\(specifier, from\) \{[\s\S]*?\n\}/.exec(text)?.[0];
		expect(source).toBeDefined();
		const file = join(tempDir(), "loader.mjs");
		writeFileSync(file, `${source}\nexport { __piDelegateImport };\n`);
		const loader = ((await import(file)) as { __piDelegateImport: (s: string, f: string) => Promise<unknown> })
			.__piDelegateImport;
		const key = Symbol.for("pi-delegate.import");
		const seen: string[] = [];
		const global = globalThis as Record<symbol, unknown>;
		global[key] = async (target: string) => seen.push(target);
		try {
			await loader("./task-x.mjs", "file:///pkg/dist/extension/start-y.mjs");
			await loader("@earendil-works/pi-coding-agent", "file:///pkg/dist/extension/start-y.mjs");
		} finally {
			delete global[key];
		}
		expect(seen).toEqual(["file:///pkg/dist/extension/task-x.mjs", "@earendil-works/pi-coding-agent"]);
		await expect(loader("node:path", "file:///pkg/dist/extension/start-y.mjs")).resolves.toHaveProperty("join");
	});

	it("records every source it was made from, and is current only while each keeps its size and time", () => {
		const { sources } = JSON.parse(read("entry.json")) as { sources: Record<string, [number, number]> };
		expect(Object.keys(sources)).toContain("src/pi/extension.ts");
		expect(Object.keys(sources)).toContain("src/run/runners/child-paths.ts"); // left in src/, imported from there
		for (const file of Object.keys(sources)) expect(existsSync(join(REPO, file)), file).toBe(true);

		const root = tempDir();
		mkdirSync(join(root, "src"));
		for (const name of ["a.ts", "b.ts"]) writeFileSync(join(root, "src", name), `export const ${name[0]} = 1;\n`);
		const stamp = (file: string): [number, number] => {
			const s = statSync(join(root, file));
			return [s.size, s.mtimeMs];
		};
		const made = () => ({ "src/a.ts": stamp("src/a.ts"), "src/b.ts": stamp("src/b.ts") });
		expect(current(root, made())).toBe(true);
		expect(current(root, undefined)).toBe(false);
		const before = made();
		utimesSync(join(root, "src/a.ts"), new Date(), new Date(Date.now() - 60_000));
		expect(current(root, before)).toBe(false);
		const retimed = made();
		writeFileSync(join(root, "src/b.ts"), "export const b = 22;\n");
		utimesSync(join(root, "src/b.ts"), new Date(), new Date(retimed["src/b.ts"][1]));
		expect(current(root, retimed)).toBe(false);
		expect(current(root, { ...made(), "src/gone.ts": [1, 1] })).toBe(false);
	});

	it("has every chunk a first use loads", () => {
		for (const file of chunks()) {
			for (const s of dynamicImports(read(file)).filter((d) => d.startsWith("./"))) {
				expect(existsSync(join(DIR, s)), `${file} → ${s}`).toBe(true);
			}
		}
	});
});
