/**
 * pi-delegate's Pi extension as Pi loads it: the one entry of `pi.extensions` in package.json.
 *
 * Why a file at the package root named index.ts: Pi names an extension in its start-up list after its
 * path, dropping a trailing index.ts, and names an npm or git package's root index after the package.
 * So the list reads "pi-delegate" (npm), "owner/pi-delegate" (git) or the clone's folder name (a
 * local path), where `src/pi/extension.ts` read "extension.ts".
 *
 * Why TypeScript: Pi's loader (jiti) transpiles it on every install route — a local clone, a git
 * checkout installed without devDependencies, an npm tarball — and resolves `@earendil-works/*` and
 * `typebox` to the Pi that loads it, which a git or npm install by Pi does not put on disk. The
 * sources use `.ts` specifiers and erasable syntax only.
 *
 * Which code loads: an installed copy (a path under node_modules, as npm and `pi install npm:…`
 * place it) loads the bundle its tarball was built with (scripts/bundle-extension.ts): two modules
 * where the sources are some thirty, and modules that import nothing but Node's built-ins, which Pi's
 * loader imports natively instead of transforming them (Pi times the extension at a few ms against
 * 38 for the sources; bench/startup.bench.ts). What the bundle loads on demand comes through
 * `throughPisLoader` below. A clone loads the bundle too (`npm ci` makes it: the `prepare` script)
 * while every source it was made from is unchanged (`current` below); an edited, pulled or
 * checked-out source makes it load the sources, so a stale build can never answer instead of them.
 * A git checkout Pi installed has no bundle (no devDependencies to make one with): the sources.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

type Entry = { default: (pi: ExtensionAPI) => void };

const here = dirname(fileURLToPath(import.meta.url));
const bundleDir = join(here, "dist", "extension");
/** The bundle's entry, whose name carries its content hash (scripts/bundle-extension.ts says why). */
const manifest = join(bundleDir, "entry.json");
const installed = here.split(sep).includes("node_modules");

/** Each target the bundle asked Pi's loader for, loaded once (see throughPisLoader). */
const loads = new Map<string, Promise<unknown>>();
/** The latest TypeScript module Pi's loader was asked to transform; each waits for the one before it. */
let transforming: Promise<unknown> = Promise.resolve();

/**
 * The bundle loads through this function what Node must not load for it (scripts/bundle-imports.ts
 * says why): Pi's loader transforms this file, so the `import()` below is Pi's, which binds Pi's
 * packages to the Pi that runs and transforms a TypeScript module left in src/. `target` is a
 * package's name or a file URL (a chunk, which Pi's loader imports natively, or a module in src/).
 *
 * Each target loads once: the chunks' generated imports of one package or module share its load.
 * A module Pi's loader transforms loads one at a time: it evaluates one as an async function and
 * caches it before it has finished, so a second load that reaches the same module meanwhile gets it
 * half-made (`/modes` right after start once failed with "Cannot access 'SETTING_DEFAULTS' before
 * initialization"). Only modules in src/ wait so, and they import no chunk: no load waits on itself.
 */
function throughPisLoader(target: string): Promise<unknown> {
	const known = loads.get(target);
	if (known) return known;
	const path = target.startsWith("file:") ? fileURLToPath(target) : target;
	const load = path.endsWith(".ts") ? transforming.then(() => import(path)) : import(path);
	if (path.endsWith(".ts")) transforming = load.catch(() => undefined);
	loads.set(target, load);
	// A load that failed is tried afresh by the next one that asks.
	load.catch(() => loads.delete(target));
	return load;
}

/** What scripts/bundle-extension.ts records: the entry's name, and each source's size and mtime. */
interface Manifest {
	entry: string;
	sources?: Record<string, [number, number]>;
}

function readManifest(): Manifest | undefined {
	try {
		return JSON.parse(readFileSync(manifest, "utf8")) as Manifest;
	} catch {
		return undefined;
	}
}

/**
 * Whether every source a bundle was made from is as it was then (size and modification time):
 * about 300 stats, under a millisecond. A bundle that records none (an older build) is not current.
 */
export function current(root: string, sources: Manifest["sources"]): boolean {
	if (sources === undefined) return false;
	for (const [file, [size, mtimeMs]] of Object.entries(sources)) {
		const now = statSync(join(root, file), { throwIfNoEntry: false });
		if (now === undefined || now.size !== size || now.mtimeMs !== mtimeMs) return false;
	}
	return true;
}

export default async function piDelegate(pi: ExtensionAPI): Promise<void> {
	const bundle = readManifest();
	const useBundle = bundle !== undefined && (installed || current(here, bundle.sources));
	// The key also tells /delegate-doctor which code runs: it is left only while the bundle is.
	const global = globalThis as Record<symbol, unknown>;
	if (useBundle) global[Symbol.for("pi-delegate.import")] = throughPisLoader;
	else delete global[Symbol.for("pi-delegate.import")];
	const entry: Entry = useBundle ? await import(join(bundleDir, bundle.entry)) : await import("./src/pi/extension.ts");
	entry.default(pi);
}
