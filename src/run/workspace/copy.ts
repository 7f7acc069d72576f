/**
 * The private copy a child works on under `apply: "on-pass"` (plan/apply.ts), one per writable root,
 * in a fresh directory under the system's temporary directory.
 *
 * What a copy holds:
 * - a git repository's files as its working tree has them — tracked files with their staged and
 *   unstaged changes, untracked files — and, at the repository's top, a `.git` of its own: HEAD on
 *   the same commit and branch, the index (so what was staged still is), the real repository's
 *   objects borrowed read-only through `objects/info/alternates` (the copy's own commits go to its
 *   own objects, never the real ones);
 * - its ignored paths not at all (node_modules, build output, caches): they are shared with the
 *   real root — mounted from it at their place, or linked — and written in place as under
 *   `direct`, never part of the change: copying them would cost far more than the change they
 *   never hold;
 * - any other directory, whole.
 * Files keep their modes and modification times (a build that goes by times rebuilds nothing);
 * special files (FIFOs, sockets, devices) are not copied.
 *
 * Every file copied is remembered as it was (its inode, size and times), so the patch is applied
 * only where the real root still holds what the copy started from (land.ts).
 */
import { type BigIntStats, constants } from "node:fs";
import { copyFile, lstat, mkdir, mkdtemp, readdir, readlink, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { PlacedCopy } from "../../plan/apply.ts";
import { copyGitDir, repoListing } from "./copy-git.ts";

/** A copied path as the real root had it when it was copied: any change to it moves one of these. */
export interface Origin {
	type: "file" | "symlink";
	ino: bigint;
	size: bigint;
	mtimeNs: bigint;
	ctimeNs: bigint;
	mode: number;
}

/** The copies of one run, and what each copied path was. */
export interface Workspace {
	copies: PlacedCopy[];
	/** Keyed by the real path. */
	origin: Map<string, Origin>;
	/** Where the copies live (removed by drop). */
	dir: string;
	/** Removes every copy; safe to call twice. */
	drop: () => Promise<void>;
}

export function originOf(stat: BigIntStats): Origin | undefined {
	const type = stat.isFile() ? "file" : stat.isSymbolicLink() ? "symlink" : undefined;
	if (type === undefined) return undefined;
	return {
		type,
		ino: stat.ino,
		size: stat.size,
		mtimeNs: stat.mtimeNs,
		ctimeNs: stat.ctimeNs,
		mode: Number(stat.mode),
	};
}

const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	const lane = async () => {
		while (next < items.length) await work(items[next++] as T);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** What every copied entry of a workspace shares: the origins, and the directories already made. */
interface CopyContext {
	origin: Map<string, Origin>;
	/** Makes a directory once, however many files go into it. */
	made: Map<string, Promise<unknown>>;
}

function makeDir(dir: string, context: CopyContext): Promise<unknown> {
	let done = context.made.get(dir);
	if (done === undefined) {
		done = mkdir(dir, { recursive: true });
		context.made.set(dir, done);
	}
	return done;
}

/** Copies one file system entry (not a directory) and records its origin; `stat` when already read. */
async function copyEntry(from: string, to: string, context: CopyContext, stat?: BigIntStats): Promise<void> {
	stat ??= await lstat(from, { bigint: true }).catch(() => undefined);
	if (stat === undefined) return; // listed but gone: a tracked file deleted in the working tree
	const seen = originOf(stat);
	if (seen === undefined) return;
	await makeDir(dirname(to), context);
	if (seen.type === "symlink") {
		await symlink(await readlink(from), to);
	} else {
		await copyFile(from, to, constants.COPYFILE_FICLONE);
		await utimes(to, stat.atime, stat.mtime);
	}
	context.origin.set(from, seen);
}

/** Every entry under `dir` but directories, as paths relative to it (a nested `.git` included). */
async function walk(dir: string, prefix = ""): Promise<string[]> {
	const entries = await readdir(join(dir, prefix), { withFileTypes: true });
	const out: string[] = [];
	for (const entry of entries) {
		const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
		if (entry.isDirectory()) out.push(...(await walk(dir, rel)));
		else out.push(rel);
	}
	return out;
}

/** Copies one listed path; one that is a directory (a nested repository, a submodule) is copied whole. */
async function copyListed(root: string, copy: string, path: string, context: CopyContext): Promise<void> {
	const rel = path.replace(/\/+$/, "");
	const stat = await lstat(join(root, rel), { bigint: true }).catch(() => undefined);
	if (stat === undefined) return; // listed but gone: a tracked file deleted in the working tree
	if (!stat.isDirectory()) return copyEntry(join(root, rel), join(copy, rel), context, stat);
	await pool(await walk(root, rel), 8, (inner) => copyEntry(join(root, inner), join(copy, inner), context));
}

export interface CopyOptions {
	/** The spec's write_allowed, as real paths: an ignored directory one lies inside is copied. */
	writeAllowed: readonly string[];
	/** Shown paths are mounted over by the sandbox (placeholders), not linked. */
	mounted: boolean;
	/** Where the copies' directory is made; default the system's temporary directory. */
	tmp?: string;
}

/** Makes the copy of one root at `copy`; returns the paths it shows from the real root. */
async function copyRoot(root: string, copy: string, options: CopyOptions, origin: Map<string, Origin>) {
	const listing = await repoListing(root);
	// Copied only where a writable path lies inside it: write_allowed names whole roots, so an
	// ignored directory is otherwise shared with the real root (bench/apply.bench.ts: copying a
	// node_modules of 100,000 files made a copy 13.7× git worktree's time).
	const reached = (rel: string) => {
		const path = join(root, rel.replace(/\/+$/, ""));
		return options.writeAllowed.some((allowed) => allowed !== path && within(allowed, path));
	};
	const ignored = listing?.ignored ?? [];
	const files = listing ? [...listing.files, ...ignored.filter(reached)] : await walk(root);
	await mkdir(copy, { recursive: true });
	const context: CopyContext = { origin, made: new Map([[copy, Promise.resolve()]]) };
	await pool(files, 32, (rel) => copyListed(root, copy, rel, context));
	const shown = ignored.filter((rel) => !reached(rel)).map((rel) => rel.replace(/\/+$/, ""));
	for (const rel of shown) await showEntry(root, copy, rel, options.mounted);
	if (listing?.top) await copyGitDir(root, copy);
	return shown.map((rel) => join(root, rel));
}

/** A path shown from the real root: a link to it, or a placeholder the sandbox mounts it over. */
async function showEntry(root: string, copy: string, rel: string, mounted: boolean): Promise<void> {
	const to = join(copy, rel);
	await mkdir(dirname(to), { recursive: true });
	if (!mounted) return symlink(join(root, rel), to);
	const stat = await lstat(join(root, rel));
	if (stat.isDirectory()) await mkdir(to, { recursive: true });
	else await writeFile(to, "");
}

/** Makes a private copy of each root; on failure removes what it made and throws. */
export async function makeWorkspace(roots: readonly string[], options: CopyOptions): Promise<Workspace> {
	const dir = await mkdtemp(join(options.tmp ?? tmpdir(), "pi-delegate-copy-"));
	const drop = () => rm(dir, { recursive: true, force: true, maxRetries: 2 });
	const origin = new Map<string, Origin>();
	try {
		const copies: PlacedCopy[] = [];
		for (const [index, root] of roots.entries()) {
			const copy = join(dir, `${index + 1}-${basename(root) || "root"}`);
			copies.push({ root, copy, shown: await copyRoot(root, copy, options, origin) });
		}
		return { copies, origin, dir, drop };
	} catch (error) {
		await drop();
		throw error;
	}
}
