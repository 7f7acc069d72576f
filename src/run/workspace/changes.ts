/**
 * What a child changed in its private copies, file by file, with the content before and after: the
 * stuff of changes.patch and of the landing (land.ts). Read after the child and everything it
 * started have ended, from the boundary's delta of the copies, so nothing is walked twice.
 *
 * The content before is the real root's own file, taken only while it is still what the copy
 * started from (same inode, size and times); where this process's own landing of another run
 * replaced it since, from what that landing displaced. Anything else changed it meanwhile: a
 * conflict, and the file cannot be in the patch. Paths under a `.git`, or shown from the real root
 * rather than copied, are never part of a change; a directory is only a place for files (a patch
 * carries no empty directory); a special file or an over-large one cannot be carried, and is named.
 */
import { constants } from "node:fs";
import { lstat, open, readlink } from "node:fs/promises";
import { relative } from "node:path";
import type { Change } from "../../boundary/types.ts";
import type { PlacedCopy } from "../../plan/apply.ts";
import { type Origin, originOf, type Workspace } from "./copy.ts";
import type { FileChange, FileState } from "./patch.ts";

/** The largest file a patch carries, and the most all of them may hold together. */
export const MAX_PATCH_FILE = 64 * 1024 * 1024;
const MAX_PATCH_TOTAL = 256 * 1024 * 1024;

/** One changed path, with where it is in the real root and in its copy. */
export interface Touched {
	real: string;
	copy: string;
	before: FileState | undefined;
	after: FileState | undefined;
	/** The real root's path as the copy started from it; undefined where the copy started without it. */
	origin: Origin | undefined;
}

export interface Collected {
	touched: Touched[];
	/** Real paths the real root changed since they were copied. */
	conflicts: string[];
	/** Paths no patch can carry, each with why. */
	uncarried: Array<{ path: string; why: string }>;
	/** The directory the patch's paths start from: the one root, or the roots' common parent. */
	base: string;
}

const WORKING_TREE = new Set(["added", "deleted", "modified", "type", "mode", "link"]);

/** Bytes this process's landings replaced or deleted, by real path and the origin they had. */
const displaced = new Map<string, Uint8Array>();
const originKey = (path: string, o: Origin) => `${path}\0${o.ino}\0${o.size}\0${o.mtimeNs}\0${o.ctimeNs}\0${o.mode}`;

export function rememberDisplaced(path: string, origin: Origin, bytes: Uint8Array): void {
	displaced.set(originKey(path, origin), bytes);
}

/** The common parent of the roots (the root itself when there is one). */
export function patchBase(roots: readonly string[]): string {
	const parts = roots.map((r) => r.split("/"));
	const first = parts[0] ?? [""];
	let n = 0;
	while (n < first.length && parts.every((p) => p[n] === first[n])) n++;
	return roots.length === 1 ? (roots[0] as string) : first.slice(0, n).join("/") || "/";
}

/** Whether a real path still is what the copy started from. */
export function unchanged(now: Origin | undefined, was: Origin | undefined): boolean {
	if (now === undefined || was === undefined) return now === was;
	return (
		now.type === was.type &&
		now.ino === was.ino &&
		now.size === was.size &&
		now.mtimeNs === was.mtimeNs &&
		now.ctimeNs === was.ctimeNs &&
		now.mode === was.mode
	);
}

export async function currentOrigin(path: string): Promise<Origin | undefined> {
	const stat = await lstat(path, { bigint: true }).catch(() => undefined);
	return stat ? originOf(stat) : undefined;
}

/**
 * A regular file's bytes, up to MAX_PATCH_FILE: opened without following a link and without
 * waiting on a FIFO put in its place, and read only once the open descriptor is a regular file.
 */
async function readCapped(path: string): Promise<Uint8Array | "too large"> {
	const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	try {
		const stat = await handle.stat();
		if (!stat.isFile()) throw new Error(`${path} is no longer a regular file`);
		if (stat.size > MAX_PATCH_FILE) return "too large";
		return await handle.readFile();
	} finally {
		await handle.close();
	}
}

