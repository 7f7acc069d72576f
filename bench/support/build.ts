/**
 * Benchmarks that run pi-delegate as an installed package runs it (a subprocess child loading the
 * child-side extension from dist/ext) need the build, and a build older than the sources would
 * measure old code without a word. So they check first and stop with the fix. (Pi loads the
 * package's own extension, index.ts, from source: that needs no build.)
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./pi-process.ts";

/** The child-side extension subprocess children of the built package load. */
export const BUILT = {
	childExtension: join(REPO, "dist/ext/run/child/child-extension.js"),
};

function newest(dir: string): number {
	let latest = 0;
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
	}
	return latest;
}

/** Throws, naming the fix, when the build is missing or older than any source file. */
export function requireFreshBuild(): void {
	const source = newest(join(REPO, "src"));
	for (const file of Object.values(BUILT)) {
		if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before this benchmark`);
		if (statSync(file).mtimeMs < source) {
			throw new Error(`${file} is older than src/: run \`npm run build\` so the benchmark measures the current code`);
		}
	}
}
