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
 * Every chunk is an .mjs file that Node imports natively, never one Pi's loader transforms; what
 * only Pi's loader may load (Pi's packages, typebox, the modules left in src/) and every on-demand
 * `import()` go through it (bundle-imports.ts says how, and what a transformed chunk cost).
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { build, type Plugin, rolldown } from "rolldown";
import { type Bound, throughPisLoader } from "./bundle-imports.ts";
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

/** Every chunk's static imports and `import()`s of what only Pi's loader may load go through it (bundle-imports.ts). */
const bounds = new Map<string, Bound>();
const loaderImports: Plugin = {
	name: "through-pis-loader",
	renderChunk(code, chunk) {
		const out = throughPisLoader(code, chunk.fileName, bounds);
		return out === null ? null : { code: out, map: null };
	},
	generateBundle() {
		for (const bound of bounds.values()) this.emitFile({ type: "asset", fileName: bound.fileName, source: bound.code });
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
	plugins: [keepLocated, loaderImports],
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
		// Every chunk is an .mjs file Node imports natively: Pi's loader would transform a .js one with
		// Babel, synchronously, on the thread that draws Pi's screen (bundle-imports.ts says what that cost).
		chunkFileNames: "[name]-[hash].mjs",
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

// index.ts reads the entry's name here, and the sources to tell whether a clone's bundle is current.
writeFileSync(join(OUT, "entry.json"), `${JSON.stringify({ entry, sources: sources() })}\n`);
const size = Math.round(statSync(join(OUT, entry)).size / 1024);
process.stdout.write(
	`dist/extension/${entry}: ${size} KiB, ${start.size} modules at start; from src/: ${[...located].sort().join(", ")}\n`,
);
