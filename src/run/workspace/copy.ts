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
import { execFile } from "node:child_process";
import type { BigIntStats } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
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

/**
 * The most files a copy of a root outside any git repository takes: with no ignore rules to tell
 * dependencies and build output apart, all of them would be copied.
 */
const MAX_PLAIN_FILES = 50_000;

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

/** Records `rel`'s origin and lists it for copying, when it is a file or a link. */
function keep(root: string, rel: string, stat: BigIntStats | undefined, origin: Map<string, Origin>, copied: string[]) {
	const seen = stat && originOf(stat);
	if (!seen) return;
	origin.set(join(root, rel), seen);
	copied.push(rel);
}

/**
 * Reads what each listed path is (its origin), a listed directory (a nested repository, a
 * submodule) file by file; returns the paths to copy. Read before the copy is made: a file changed
 * in between is then taken as changed since the copy, and no change is applied over it.
 */
async function origins(root: string, listed: readonly string[], origin: Map<string, Origin>): Promise<string[]> {
	const copied: string[] = [];
	await pool(listed, 16, async (path) => {
		const rel = path.replace(/\/+$/, "");
		const stat = await lstat(join(root, rel), { bigint: true }).catch(() => undefined);
		if (stat === undefined) return; // listed but gone: a tracked file deleted in the working tree
		if (stat.isDirectory()) {
			for (const inner of await walk(root, rel)) {
				keep(root, inner, await lstat(join(root, inner), { bigint: true }).catch(() => undefined), origin, copied);
			}
			return;
		}
		keep(root, rel, stat, origin, copied);
	});
	return copied;
}

/** At most this many bytes of names on one `cp` command line (far below any system's limit). */
const BATCH_BYTES = 96 * 1024;

function batches(paths: readonly string[]): string[][] {
	const out: string[][] = [];
	let batch: string[] = [];
	let bytes = 0;
	for (const path of paths) {
		if (bytes + path.length + 1 > BATCH_BYTES && batch.length > 0) {
			out.push(batch);
			batch = [];
			bytes = 0;
		}
		batch.push(path);
		bytes += path.length + 1;
	}
	if (batch.length > 0) out.push(batch);
	return out;
}

function cp(root: string, copy: string, paths: readonly string[]): Promise<void> {
	return new Promise((resolve, reject) => {
		const args = ["-a", "--parents", "--reflink=auto", "-t", copy, "--", ...paths];
		execFile("cp", args, { cwd: root, timeout: 600_000, maxBuffer: 1 << 20 }, (error, _out, stderr) => {
			if (error) reject(new Error(`cp failed in ${root}: ${String(stderr).trim() || error.message}`));
			else resolve();
		});
	});
}

/**
 * Copies the files with `cp -a --parents` (modes, times and links kept; a clone where the file
 * system makes one), two processes at once: a tenth of the time Node's copy takes through its
 * four-thread pool (bench/apply.bench.ts). Nothing of the child's exists yet: the program and the
 * paths are pi-delegate's, and git listed the names.
 */
async function copyFiles(root: string, copy: string, paths: readonly string[]): Promise<void> {
	await pool(batches(paths), 2, (batch) => cp(root, copy, batch));
}

export interface CopyOptions {
	/** The spec's write_allowed, as real paths: an ignored directory one lies inside is copied. */
	writeAllowed: readonly string[];
	/** Shown paths are mounted over by the sandbox (placeholders), not linked. */
	mounted: boolean;
	/** Where the copies' directory is made; default the system's temporary directory. */
	tmp?: string;
	/** The most files a root outside any repository may hold; default MAX_PLAIN_FILES. */
	maxPlainFiles?: number;
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
	const most = options.maxPlainFiles ?? MAX_PLAIN_FILES;
	if (!listing && files.length > most) {
		throw new Error(
			`${root} is no git repository, so nothing says which of its ${files.length} files are build output or ` +
				`dependencies, and a copy of them all is more than ${most} files; set "apply": "direct" ` +
				"for this task, or make the root a git repository that ignores them",
		);
	}
	await mkdir(copy, { recursive: true });
	await copyFiles(root, copy, await origins(root, files, origin));
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
