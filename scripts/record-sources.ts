/**
 * Records, in dist/sources.json, the size and modification time of every TypeScript source the
 * build compiled (src/**\/*.ts). bin/pi-delegate.cjs runs a clone's dist/ only while each is
 * unchanged — an edited, pulled or checked-out source runs from src/ instead — so a stale build
 * never answers. The last step of `npm run build`: a build that stopped halfway records nothing.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { sourceStamps } from "./source-stamps.ts";

const ROOT = join(import.meta.dirname, "..");

function sources(dir: string, into: string[]): string[] {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) sources(path, into);
		else if (entry.isFile() && entry.name.endsWith(".ts")) into.push(relative(ROOT, path));
	}
	return into;
}

const stamps = sourceStamps(ROOT, sources(join(ROOT, "src"), []));
writeFileSync(join(ROOT, "dist", "sources.json"), `${JSON.stringify(stamps)}\n`);
