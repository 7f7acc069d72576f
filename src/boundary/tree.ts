/**
 * The working tree of a root snapshot as bytes: `path NUL text NUL` per entry, exactly as GNU find
 * prints it with `-printf '%P\0<entry text>\0'` (see walk-find.ts; the Node walk writes the same).
 * NUL never occurs in a file name or an entry text, so the records split unambiguously, and names
 * stay the bytes the file system holds: nothing is decoded until a change has to be shown.
 *
 * Why not one object per entry: for 550,000 entries that form costs several hundred MB of strings
 * and arrays, this one the ~50 MB of text; and two unchanged walks compare with one memcmp.
 */
import { decodeName, nameBytes } from "./names.ts";

/** The record offsets of a tree: record i spans [starts[i], starts[i + 1]). */
export interface TreeIndex {
	bytes: Buffer;
	starts: Uint32Array;
	count: number;
}

/** Builds a tree record by record, growing one buffer (no per-entry allocation). */
export class TreeWriter {
	private buffer: Buffer;
	private length = 0;

	/** `hint`: the bytes expected (an earlier walk of the same tree), so the buffer rarely grows. */
	constructor(hint = 0) {
		this.buffer = Buffer.allocUnsafe(Math.max(1 << 16, Math.ceil(hint * 1.05)));
	}

	add(path: Buffer | string, text: Buffer | string): void {
		const pathLength = typeof path === "string" ? Buffer.byteLength(path) : path.length;
		const textLength = typeof text === "string" ? Buffer.byteLength(text) : text.length;
		this.reserve(pathLength + textLength + 2);
		this.put(path);
		this.buffer[this.length++] = 0;
		this.put(text);
		this.buffer[this.length++] = 0;
	}

	/** The records written so far; trimmed by a copy only when the slack is large. */
	bytes(): Buffer {
		const exact = this.buffer.subarray(0, this.length);
		return this.buffer.length - this.length > (this.length >> 4) + 65536 ? Buffer.from(exact) : exact;
	}

	private put(part: Buffer | string): void {
		if (typeof part === "string") this.length += this.buffer.write(part, this.length, "utf8");
		else this.length += part.copy(this.buffer, this.length);
	}

	private reserve(extra: number): void {
		if (this.length + extra <= this.buffer.length) return;
		const grown = Buffer.allocUnsafe(Math.max(this.buffer.length + (this.buffer.length >> 1), this.length + extra));
		this.buffer.copy(grown, 0, 0, this.length);
		this.buffer = grown;
	}
}

const indexes = new WeakMap<Buffer, TreeIndex>();

/**
 * Indexes the records of a tree (remembered per buffer: a tree is indexed once however often it is
 * read); null when the bytes do not end on a record boundary.
 */
export function indexTree(bytes: Buffer): TreeIndex | null {
	const known = indexes.get(bytes);
	if (known) return known;
	let starts = new Uint32Array(Math.max(16, bytes.length >> 6));
	let count = 0;
	let at = 0;
	while (at < bytes.length) {
		const pathEnd = bytes.indexOf(0, at);
		const end = pathEnd === -1 ? -1 : bytes.indexOf(0, pathEnd + 1);
		if (end === -1) return null;
		if (count + 2 > starts.length) {
			const grown = new Uint32Array(starts.length * 2);
			grown.set(starts);
			starts = grown;
		}
		starts[++count] = end + 1;
		at = end + 1;
	}
	const index = { bytes, starts: starts.subarray(0, count + 1), count };
	indexes.set(bytes, index);
	return index;
}

/** Where record i's path ends (its first NUL). */
export function pathEnd(tree: TreeIndex, i: number): number {
	return tree.bytes.indexOf(0, tree.starts[i]);
}

/** The record's path as a map key: latin1 maps each byte to one character, so keys never collide. */
export function pathKey(tree: TreeIndex, i: number): string {
	return tree.bytes.toString("latin1", tree.starts[i]!, pathEnd(tree, i));
}

/** The record's path in snapshot form (UTF-8, an invalid byte escaped; see names.ts). */
export function pathName(tree: TreeIndex, i: number): string {
	return decodeName(tree.bytes, tree.starts[i]!, pathEnd(tree, i));
}

