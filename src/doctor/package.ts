/**
 * What this package says about itself, read from its package.json when doctor runs: the Node and
 * Pi ranges it supports and its Pi extension entry. Read at run time, not compiled in, because the
 * entry and the ranges change with the package, and doctor must check the package as installed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildFacts, PackageFacts } from "./types.ts";

export const PACKAGE_NAME = "pi-delegate";
const PI_PACKAGE = "@earendil-works/pi-coding-agent";

type Json = Record<string, unknown>;

function readPackageJson(dir: string): Json | undefined {
	try {
		const value: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
		return typeof value === "object" && value !== null ? (value as Json) : undefined;
	} catch {
		return undefined;
	}
}

/** The nearest directory at or above `from` whose package.json is named `name`. */
export function findPackageRoot(from: string, name: string, levels = 6): string | undefined {
	let dir = from;
	for (let i = 0; i < levels; i++) {
		if (readPackageJson(dir)?.name === name) return dir;
		const up = dirname(dir);
		if (up === dir) return undefined;
		dir = up;
	}
	return undefined;
}

/** This package's root, found from this module's own place (src/doctor or dist/doctor). */
export function ownPackageRoot(moduleUrl: string = import.meta.url): string | undefined {
	return findPackageRoot(dirname(fileURLToPath(moduleUrl)), PACKAGE_NAME);
}

/** The version of the Pi package that holds `file` (its CLI script), when it can be found. */
export function piVersionAt(file: string): string | undefined {
	const root = findPackageRoot(dirname(file), PI_PACKAGE);
	const version = root ? readPackageJson(root)?.version : undefined;
	return typeof version === "string" ? version : undefined;
}

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

export function readPackageFacts(root: string | undefined): PackageFacts {
	if (root === undefined) return { root: "", extensions: [], error: "cannot find pi-delegate's own package.json" };
	const pkg = readPackageJson(root);
	if (!pkg) return { root, extensions: [], error: `cannot read ${join(root, "package.json")}` };
	const engines = (pkg.engines ?? {}) as Json;
	const peers = (pkg.peerDependencies ?? {}) as Json;
	const pi = (pkg.pi ?? {}) as Json;
	const entries = Array.isArray(pi.extensions) ? pi.extensions.filter((e): e is string => typeof e === "string") : [];
	const node = str(engines.node);
	const piRange = str(peers[PI_PACKAGE]);
	return {
		root,
		...(node && { node }),
		...(piRange && { pi: piRange }),
		extensions: entries.map((entry) => {
			const path = resolve(root, entry);
			return { entry, path, exists: existsSync(path) };
		}),
	};
}

/**
 * How the copy at `root` runs. The launcher (or Pi's loader, through index.ts) already chose between
 * the build and the sources, so doctor reports that choice instead of making it again: `runs` when
 * the caller knows it (the extension's bundle imports this very module from src/, so where this
 * module lies says nothing there), else where this module was loaded from (the CLI's build has its
 * own copy of it in dist/).
 */
export function readBuildFacts(
	root: string,
	runs?: BuildFacts["runs"],
	moduleUrl: string = import.meta.url,
): BuildFacts {
	const here = fileURLToPath(moduleUrl);
	const dev = (name: string) => existsSync(join(root, "node_modules", name, "package.json"));
	return {
		runs: runs ?? (here.startsWith(join(root, "src") + sep) ? "sources" : "build"),
		clone: !root.split(sep).includes("node_modules"),
		built: existsSync(join(root, "dist", "cli", "main.js")),
		canBuild: dev("rolldown") && dev("typescript"),
	};
}
