/**
 * The size and modification time of each file, by its path from the package root: what a build
 * records of the sources it used (dist/sources.json, dist/extension/entry.json), and what
 * bin/pi-delegate.cjs and index.ts compare to tell whether that build is still current.
 */
import { statSync } from "node:fs";
import { join } from "node:path";

export type SourceStamps = Record<string, [size: number, mtimeMs: number]>;

export function sourceStamps(root: string, files: Iterable<string>): SourceStamps {
	const stamps: SourceStamps = {};
	for (const file of [...files].sort()) {
		const s = statSync(join(root, file));
		stamps[file] = [s.size, s.mtimeMs];
	}
	return stamps;
}