/** The record's entry text (entry.ts), a symlink target decoded like a name. */
export function entryTextAt(tree: TreeIndex, i: number): string {
	return decodeName(tree.bytes, pathEnd(tree, i) + 1, tree.starts[i + 1]! - 1);
}

/** The first byte of the record's entry text: its type letter. */
export function letterAt(tree: TreeIndex, i: number): number {
	return tree.bytes[pathEnd(tree, i) + 1] ?? 0;
}

/** True when records [i, i+n) of `b` and [j, j+n) of `a` are byte for byte the same. */
export function sameRecords(b: TreeIndex, i: number, a: TreeIndex, j: number, n: number): boolean {
	const bs = b.starts[i]!;
	const be = b.starts[i + n]!;
	const as = a.starts[j]!;
	const ae = a.starts[j + n]!;
	return be - bs === ae - as && b.bytes.compare(a.bytes, as, ae, bs, be) === 0;
}

const F_UPPER = 0x46;
const F_LOWER = 0x66;

/** What a fresh walk's tree says beyond its entries. */
export interface WalkMarks {
	/** Record indices of the files the walk marked as touched after the racy cutoff. */
	racy: number[];
	/**
	 * The `.git` entries: the path (snapshot form) of the directory holding each ('' for the root
	 * itself), and whether the `.git` is a directory (a stray one is then walked as plain files).
	 */
	gitTops: Array<{ path: string; dir: boolean }>;
}

/**
 * One pass over a fresh walk: finds the files marked as touched after the racy cutoff (`F` instead
 * of `f`) and turns the mark back into the plain letter in place, and finds the `.git` entries
 * below the root (the walk lists them but does not enter them).
 */
export function readWalkMarks(tree: TreeIndex): WalkMarks {
	const racy: number[] = [];
	const gitTops: Array<{ path: string; dir: boolean }> = [];
	const b = tree.bytes;
	for (let i = 0; i < tree.count; i++) {
		const start = tree.starts[i]!;
		const end = b.indexOf(0, start);
		if (b[end + 1] === F_UPPER) {
			b[end + 1] = F_LOWER;
			racy.push(i);
		}
		// `.git` or `…/.git` as the path, byte by byte (cheaper than a compare call per record).
		const length = end - start;
		if (length >= 4 && b[end - 1] === 0x74 && b[end - 2] === 0x69 && b[end - 3] === 0x67 && b[end - 4] === 0x2e) {
			const dir = b[end + 1] === 0x64;
			if (length === 4) gitTops.push({ path: "", dir });
			else if (length > 5 && b[end - 5] === 0x2f) gitTops.push({ path: decodeName(b, start, end - 5), dir });
		}
	}
	return { racy, gitTops };
}

/** A tree from [path, text] pairs in snapshot form (the JSON file form; tests). */
export function treeFromPairs(pairs: ReadonlyArray<readonly [string, string]>): Buffer {
	const writer = new TreeWriter();
	for (const [path, text] of pairs) writer.add(nameBytes(path), nameBytes(text));
	return writer.bytes();
}

/** The [path, text] pairs of a tree in snapshot form, in walk order. */
export function pairsOfTree(bytes: Buffer): Array<[string, string]> {
	const tree = indexTree(bytes);
	if (tree === null) throw new Error("a snapshot tree must end on a record boundary");
	const pairs: Array<[string, string]> = [];
	for (let i = 0; i < tree.count; i++) pairs.push([pathName(tree, i), entryTextAt(tree, i)]);
	return pairs;
}

/**
 * `tree` with the records of `sub` (another walk's tree) added under `prefix`, the sub-walk's own
 * root record left out (its entry is already in `tree`).
 */
export function withSubtree(tree: Buffer, prefix: string, sub: Buffer): Buffer {
	const index = indexTree(sub);
	if (index === null || index.count <= 1) return tree;
	const writer = new TreeWriter();
	const head = Buffer.concat([nameBytes(prefix), Buffer.from("/")]);
	for (let i = 1; i < index.count; i++) {
		const end = pathEnd(index, i);
		writer.add(
			Buffer.concat([head, sub.subarray(index.starts[i]!, end)]),
			sub.subarray(end + 1, index.starts[i + 1]! - 1),
		);
	}
	return Buffer.concat([tree, writer.bytes()]);
}
