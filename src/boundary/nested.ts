/**
 * The repositories inside a root, found by the `.git` entries the walk listed but did not enter:
 * each one git accepts as the top of a work tree is read as repository state. A `.git` directory
 * git does not accept (broken, or just a directory of that name) is no repository at all, so its
 * contents are walked as plain files: skipping it would leave a place where any write goes unseen.
 */
import { sep } from "node:path";
import type { Exec } from "./exec.ts";
import type { PriorStores } from "./git-state.ts";
import { type RootRepo, repoAt } from "./repos.ts";
import { indexTree, readWalkMarks, withSubtree } from "./tree.ts";
import type { GitState } from "./types.ts";
import { type WalkFs, walkWithNode } from "./walk-node.ts";

export interface Repositories {
	git: GitState[];
	/** Repositories git could not read, and parts of stray `.git` directories the walk could not read. */
	unreadable: Record<string, string>;
	/** The tree with the contents of every stray `.git` directory added. */
	tree: Buffer;
}

/** `a/b/.git` for the top `a/b`; `.git` for the root itself. */
const dotGit = (top: string) => (top === "" ? ".git" : `${top}/.git`);

/**
 * The root's repositories: `own` (the one holding the root, from enclosingRepos) and every nested
 * one. `tops` are the walk's `.git` entries (see readWalkMarks).
 */
export async function rootRepositories(
	real: string,
	tree: Buffer,
	tops: ReadonlyArray<{ path: string; dir: boolean }>,
	own: RootRepo,
	options: { run: Exec; fs?: WalkFs; priors?: PriorStores },
): Promise<Repositories> {
	// A child process cannot be started in a directory whose name is not valid UTF-8.
	const nested = tops.filter((t) => t.path !== "" && !t.path.includes("\u0000"));
	const found = await Promise.all(
		nested.map((t) => repoAt(`${real}${sep}${t.path}`, t.path, options.run, options.priors)),
	);
	const repos: Array<[string, RootRepo]> = [["", own]];
	const stray: string[] = [];
	nested.forEach((t, i) => {
		const repo = found[i];
		if (repo) repos.push([t.path, repo]);
		else if (t.dir) stray.push(t.path);
	});
	const rootGit = tops.find((t) => t.path === "");
	if (rootGit?.dir && !(own.kind === "repo" && own.top === real)) stray.push("");
	const git: GitState[] = [];
	const unreadable: Record<string, string> = Object.create(null);
	for (const [top, repo] of repos) {
		if (repo.kind === "repo") git.push(repo.state);
		else if (repo.kind === "error") unreadable[dotGit(top)] = `git could not read the repository: ${repo.message}`;
	}
	let withStray = tree;
	for (const top of stray) {
		const walked = await walkWithNode(`${real}${sep}${dotGit(top)}`, 0, options.fs ? { fs: options.fs } : {});
		const index = indexTree(walked.tree);
		if (index) readWalkMarks(index);
		withStray = withSubtree(withStray, dotGit(top), walked.tree);
		for (const [path, code] of Object.entries(walked.unreadable))
			unreadable[path === "" ? dotGit(top) : `${dotGit(top)}/${path}`] = code;
	}
	return { git, unreadable, tree: withStray };
}
