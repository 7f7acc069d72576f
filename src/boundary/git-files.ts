/**
 * The files of a git directory that are repository state in their own right and are not visible
 * through refs or the index: config, hooks (a new hook runs code on the next commit), info/ (exclude
 * rules, sparse-checkout), shallow, and the markers of an operation left half done (merge, rebase,
 * cherry-pick, revert, bisect).
 *
 * Deliberately left out, because they change without anyone changing the repository or are implied
 * by a ref change: objects/, logs/, the raw index, packed-refs, FETCH_HEAD, ORIG_HEAD, COMMIT_EDITMSG.
 */
import { lstat, readdir, readlink } from "node:fs/promises";
import { relative, sep } from "node:path";
import { hashFile } from "./hash.ts";
import { decodeName } from "./names.ts";
import type { EntryType, GitFile } from "./types.ts";

/** In the shared git directory. */
const SHARED = ["config", "hooks", "info", "shallow"];
/** In the per-worktree git directory (the same directory for the main work tree). */
const PER_WORKTREE = [
	"config.worktree",
	"info",
	"MERGE_HEAD",
	"CHERRY_PICK_HEAD",
	"REVERT_HEAD",
	"BISECT_START",
	"rebase-merge",
	"rebase-apply",
	"sequencer",
];

function typeOf(stats: Awaited<ReturnType<typeof lstat>>): EntryType {
	if (stats.isFile()) return "file";
	if (stats.isDirectory()) return "dir";
	if (stats.isSymbolicLink()) return "symlink";
	return "other";
}

/** Records `abs` (and everything under it) into `out` under `name`; a missing path is skipped. */
async function record(abs: string, name: string, out: Record<string, GitFile>): Promise<void> {
	let stats: Awaited<ReturnType<typeof lstat>>;
	try {
		stats = await lstat(abs);
	} catch {
		return;
	}
	const type = typeOf(stats);
	const file: GitFile = { type, mode: Number(stats.mode) & 0o7777 };
	if (type === "file") {
		const hash = await hashFile(abs);
		if (hash !== null) file.hash = hash;
	} else if (type === "symlink") {
		file.target = decodeName(await readlink(abs, { encoding: "buffer" }));
	}
	out[name] = file;
	if (type !== "dir") return;
	const children = await readdir(abs).catch(() => [] as string[]);
	await Promise.all(children.map((child) => record(`${abs}${sep}${child}`, `${name}/${child}`, out)));
}

/**
 * Reads the state files of a repository. Names are relative to the shared git directory, so the
 * files of a linked worktree read as `worktrees/<id>/…`.
 */
export async function readGitFiles(gitDir: string, commonDir: string): Promise<Record<string, GitFile>> {
	const out: Record<string, GitFile> = Object.create(null);
	const perWorktreePrefix = gitDir === commonDir ? "" : `${relative(commonDir, gitDir).split(sep).join("/")}/`;
	const jobs = SHARED.map((name) => record(`${commonDir}${sep}${name}`, name, out));
	for (const name of PER_WORKTREE) {
		if (perWorktreePrefix === "" && SHARED.includes(name)) continue;
		jobs.push(record(`${gitDir}${sep}${name}`, `${perWorktreePrefix}${name}`, out));
	}
	await Promise.all(jobs);
	return out;
}
