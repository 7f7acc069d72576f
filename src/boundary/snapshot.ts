/**
 * Taking a snapshot: the I/O shell of the boundary check. Every root is walked in full (GNU find,
 * split between processes or batched over many roots, or the Node walk), recently touched files are
 * hashed, and the state of the repository holding each root and of every repository nested in it
 * is read through git, once per repository. Nothing under a root is written: git runs without
 * optional locks, so it never refreshes the index, and nothing is followed through a symlink.
 */
import { realpath, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { excludedBelow } from "./exclude.ts";
import { type Exec, exec, limitExec } from "./exec.ts";
import type { PriorStores } from "./git-state.ts";
import { addHashes, planRacy, RACY_WINDOW_MS } from "./hash.ts";
import { rootRepositories } from "./nested.ts";
import { errorCode } from "./reasons.ts";
import { enclosingRepos, type RootRepo } from "./repos.ts";
import { withScratch } from "./scratch.ts";
import { indexTree, readWalkMarks } from "./tree.ts";
import type { RootSnapshot, RootStatus, Snapshot } from "./types.ts";
import { SNAPSHOT_VERSION } from "./version.ts";
import { type Walked, walkRoots } from "./walk.ts";
import type { WalkFs } from "./walk-node.ts";

export interface SnapshotOptions {
	/**
	 * The snapshot this one will be compared with. Files it hashed are hashed again here, so a rewrite
	 * that left size and timestamps unchanged is still seen. A snapshot taken with `previous` is for
	 * comparison only: it does not guard its own recently touched files, so it is not a sound
	 * "before" for a later diff (take a fresh snapshot for that).
	 */
	previous?: Snapshot;
	/** Which walk to use: `auto` tries GNU find and falls back to Node. Tests and the benchmark pin one. */
	walker?: "auto" | "find" | "node";
	/** How many find processes share the walk (default: the number of CPUs, at most 4). */
	findProcesses?: number;
	/** Files touched this long before the snapshot started get a content hash (default RACY_WINDOW_MS). */
	racyWindowMs?: number;
	/** The clock, injectable so a test can decide which files count as recently touched. */
	now?: () => number;
	/**
	 * Absolute paths inside the roots that are neither walked nor compared (a spec's resolved
	 * `exclude`, real paths). Each root records the ones below it; the rest are ignored here (the
	 * spec validates that every one lies inside a root).
	 */
	exclude?: readonly string[];
	/** How programs are started (find, git): a port so tests can make them fail. */
	exec?: Exec;
	/** How the Node walk reads directories: a port so tests can make a directory unreadable. */
	fs?: WalkFs;
	/** At most this many programs at once (default 8). */
	maxProcesses?: number;
	/** Where find's output goes: `file` (the default, scratch.ts says why and where) or `pipe`. */
	findOutput?: "file" | "pipe";
}

/** A root resolved for walking, or the status it is recorded with instead. */
interface Located {
	absolute: string;
	real: string | null;
	status: RootStatus;
	/** Why the root itself could not be looked at (status unreadable). */
	error?: string;
}

async function locate(root: string): Promise<Located> {
	const absolute = resolve(root);
	let real: string;
	try {
		real = await realpath(absolute);
	} catch (error) {
		const code = errorCode(error);
		return code === "ENOENT"
			? { absolute, real: null, status: "missing" }
			: { absolute, real: null, status: "unreadable", error: code };
	}
	try {
		return { absolute, real, status: (await stat(real)).isDirectory() ? "ok" : "not-directory" };
	} catch (error) {
		return { absolute, real, status: "unreadable", error: errorCode(error) };
	}
}

interface Finished {
	snapshot: RootSnapshot;
	/** The moment before which the snapshot must not be handed out (see hash.ts), or 0. */
	settledAt: number;
}

async function finishRoot(
	where: Located & { real: string },
	walked: Walked,
	own: RootRepo,
	excluded: string[],
	context: { options: SnapshotOptions; run: Exec; window: number; priors: PriorStores },
): Promise<Finished> {
	const walkedAt = Date.now();
	const tree = indexTree(walked.tree);
	if (tree === null) throw new Error(`the walk of ${where.real} ended in the middle of an entry`);
	const { racy, gitTops } = readWalkMarks(tree);
	const previous = context.options.previous?.roots.find((r) => r.root === where.absolute)?.hashes;
	const plan = planRacy(tree, racy, context.options.previous ? (previous ?? {}) : undefined, context.window);
	const ports = { run: context.run, priors: context.priors, ...(context.options.fs ? { fs: context.options.fs } : {}) };
	const [hashes, repos] = await Promise.all([
		addHashes(where.real, tree, plan.hash),
		rootRepositories(where.real, walked.tree, gitTops, own, ports),
	]);
	const snapshot: RootSnapshot = {
		root: where.absolute,
		realPath: where.real,
		status: "ok",
		walker: walked.by,
		tree: repos.tree,
		hashes,
		git: repos.git,
		unreadable: Object.assign(Object.create(null), walked.unreadable, repos.unreadable),
		excluded,
	};
	return { snapshot, settledAt: plan.settleMs > 0 ? walkedAt + plan.settleMs : 0 };
}

function unwalked(where: Located, excluded: string[]): RootSnapshot {
	const unreadable: Record<string, string> = Object.create(null);
	if (where.error !== undefined) unreadable[""] = where.error;
	return {
		root: where.absolute,
		realPath: where.real,
		status: where.status,
		walker: "node",
		tree: Buffer.alloc(0),
		hashes: {},
		git: [],
		unreadable,
		excluded,
	};
}

/** The store listing of every repository the previous snapshot read, by shared git directory. */
function priorStores(previous: Snapshot | undefined): PriorStores {
	const stores = new Map<string, Record<string, string>>();
	for (const root of previous?.roots ?? [])
		for (const state of root.git)
			if (state.store && !stores.has(state.commonDir)) stores.set(state.commonDir, state.store);
	return stores;
}

/**
 * Snapshots every root. A missing, non-directory or unreadable root is recorded with its status,
 * not thrown; every part that could not be read is recorded in `unreadable`.
 */
export async function snapshotRoots(roots: readonly string[], options: SnapshotOptions = {}): Promise<Snapshot> {
	const startedMs = (options.now ?? Date.now)();
	const window = options.racyWindowMs ?? RACY_WINDOW_MS;
	const run = limitExec(options.exec ?? exec, options.maxProcesses ?? 8);
	const priors = priorStores(options.previous);
	const located = await Promise.all(roots.map(locate));
	const excluded = located.map((where) => excludedBelow(where, options.exclude ?? []));
	const ok = located.flatMap((where, i) => (where.status === "ok" && where.real !== null ? [{ where, i }] : []));
	const reals = ok.map(({ where }) => where.real!);
	const choice = {
		walker: options.walker ?? "auto",
		processes: options.findProcesses ?? Math.min(4, availableParallelism()),
		exec: run,
		...(options.fs ? { fs: options.fs } : {}),
	};
	const okExcluded = ok.map(({ i }) => excluded[i]!);
	// An unchanged tree prints the same bytes again: the earlier size lets the walk fill one buffer.
	const hints = ok.map(({ where }) => options.previous?.roots.find((r) => r.root === where.absolute)?.tree.length);
	const walk = (scratch?: string) =>
		walkRoots(reals, okExcluded, startedMs - window, scratch ? { ...choice, scratch } : choice, hints);
	const [walks, repos] = await Promise.all([
		options.findOutput === "pipe" || choice.walker === "node" ? walk() : withScratch(reals, walk),
		enclosingRepos(reals, run, priors),
	]);
	const context = { options, run, window, priors };
	const finished = await Promise.all(
		ok.map(({ where }, k) =>
			finishRoot({ ...where, real: where.real! }, walks[k]!, repos[k]!, okExcluded[k]!, context),
		),
	);
	const byIndex = new Map(ok.map(({ i }, k) => [i, finished[k]!]));
	const wait = Math.max(0, ...finished.map((f) => f.settledAt)) - Date.now();
	if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	return {
		version: SNAPSHOT_VERSION,
		takenAt: new Date(startedMs).toISOString(),
		roots: located.map((where, i) => byIndex.get(i)?.snapshot ?? unwalked(where, excluded[i]!)),
	};
}
