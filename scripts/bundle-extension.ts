/**
 * Bundles the Pi extension (src/pi/extension.ts and everything it loads, on start and on demand)
 * into dist/extension/: one start-up module, extension-<hash>.mjs (its name in entry.json), and
 * chunks for what loads on first use.
 * index.ts imports it in an installed copy of the package (see there for when): Pi's loader
 * evaluates each module it is handed one by one, and the thirty-odd modules of the start-up graph
 * cost it 38 ms where the bundle costs 4–5 (Pi's own timing; bench/startup.bench.ts measures both).
 *
 * A module that finds files from its own place (`import.meta`: the bundled agents and workflows,
 * the child-side extension, the package root) is not bundled: the bundle imports it from src/,
 * where it lies in every copy of the package, so it finds what it always found. Packages stay
 * outside: Pi's loader binds `@earendil-works/*` and `typebox` to the Pi that loads the extension.
 * The start chunk imports only Node's built-ins (so Pi's loader imports it natively), and every
 * on-demand `import()` goes through Pi's loader (`throughPisLoader` below).
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { build, type Plugin, rolldown } from "rolldown";
import { parseAst } from "rolldown/parseAst";
import { type SourceStamps, sourceStamps } from "./source-stamps.ts";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "dist", "extension");

const bare = (id: string) => !id.startsWith(".") && !id.startsWith("/") && !/^[A-Za-z]:/.test(id);
const located = new Set<string>();

/** Modules that read `import.meta` stay where they are: the bundle imports them from src/. */
const keepLocated: Plugin = {
	name: "keep-located",
	resolveId(source, importer) {
		if (!importer || bare(source)) return null;
		const file = resolve(dirname(importer), source);
		if (!readFileSync(file, "utf8").includes("import.meta")) return null;
		located.add(file.slice(ROOT.length + 1));
		return { id: file, external: true };
	},
};

const ENTRY = join(ROOT, "src", "pi", "extension.ts");

/** The key of the loader index.ts leaves on globalThis; the same words are in index.ts. */
const LOADER_KEY = "pi-delegate.import";

/**
 * Every `import("…")` of a chunk goes through the loader index.ts hands over, which is Pi's loader.
 *
 * Why: the start chunk imports nothing but Node's built-ins, so Pi's loader (jiti) imports it
 * natively, with no transform. A natively loaded module's own `import()` is Node's, and Node finds
 * neither Pi's packages (a Pi npm or git install does not put them beside the package; Pi's loader
 * binds them to the Pi that runs) nor TypeScript left in src/. index.ts is transformed by Pi's
 * loader, so an `import()` written there is Pi's: it loads a chunk natively where it can and
 * transforms it, with Pi's packages bound, where it cannot. Without index.ts (a test importing
 * the bundle itself) the chunk falls back to Node's own `import()`. An `import()` of a computed
 * specifier (a user's workflow script, by its file URL) stays Node's.
 */
interface Span {
	start: number;
	end: number;
	specifier: string;
}

/** The `import("…")` expressions of a chunk, in order. */
function dynamicImports(code: string, file: string): Span[] {
	const spans: Span[] = [];
	const visit = (node: unknown): void => {
		if (Array.isArray(node)) {
			for (const item of node) visit(item);
			return;
		}
		if (node === null || typeof node !== "object") return;
		const n = node as { type?: string; start: number; end: number; source?: { type?: string; value?: unknown } };
		// A computed specifier is the user's own file (a workflow script), which Node loads as it is.
		if (n.type === "ImportExpression" && n.source?.type === "Literal" && typeof n.source.value === "string") {
			spans.push({ start: n.start, end: n.end, specifier: n.source.value });
		}
		for (const value of Object.values(n)) visit(value);
	};
	visit(parseAst(code, { lang: "js" }, file));
	return spans.sort((a, b) => a.start - b.start);
}

