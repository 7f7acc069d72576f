/**
 * Choosing the walk for each root: find when it can (split for one large root, batched for many),
 * the Node walk where find cannot or where it reported any error, so that every unreadable part is
 * recorded precisely rather than lost in a failed find.
 */
import type { Exec } from "./exec.ts";
import { walkManyWithFind, walkOneWithFind } from "./walk-find.ts";
import { type WalkFs, type WalkResult, walkWithNode } from "./walk-node.ts";

export interface WalkChoice {
	/** `auto` tries GNU find and falls back to Node; tests and the benchmark pin one. */
	walker: "auto" | "find" | "node";
	/** find processes that share the walk (of one large root, or of many roots). */
	processes: number;
	exec: Exec;
	fs?: WalkFs;
	/** Where find's output goes instead of a pipe (walk-find.ts `FindWalkOptions.scratch`). */
	scratch?: string;
}

export type Walked = WalkResult & { by: "find" | "node" };

async function walkOne(
	dir: string,
	exclude: readonly string[],
	cutoffMs: number,
	choice: WalkChoice,
	sizeHint?: number,
): Promise<Walked> {
	if (choice.walker !== "node") {
		const found = await walkOneWithFind(dir, cutoffMs, choice.processes, {
			exec: choice.exec,
			exclude,
			...(sizeHint === undefined ? {} : { sizeHint }),
			...fsOf(choice),
			...scratchOf(choice),
		});
		if (found) return { ...found, by: "find" };
		if (choice.walker === "find") throw new Error(`find -printf could not walk ${dir}`);
	}
	const hint = sizeHint === undefined ? {} : { sizeHint };
	const node = await walkWithNode(dir, cutoffMs, { exclude: new Set(exclude), ...hint, ...fsOf(choice) });
	return { ...node, by: "node" };
}

const fsOf = (choice: WalkChoice) => (choice.fs ? { fs: choice.fs } : {});
const scratchOf = (choice: WalkChoice) => (choice.scratch ? { scratch: choice.scratch } : {});

/**
 * Walks every directory (absolute real paths). One root gets every process; many roots are
 * batched, and a root whose batch failed is walked again on its own (find, then Node). Roots are
 * walked in parallel: the Node walk yields between slices, so they interleave.
 */
export async function walkRoots(
	dirs: readonly string[],
	exclude: ReadonlyArray<readonly string[]>,
	cutoffMs: number,
	choice: WalkChoice,
	sizeHints: ReadonlyArray<number | undefined> = [],
): Promise<Walked[]> {
	if (dirs.length === 0) return [];
	if (dirs.length === 1 || choice.walker === "node") {
		return Promise.all(dirs.map((dir, i) => walkOne(dir, exclude[i] ?? [], cutoffMs, choice, sizeHints[i])));
	}
	const batched = await walkManyWithFind(dirs, cutoffMs, choice.processes, {
		exec: choice.exec,
		exclude,
		...scratchOf(choice),
	});
	// When no batch worked, find itself is unusable here (missing, or BSD find without -printf):
	// asking it again root by root would only start as many more failing processes.
	const again: WalkChoice =
		batched.every((found) => found === null) && choice.walker === "auto"
			? { ...choice, walker: "node" }
			: { ...choice, processes: 1 };
	return Promise.all(
		batched.map((found, i) =>
			found ? { ...found, by: "find" as const } : walkOne(dirs[i]!, exclude[i] ?? [], cutoffMs, again),
		),
	);
}
