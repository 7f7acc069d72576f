/**
 * Taking a snapshot: the I/O shell of the boundary check. Each root is walked in full (GNU find,
 * split between processes, or the Node walk), recently touched files are hashed, and the state of
 * the repository holding the root and of every repository nested in it is read through git. Roots
 * are snapshotted in parallel. Nothing under a root is written: git runs without optional locks, so
 * it never refreshes the index, and nothing is followed through a symlink.
 */
import { realpath, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { resolve, sep } from "node:path";
import { ExecNotFound } from "./exec.ts";
import { readGitState } from "./git-state.ts";
import { addHashes, planRacy, RACY_WINDOW_MS } from "./hash.ts";
import type { WalkResult } from "./types.ts";
import { type GitState, type RootSnapshot, SNAPSHOT_VERSION, type Snapshot } from "./types.ts";
import { walkWithFind } from "./walk-find.ts";
import { walkWithNode } from "./walk-node.ts";

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
	/**
	 * How many find processes share the walk of a large root (default: the number of CPUs, at most
	 * 4). The benchmark compares 1 with the default.
	 */
	findProcesses?: number;
	/** Files touched this long before the snapshot started get a content hash (default RACY_WINDOW_MS). */
	racyWindowMs?: number;
	/** The clock, injectable so a test can decide which files count as recently touched. */
	now?: () => number;
}

async function walk(
	dir: string,
	options: SnapshotOptions,
	cutoffMs: number,
): Promise<WalkResult & { by: "find" | "node" }> {
	const walker = options.walker;
	if (walker !== "node") {
		const processes = options.findProcesses ?? Math.min(4, availableParallelism());
		const found = await walkWithFind(dir, cutoffMs, processes);
		if (found) return { ...found, by: "find" };
		if (walker === "find") throw new Error(`find -printf could not walk ${dir}`);
	}
	return { ...(await walkWithNode(dir, cutoffMs)), by: "node" };
}

/** The repository holding the root (at or above it), or null when the root is not in a work tree. */
async function enclosingRepo(dir: string): Promise<GitState | null> {
	try {
		return (await readGitState(dir, ""))?.state ?? null;
	} catch (error) {
		// No git on this machine: a root without a .git of its own is then watched as plain files.
		if (error instanceof ExecNotFound) return null;
		throw error;
	}
}

/**
 * Every repository nested in the root, found by the `.git` entries the walk listed but did not
 * enter. A `.git` that git does not accept as the top of a work tree (broken, or a stray file) is
 * left to the walk: its entry is still compared as a file or directory.
 */
async function nestedRepos(dir: string, walked: WalkResult): Promise<GitState[]> {
	const tops = walked.entries
		.map(([path]) => path)
		.filter((path) => path.endsWith("/.git"))
		.map((path) => path.slice(0, -"/.git".length));
	const states = await Promise.all(
		tops.map(async (rel) => {
			// A child process cannot be started in a directory whose name is not valid UTF-8.
			if (rel.includes("\u0000")) return null;
			const abs = `${dir}${sep}${rel}`;
			const found = await readGitState(abs, rel).catch(() => null);
			if (found === null || found.top !== (await realpath(abs).catch(() => null))) return null;
			return found.state;
		}),
	);
	return states.filter((state) => state !== null);
}

/** A root's snapshot and the moment before which it must not be handed out (see hash.ts). */
async function snapshotRoot(
	root: string,
	options: SnapshotOptions,
	startedMs: number,
): Promise<{ snapshot: RootSnapshot; settledAt: number }> {
	const absolute = resolve(root);
	const empty = { entries: [], git: [], unreadable: {} };
	let real: string;
	try {
		real = await realpath(absolute);
	} catch {
		return { snapshot: { root: absolute, realPath: null, status: "missing", walker: "node", ...empty }, settledAt: 0 };
	}
	const rootStats = await stat(real);
	if (!rootStats.isDirectory()) {
		return {
			snapshot: { root: absolute, realPath: real, status: "not-directory", walker: "node", ...empty },
			settledAt: 0,
		};
	}
	const window = options.racyWindowMs ?? RACY_WINDOW_MS;
	const [walked, own] = await Promise.all([walk(real, options, startedMs - window), enclosingRepo(real)]);
	const walkedAt = Date.now();
	// The root directory itself, as ".": a chmod of the root is a change too. Appended last so the
	// walk's racy indices stay valid.
	walked.entries.push([".", `d ${(rootStats.mode & 0o7777).toString(8)}`]);
	const previous = options.previous
		? (options.previous.roots.find((r) => r.root === absolute)?.entries ?? [])
		: undefined;
	const plan = planRacy(walked.entries, walked.racy, previous, window);
	const [, nested] = await Promise.all([addHashes(real, walked.entries, plan.hash), nestedRepos(real, walked)]);
	const snapshot: RootSnapshot = {
		root: absolute,
		realPath: real,
		status: "ok",
		walker: walked.by,
		entries: walked.entries,
		git: own ? [own, ...nested] : nested,
		unreadable: walked.unreadable,
	};
	return { snapshot, settledAt: plan.settleMs > 0 ? walkedAt + plan.settleMs : 0 };
}

/** Snapshots every root. A missing or non-directory root is recorded with its status, not thrown. */
export async function snapshotRoots(roots: readonly string[], options: SnapshotOptions = {}): Promise<Snapshot> {
	const startedMs = (options.now ?? Date.now)();
	const taken = await Promise.all(roots.map((root) => snapshotRoot(root, options, startedMs)));
	const wait = Math.max(0, ...taken.map((t) => t.settledAt)) - Date.now();
	if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
	return { version: SNAPSHOT_VERSION, takenAt: new Date(startedMs).toISOString(), roots: taken.map((t) => t.snapshot) };
}
