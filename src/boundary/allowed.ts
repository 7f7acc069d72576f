/**
 * Matching user-given writable paths to the roots of a snapshot by real path, so `./a`, `/tmp/a/`
 * and a symlink to the same directory all name the same root.
 */
import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import type { Problem } from "../problems.ts";
import type { Snapshot } from "./types.ts";

/**
 * Returns the snapshot roots that `paths` name. A path that names no root is a problem, not a
 * silent no-op: a typo would otherwise turn every change in the intended root into a violation
 * with no hint why.
 */
export async function resolveWriteAllowed(
	snapshot: Snapshot,
	paths: readonly string[],
	cwd: string,
): Promise<{ roots: string[]; problems: Problem[] }> {
	const roots: string[] = [];
	const problems: Problem[] = [];
	for (const [i, given] of paths.entries()) {
		const absolute = resolve(cwd, given);
		const real = await realpath(absolute).catch(() => absolute);
		const match = snapshot.roots.find((r) => r.realPath === real || r.root === absolute || r.root === real);
		if (match) roots.push(match.root);
		else
			problems.push({
				source: "--write-allowed",
				path: [i],
				code: "not_found",
				value: given,
				message: "is not one of the snapshot's roots",
				fix: `use one of: ${snapshot.roots.map((r) => r.root).join(", ")}`,
			});
	}
	return { roots, problems };
}
