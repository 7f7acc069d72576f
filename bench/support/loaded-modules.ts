/**
 * What loading a module costs in modules: a Node process imports it under a load hook that records
 * every module loaded and which module imported which, and the modules are counted by where they
 * come from.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO } from "../../test/support/pi.ts";
import { tempDir } from "../../test/support/task-fixture.ts";

/** A load hook for a traced process: every module loaded, and which module imported which. */
const HOOK = [
	'import { registerHooks } from "node:module";',
	'import { writeFileSync } from "node:fs";',
	"const seen = new Set();",
	"const edges = [];",
	"registerHooks({",
	"\tresolve(specifier, context, next) { const r = next(specifier, context); edges.push([context.parentURL, r.url]); return r; },",
	"\tload(url, context, next) { seen.add(url); return next(url, context); },",
	"});",
	'process.on("exit", () => writeFileSync(process.env.TRACE_FILE, JSON.stringify({ seen: [...seen], edges })));',
].join("\n");

/** A Pi that takes every registration and does nothing with it. */
export const STUB_PI = "new Proxy({}, { get: () => () => undefined })";

/** Where a module comes from: pi-delegate itself, or the npm package it belongs to. */
function owner(url: string): string {
	const parts = relative(REPO, new URL(url).pathname).split(sep);
	const at = parts.lastIndexOf("node_modules");
	if (at < 0) return "pi-delegate";
	const name = parts[at + 1] ?? "?";
	return name.startsWith("@") ? `${name}/${parts[at + 2]}` : name;
}

function group(name: string): string {
	if (name === "pi-delegate") return "pi-delegate's own modules";
	if (name === "typebox" || name === "yaml") return name;
	return name.startsWith("@earendil-works/") ? "Pi's packages (@earendil-works/*)" : "their dependencies";
}

export interface Loaded {
	/** Modules by group. */
	counts: Record<string, number>;
	/** Own module → the packages it imports itself (what pulls each package in). */
	importers: Record<string, string[]>;
}

/**
 * What a native import of `entry` loads, its factory run against a Pi that registers nothing (index.ts
 * loads the extension in its factory). Under Pi the same graph loads through Pi's loader, with
 * `@earendil-works/*` and typebox mapped to Pi's copies: those are Pi's unbundled packages, a graph
 * apart from the bundle the `pi` command runs, so they are start-up cost of the extension too.
 */
export function loadedModules(file: string = join(REPO, "index.ts")): Loaded {
	const entry = pathToFileURL(file).href;
	const argv = ["--import", `data:text/javascript,${encodeURIComponent(HOOK)}`, "--input-type=module", "-e"];
	const traceFile = join(tempDir("pi-delegate-startup-trace-"), "trace.json");
	const run = `const m = await import(${JSON.stringify(entry)}); await m.default(${STUB_PI});`;
	spawnSync(process.execPath, [...argv, run], {
		cwd: REPO,
		env: { ...process.env, TRACE_FILE: traceFile },
	});
	const trace = JSON.parse(readFileSync(traceFile, "utf8")) as {
		seen: string[];
		edges: Array<[string | undefined, string]>;
	};
	const counts: Record<string, number> = {};
	for (const url of trace.seen.filter((u) => u.startsWith("file:"))) {
		const g = group(owner(url));
		counts[g] = (counts[g] ?? 0) + 1;
	}
	const importers: Record<string, Set<string>> = {};
	for (const [parent, child] of trace.edges) {
		if (!parent?.startsWith("file:") || !child.startsWith("file:") || owner(parent) !== "pi-delegate") continue;
		if (owner(child) === "pi-delegate") continue;
		const from = relative(REPO, new URL(parent).pathname);
		importers[from] ??= new Set();
		importers[from].add(owner(child));
	}
	return { counts, importers: Object.fromEntries(Object.entries(importers).map(([k, v]) => [k, [...v].sort()])) };
}
