/**
 * The repository state of a git root, read through git itself and never written: HEAD, every ref,
 * the stash list, the index as content, the config and the state files of the git directory.
 * Which roots share a repository, so that it is read once for all of them, is repos.ts.
 *
 * The working tree is not read here: the walk covers it, ignored and untracked files included,
 * because `git status --ignored` prints an already-ignored directory as a single line and so cannot
 * see a write inside node_modules/, __pycache__/ or dist/.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open, realpath } from "node:fs/promises";
import { sep } from "node:path";
import { type Exec, ExecNotFound, exec } from "./exec.ts";
import { readGitFiles } from "./git-files.ts";
import { git } from "./git-process.ts";
import { readStore } from "./git-store.ts";
import { decodeName } from "./names.ts";
import type { GitState } from "./types.ts";

/** One line of output without its final newline (a path may itself contain newlines). */
function single(out: Buffer): string {
	const text = out.toString("utf8");
	return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** Splits NUL-terminated output into its records (as byte ranges, decoded by the caller). */
function records(out: Buffer): Array<[number, number]> {
	const list: Array<[number, number]> = [];
	let start = 0;
	while (start < out.length) {
		let end = out.indexOf(0, start);
		if (end === -1) end = out.length;
		list.push([start, end]);
		start = end + 1;
	}
	return list;
}

/** Where a repository's pieces are: the top of its work tree and its git directories (real paths). */
export interface RepoLocation {
	top: string;
	gitDir: string;
	commonDir: string;
}

/**
 * Locates the repository whose work tree holds `dir`, or null when `dir` is not in a work tree (no
 * repository, a bare repository, inside a .git directory). One git call answers all three; only a
 * path containing a newline makes its output ambiguous, and then each is asked for separately.
 */
export async function locateRepo(dir: string, run: Exec = exec): Promise<RepoLocation | null> {
	const asks = ["--show-toplevel", "--absolute-git-dir", "--path-format=absolute", "--git-common-dir"];
	const out = await git(["rev-parse", ...asks], dir, run);
	if (out.code !== 0) return null;
	let lines = single(out.stdout).split("\n");
	if (lines.length !== 3) {
		const one = async (args: string[]) => single(await mustRun(["rev-parse", ...args], dir, run));
		lines = await Promise.all([one([asks[0]!]), one([asks[1]!]), one(asks.slice(2))]);
	}
	const [top, gitDir, commonDir] = await Promise.all(lines.map((line) => realpath(line)));
	return { top: top!, gitDir: gitDir!, commonDir: commonDir! };
}

async function mustRun(args: string[], dir: string, run: Exec): Promise<Buffer> {
	const out = await git(args, dir, run);
	if (out.code !== 0) throw new Error(`git ${args.join(" ")} failed in ${dir}: ${out.stderr.trim()}`);
	return out.stdout;
}

async function readRefs(dir: string, run: Exec): Promise<Record<string, string>> {
	const out = await mustRun(["for-each-ref", "--format=%(refname)%00%(objectname)%00"], dir, run);
	const refs: Record<string, string> = Object.create(null);
	const parts = records(out);
	for (let i = 0; i + 1 < parts.length; i += 2) {
		const [ns, ne] = parts[i]!;
		const [os, oe] = parts[i + 1]!;
		// for-each-ref ends each line with a newline, which lands at the start of the next name.
		const name = decodeName(out, out[ns] === 0x0a ? ns + 1 : ns, ne);
		refs[name] = out.toString("latin1", os, oe);
	}
	return refs;
}

/**
 * The stash entries, newest first, from its reflog. `rev-list -g`, not `log -g`: log verifies a
 * signed commit's signature when log.showSignature is set, running the configured gpg program.
 */
async function readStash(dir: string, refs: Record<string, string>, run: Exec): Promise<string[]> {
	if (!Object.hasOwn(refs, "refs/stash")) return [];
	const out = await git(["rev-list", "-g", "refs/stash", "--"], dir, run);
	if (out.code !== 0) return [refs["refs/stash"]!];
	return out.stdout.toString("latin1").split("\n").filter(Boolean);
}

/**
 * `tag mode object stage` per path, stages of a conflicted path joined by ';'. ls-files lists a
 * path's stages together, so joining with the previous record is enough.
 */
async function readIndex(dir: string, run: Exec): Promise<Array<[string, string]>> {
	const out = await mustRun(["ls-files", "--stage", "-v", "-z"], dir, run);
	const index: Array<[string, string]> = [];
	for (const [start, end] of records(out)) {
		const tab = out.indexOf(0x09, start);
		const path = decodeName(out, tab + 1, end);
		const value = out.toString("latin1", start, tab);
		const last = index.at(-1);
		if (last !== undefined && last[0] === path) last[1] = `${last[1]};${value}`;
		else index.push([path, value]);
	}
	return index;
}

/**
 * Config keys → sha256 of their values, so a report can name the key without storing a secret.
 * Included files count (`--includes`): a setting the repository takes from a file it includes is
 * its setting, and a change there changes what git does in it.
 */
async function readConfig(dir: string, run: Exec): Promise<Record<string, string>> {
	const out = await git(["config", "--local", "--includes", "--list", "-z"], dir, run);
	const values = new Map<string, string[]>();
	if (out.code === 0) {
		for (const [start, end] of records(out.stdout)) {
			const text = out.stdout.toString("utf8", start, end);
			const newline = text.indexOf("\n");
			const key = newline === -1 ? text : text.slice(0, newline);
			const value = newline === -1 ? "(no value)" : text.slice(newline + 1);
			values.set(key, [...(values.get(key) ?? []), value]);
		}
	}
	const config: Record<string, string> = Object.create(null);
	for (const [key, list] of values) config[key] = createHash("sha256").update(list.join("\u0000")).digest("hex");
	return config;
}

/**
 * The first 4 KiB of a regular file, or "" when it is not one or cannot be read: opened without
 * blocking or following a symlink, so a FIFO or a device put in its place cannot stall the snapshot.
 */
async function readSmall(path: string): Promise<string> {
	let handle: FileHandle | undefined;
	try {
		handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
		if (!(await handle.stat()).isFile()) return "";
		const buffer = Buffer.alloc(4096);
		const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
		return buffer.toString("utf8", 0, bytesRead);
	} catch {
		return "";
	} finally {
		await handle?.close();
	}
}

/**
 * Where HEAD points, read from the HEAD file (one git call fewer per snapshot). The reftable
 * backend keeps a placeholder there, and then git is asked.
 */
async function readHead(
	dir: string,
	gitDir: string,
	refs: Record<string, string>,
	run: Exec,
): Promise<{ branch: string | null; commit: string | null }> {
	const text = (await readSmall(`${gitDir}${sep}HEAD`)).trim();
	if (text.startsWith("ref: ") && text !== "ref: refs/heads/.invalid") {
		const branch = text.slice(5);
		return { branch, commit: refs[branch] ?? null };
	}
	if (/^[0-9a-f]{40,64}$/.test(text)) return { branch: null, commit: text };
	const [branch, commit] = await Promise.all([
		git(["symbolic-ref", "-q", "HEAD"], dir, run),
		git(["rev-parse", "-q", "--verify", "HEAD^{commit}"], dir, run),
	]);
	return {
		branch: branch.code === 0 ? single(branch.stdout) : null,
		commit: commit.code === 0 ? single(commit.stdout) : null,
	};
}

/**
 * The store listings of the snapshot this one will be compared with, by shared git directory, so
 * that an object file git only touched is checked rather than reported (git-store-verify.ts).
 */
export type PriorStores = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** The repository state shared by every root in one repository (all but `repo` and `index`). */
export type SharedGitState = Omit<GitState, "repo" | "index">;

/** What git says about a directory: no work tree there, a repository, or a repository it could not read. */
export type RepoRead =
	| { kind: "none" }
	| { kind: "repo"; top: string; shared: SharedGitState; index: Array<[string, string]> }
	| { kind: "error"; message: string; top?: string };

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A failed read as a value; a missing git program stays thrown (the caller watches plain files then). */
const asError = (error: unknown): Error => {
	if (error instanceof ExecNotFound) throw error;
	return new Error(failure(error));
};

/**
 * Reads the state of the repository whose work tree holds `dir`. `index` lists the index entries
 * under `dir`, relative to it (all of them when `dir` is the top). The ref, index and config reads
 * start together with the location query (they fail harmlessly outside a repository): one round
 * of processes, not three. `priors`: see PriorStores.
 */
export async function readRepo(dir: string, run: Exec = exec, priors?: PriorStores): Promise<RepoRead> {
	const [location, refs, index, config] = await Promise.all([
		locateRepo(dir, run).catch(asError),
		readRefs(dir, run).catch(asError),
		readIndex(dir, run).catch(asError),
		readConfig(dir, run).catch(asError),
	]);
	if (location === null) return { kind: "none" };
	if (location instanceof Error) return { kind: "error", message: location.message };
	const where = location;
	for (const part of [refs, index, config])
		if (part instanceof Error) return { kind: "error", message: part.message, top: where.top };
	const refMap = refs as Record<string, string>;
	try {
		const [head, stash, files, store] = await Promise.all([
			readHead(dir, where.gitDir, refMap, run),
			readStash(dir, refMap, run),
			readGitFiles(where.gitDir, where.commonDir),
			readStore(where.gitDir, where.commonDir, priors?.get(where.commonDir)),
		]);
		const shared = {
			gitDir: where.gitDir,
			commonDir: where.commonDir,
			...head,
			refs: refMap,
			stash,
			config: config as Record<string, string>,
			files,
			store,
		};
		return { kind: "repo", top: where.top, shared, index: index as Array<[string, string]> };
	} catch (error) {
		return { kind: "error", message: failure(error), top: where.top };
	}
}
