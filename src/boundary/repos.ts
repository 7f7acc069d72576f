/**
 * Which repository holds each root, read once per repository rather than once per root: 1,000 roots
 * in one repository cost one round of git processes, not 1,000.
 *
 * A root's repository is found the way git finds it — the nearest directory at or above the root
 * that holds a `.git` — and git then confirms it once per candidate: when git, asked in the
 * candidate, names the candidate itself as the top of its work tree, every root below it that
 * reached it without crossing a file system or passing a bare repository is in that repository.
 * Anything less certain (a candidate git does not accept, a root inside a git directory, a mount
 * point on the way) is asked of git in the root itself, exactly as a lone root would be.
 */
import { lstatSync } from "node:fs";
import { dirname, relative, sep } from "node:path";
import { type Exec, ExecNotFound } from "./exec.ts";
import { type PriorStores, type RepoRead, readRepo } from "./git-state.ts";
import type { GitState } from "./types.ts";

/** The repository of one root: none, its state, or why it could not be read. */
export type RootRepo =
	| { kind: "none" }
	| { kind: "repo"; state: GitState /** The top of the repository's work tree (real path). */; top: string }
	| { kind: "error"; message: string };

interface DirFacts {
	dev: number;
	hasGit: boolean;
	bare: boolean;
}

function facts(dir: string, cache: Map<string, DirFacts | null>): DirFacts | null {
	if (cache.has(dir)) return cache.get(dir)!;
	let found: DirFacts | null = null;
	try {
		const exists = (name: string) => lstatSync(`${dir === "/" ? "" : dir}/${name}`, { throwIfNoEntry: false });
		const bare = exists("HEAD")?.isFile() && exists("objects")?.isDirectory() && exists("refs")?.isDirectory();
		found = { dev: lstatSync(dir).dev, hasGit: exists(".git") !== undefined, bare: bare === true };
	} catch {
		found = null;
	}
	cache.set(dir, found);
	return found;
}

/** The nearest directory holding `.git`; null when there is none; "ask" when only git can tell. */
function candidate(real: string, cache: Map<string, DirFacts | null>): string | null | "ask" {
	if (real.split(sep).includes(".git")) return "ask";
	const start = facts(real, cache);
	if (start === null) return "ask";
	for (let dir = real; ; dir = dirname(dir)) {
		const here = facts(dir, cache);
		if (here === null || here.dev !== start.dev || here.bare) return "ask";
		if (here.hasGit) return dir;
		if (dirname(dir) === dir) return null;
	}
}

function asRootRepo(read: RepoRead, repo: string): RootRepo {
	if (read.kind === "repo") return { kind: "repo", state: { repo, ...read.shared, index: read.index }, top: read.top };
	return read.kind === "error" ? { kind: "error", message: read.message } : read;
}

/** Index entries under each prefix ('' is the top itself), relative to it, in index order. */
function indexUnder(
	index: ReadonlyArray<[string, string]>,
	prefixes: readonly string[],
): Array<Array<[string, string]>> {
	if (prefixes.every((prefix) => prefix === "")) return prefixes.map(() => [...index]);
	const out = prefixes.map((): Array<[string, string]> => []);
	const byPrefix = new Map<string, number[]>();
	for (const [i, prefix] of prefixes.entries()) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), i]);
	for (const [path, value] of index) {
		for (const i of byPrefix.get("") ?? []) out[i]!.push([path, value]);
		for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
			for (const i of byPrefix.get(path.slice(0, at)) ?? []) out[i]!.push([path.slice(at + 1), value]);
		}
	}
	return out;
}

async function askGit(dir: string, run: Exec, repo: string, priors?: PriorStores): Promise<RootRepo> {
	try {
		return asRootRepo(await readRepo(dir, run, priors), repo);
	} catch (error) {
		// No git on this machine: a root is then watched as plain files.
		if (error instanceof ExecNotFound) return { kind: "none" };
		throw error;
	}
}

/** The repository holding each root (real paths of existing directories), in the order given. */
export async function enclosingRepos(reals: readonly string[], run: Exec, priors?: PriorStores): Promise<RootRepo[]> {
	const cache = new Map<string, DirFacts | null>();
	const results: RootRepo[] = reals.map(() => ({ kind: "none" }));
	const groups = new Map<string, number[]>();
	const alone: number[] = [];
	reals.forEach((real, i) => {
		const top = candidate(real, cache);
		if (top === "ask") alone.push(i);
		else if (top !== null) groups.set(top, [...(groups.get(top) ?? []), i]);
	});
	const jobs = [...groups].map(async ([top, members]) => {
		let read: RepoRead;
		try {
			read = await readRepo(top, run, priors);
		} catch (error) {
			if (error instanceof ExecNotFound) return;
			throw error;
		}
		if (read.kind !== "repo" || read.top !== top) {
			alone.push(...members);
			return;
		}
		const indexes = indexUnder(
			read.index,
			members.map((i) => relative(top, reals[i]!).split(sep).join("/")),
		);
		members.forEach((i, k) => {
			results[i] = { kind: "repo", state: { repo: "", ...read.shared, index: indexes[k]! }, top };
		});
	});
	await Promise.all(jobs);
	await Promise.all(
		alone.map(async (i) => {
			results[i] = await askGit(reals[i]!, run, "", priors);
		}),
	);
	return results;
}

/**
 * The repository whose top is exactly `top` (a directory with a `.git` the walk found inside a
 * root), labelled `repo`; null when git does not take that `.git` as the top of a work tree (a
 * broken or stray one is then compared as a plain entry by the walk).
 */
export async function repoAt(top: string, repo: string, run: Exec, priors?: PriorStores): Promise<RootRepo | null> {
	const read = await readRepo(top, run, priors).catch((error: unknown) => {
		if (error instanceof ExecNotFound) return { kind: "none" } as const;
		throw error;
	});
	if (read.kind === "none") return null;
	if ((read.kind === "repo" || read.kind === "error") && read.top !== top) return null;
	return asRootRepo(read, repo);
}