const throughPisLoader: Plugin = {
	name: "through-pis-loader",
	renderChunk(code, chunk) {
		const spans = dynamicImports(code, chunk.fileName);
		if (spans.length === 0) return null;
		let out = "";
		let at = 0;
		for (const span of spans) {
			out += `${code.slice(at, span.start)}__piDelegateImport(${JSON.stringify(span.specifier)}, import.meta.url)`;
			at = span.end;
		}
		const loader = [
			"function __piDelegateImport(specifier, from) {",
			`\tconst load = globalThis[Symbol.for(${JSON.stringify(LOADER_KEY)})];`,
			'\tconst target = specifier.startsWith(".") ? new URL(specifier, from).href : specifier;',
			"\treturn load ? load(target) : import(target);",
			"}",
		].join("\n");
		return { code: `${out}${code.slice(at)}\n${loader}\n`, map: null };
	},
};

/**
 * The modules Pi's start loads: the entry and what it imports statically, transitively. Found by a
 * first pass over the graph, so that they go into one chunk: split into the chunks they share with
 * what loads on demand, they were a dozen files at every start.
 */
async function startGraph(): Promise<Set<string>> {
	const imports = new Map<string, readonly string[]>();
	const record: Plugin = {
		name: "record-graph",
		buildEnd() {
			for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
		},
	};
	const graph = await rolldown({
		input: ENTRY,
		platform: "node",
		logLevel: "silent",
		plugins: [keepLocated, record],
		external: bare,
	});
	await graph.generate({ format: "esm" });
	await graph.close();
	const start = new Set<string>();
	const visit = (id: string) => {
		if (start.has(id) || !imports.has(id)) return;
		start.add(id);
		for (const next of imports.get(id) ?? []) visit(next);
	};
	visit(ENTRY);
	return start;
}

// Chunks of an earlier bundle would stay beside the new ones (the names carry their content).
rmSync(OUT, { recursive: true, force: true });
const start = await startGraph();
located.clear();
const built = await build({
	input: ENTRY,
	platform: "node",
	logLevel: "warn",
	plugins: [keepLocated, throughPisLoader],
	external: (id) => bare(id),
	output: {
		codeSplitting: { groups: [{ name: "start", test: (id) => start.has(id) }] },
		// From the bundle's folder to the module's place in src/.
		paths: (id) => (id.startsWith("/") ? relative(OUT, id) : id),
		dir: OUT,
		format: "esm",
		// Named by its content, like every chunk: Node keeps a natively imported module for the life of
		// the process by its URL, so a `/reload` after an update must find a new name to load new code.
		entryFileNames: "extension-[hash].mjs",
		// The start chunk imports only Node's built-ins and is imported natively (.mjs). Every other
		// chunk is a .js file under a package.json without a type (written below), which Pi's loader
		// always transforms, binding Pi's packages and typebox to the Pi that runs: imported natively,
		// a chunk's `import … from "@earendil-works/…"` would find whatever copy Node finds beside the
		// package — in a clone, its devDependencies (another Pi version) — instead.
		chunkFileNames: (chunk) => (chunk.name === "start" ? "[name]-[hash].mjs" : "[name]-[hash].js"),
	},
});

const entry = built.output.find((o) => o.type === "chunk" && o.isEntry)?.fileName;
if (entry === undefined) throw new Error("the extension's bundle has no entry chunk");
/**
 * Every source file the bundle was made from or imports from src/, with its size and modification
 * time: index.ts loads the bundle in a clone only while each is unchanged, so an edited, pulled or
 * checked-out source is what runs, never a bundle made before it.
 */
function sources(): SourceStamps {
	const files = new Set<string>(located);
	for (const o of built.output) {
		if (o.type !== "chunk") continue;
		for (const id of o.moduleIds)
			if (id.startsWith(`${ROOT}/`) && !id.includes("/node_modules/")) files.add(id.slice(ROOT.length + 1));
	}
	return sourceStamps(ROOT, files);
}

writeFileSync(
	join(OUT, "package.json"),
	`${JSON.stringify({ description: "no type: Pi's loader transforms the .js chunks (scripts/bundle-extension.ts)" })}\n`,
);
// index.ts reads the entry's name here, and the sources to tell whether a clone's bundle is current.
writeFileSync(join(OUT, "entry.json"), `${JSON.stringify({ entry, sources: sources() })}\n`);
const size = Math.round(statSync(join(OUT, entry)).size / 1024);
process.stdout.write(
	`dist/extension/${entry}: ${size} KiB, ${start.size} modules at start; from src/: ${[...located].sort().join(", ")}\n`,
);
