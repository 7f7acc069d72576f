/**
 * Content hashes, taken only where metadata cannot prove a file unchanged.
 *
 * File timestamps are coarse: Linux stamps files from a clock that ticks every few milliseconds
 * (measured here: five files written back to back share one ctime), FAT every two seconds. A file
 * written in the same tick as the snapshot reads it can be rewritten in that tick again, same size,
 * with no visible metadata change. This is git's "racily clean" problem, and the answer is git's:
 * hash such recently touched files, and hash them again in the later snapshot to compare.
 * Everything older is proven unchanged by size + mtime + ctime alone, so a large tree is not read.
 *
 * When very many files were just touched (an install or a build a moment ago), reading them all
 * would cost seconds; waiting out the window after the walk costs at most RACY_WINDOW_MS and gives
 * the same guarantee: any later write then carries a later timestamp than any the snapshot saw.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { nameBytes } from "./names.ts";
import { letterAt, pathEnd, pathKey, pathName, type TreeIndex } from "./tree.ts";

/** How far back from the snapshot's start a timestamp counts as "may share a tick with it". */
export const RACY_WINDOW_MS = 2000;

/**
 * Opened without following a symlink and without blocking, so a path swapped for a symlink or a
 * FIFO between the walk and the hash can neither lead outside the root nor hang the snapshot.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** sha256 of a file's content, or null when it cannot be read (it then falls back to metadata). */
export async function hashFile(path: Buffer | string): Promise<string | null> {
	let handle: FileHandle | undefined;
	try {
		handle = await open(path, OPEN_FLAGS);
		const hash = createHash("sha256");
		const buffer = Buffer.allocUnsafe(1 << 16);
		for (;;) {
			const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
			if (bytesRead === 0) break;
			hash.update(buffer.subarray(0, bytesRead));
		}
		return hash.digest("hex");
	} catch {
		return null;
	} finally {
		await handle?.close();
	}
}

/** Up to this many recently touched files are hashed; past it, waiting out the window is cheaper. */
export const MAX_RACY_HASHES = 1000;

/** How a snapshot guards against same-tick rewrites: which entries to hash, and how long to wait. */
export interface RacyPlan {
	/** Record indices of the files to hash. */
	hash: number[];
	/** How long to wait after the walk before the snapshot counts as taken (0: no wait). */
	settleMs: number;
}

/**
 * Plans the guard. A snapshot taken for comparison (`previous` given: the hashes of the earlier
 * snapshot of the same root) only hashes again the files the earlier snapshot hashed: it is
 * compared, never compared against, so its own recently touched files need nothing. A snapshot
 * that may be compared against later hashes its recently touched files, or waits out the window
 * when there are too many to read.
 */
export function planRacy(
	tree: TreeIndex,
	racy: readonly number[],
	previous: Readonly<Record<string, string>> | undefined,
	windowMs: number,
): RacyPlan {
	if (previous === undefined) {
		return racy.length <= MAX_RACY_HASHES ? { hash: [...racy], settleMs: 0 } : { hash: [], settleMs: windowMs };
	}
	const hash: number[] = [];
	const names = Object.keys(previous);
	if (names.length === 0) return { hash, settleMs: 0 };
	const wanted = new Set(names.map((name) => nameBytes(name).toString("latin1")));
	for (let i = 0; i < tree.count; i++) {
		if (letterAt(tree, i) === 0x66 && wanted.has(pathKey(tree, i))) hash.push(i);
	}
	return { hash, settleMs: 0 };
}

/** Hashes the given records' files, a few at a time: path (snapshot form) → sha256. */
export async function addHashes(
	dir: string,
	tree: TreeIndex,
	indices: readonly number[],
): Promise<Record<string, string>> {
	const hashes: Record<string, string> = Object.create(null);
	const base = Buffer.from(`${dir}/`);
	let next = 0;
	async function worker(): Promise<void> {
		while (next < indices.length) {
			const i = indices[next++]!;
			const path = tree.bytes.subarray(tree.starts[i]!, pathEnd(tree, i));
			const hash = await hashFile(Buffer.concat([base, path]));
			if (hash !== null) hashes[pathName(tree, i)] = hash;
		}
	}
	await Promise.all(Array.from({ length: Math.min(8, indices.length) }, worker));
	return hashes;
}