/** What is at `path` as a patch sees it; a reason where no patch can carry it. */
async function stateAt(path: string): Promise<FileState | undefined | { why: string }> {
	const stat = await lstat(path).catch(() => undefined);
	if (stat === undefined || stat.isDirectory()) return undefined;
	if (stat.isSymbolicLink()) return { kind: "symlink", target: await readlink(path) };
	if (!stat.isFile()) return { why: "a special file (FIFO, socket or device), which a patch cannot carry" };
	const bytes = await readCapped(path);
	if (bytes === "too large") return { why: `over ${MAX_PATCH_FILE / 1024 / 1024} MB, more than a patch carries` };
	return { kind: "file", executable: (stat.mode & 0o111) !== 0, bytes };
}

const sizeOf = (state: FileState | undefined) => (state?.kind === "file" ? state.bytes.length : 0);

const isState = (s: FileState | undefined | { why: string }): s is FileState | undefined => !(s && "why" in s);

function same(a: FileState | undefined, b: FileState | undefined): boolean {
	if (a === undefined || b === undefined) return a === b;
	if (a.kind === "symlink" || b.kind === "symlink") {
		return a.kind === "symlink" && b.kind === "symlink" && a.target === b.target;
	}
	return a.executable === b.executable && Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
}

/** The changed paths of the copies, relative to their copy, from the boundary's delta. */
function changedPaths(delta: readonly Change[], copies: readonly PlacedCopy[]) {
	const out = new Map<string, { copy: PlacedCopy; rel: string }>();
	for (const change of delta) {
		const copy = copies.find((c) => c.copy === change.root);
		if (!copy || !WORKING_TREE.has(change.kind)) continue;
		const rel = change.path;
		if (rel.split("/").includes(".git")) continue;
		if (copy.shown.some((s) => `${copy.root}/${rel}` === s || `${copy.root}/${rel}`.startsWith(`${s}/`))) continue;
		out.set(`${copy.copy}/${rel}`, { copy, rel });
	}
	return [...out.values()];
}

/** Reads what each changed path was and is; the real root's changes since the copy are conflicts. */
export async function collectChanges(workspace: Workspace, delta: readonly Change[]): Promise<Collected> {
	const collected: Collected = {
		touched: [],
		conflicts: [],
		uncarried: [],
		base: patchBase(workspace.copies.map((c) => c.root)),
	};
	let total = 0;
	for (const { copy, rel } of changedPaths(delta, workspace.copies)) {
		const real = `${copy.root}/${rel}`;
		const after = await stateAt(`${copy.copy}/${rel}`);
		if (!isState(after)) {
			collected.uncarried.push({ path: real, why: after.why });
			continue;
		}
		const origin = workspace.origin.get(real);
		const { state: before, conflict } = await beforeOf(real, origin);
		if (conflict) collected.conflicts.push(real);
		if (!isState(before)) {
			collected.uncarried.push({ path: real, why: before.why });
			continue;
		}
		if (same(before, after)) continue;
		total += sizeOf(before) + sizeOf(after);
		if (total > MAX_PATCH_TOTAL) {
			collected.uncarried.push({
				path: real,
				why: `past the ${MAX_PATCH_TOTAL / 1024 / 1024} MB a patch carries in all`,
			});
			continue;
		}
		collected.touched.push({ real, copy: `${copy.copy}/${rel}`, before, after, origin });
	}
	return collected;
}

/**
 * The real path's content as the copy started from it, and whether the real root changed it since
 * (then the content comes from this process's landings, where one displaced it).
 */
async function beforeOf(real: string, origin: Origin | undefined) {
	const now = await currentOrigin(real);
	if (unchanged(now, origin)) return { state: origin ? await stateAt(real) : undefined, conflict: false };
	if (origin === undefined) return { state: undefined, conflict: true };
	const kept = origin.type === "file" ? displaced.get(originKey(real, origin)) : undefined;
	const state: FileState | { why: string } = kept
		? { kind: "file", executable: (origin.mode & 0o111) !== 0, bytes: kept }
		: { why: "the real root changed it during the run, and its content before is gone" };
	return { state, conflict: true };
}

/** The changes as a patch sees them: paths relative to the base. */
export function fileChanges(collected: Collected): FileChange[] {
	return collected.touched.map((t) => ({
		path: relative(collected.base, t.real),
		...(t.before && { before: t.before }),
		...(t.after && { after: t.after }),
	}));
}
