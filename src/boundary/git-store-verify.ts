/**
 * Telling git's own touch from damage. Git "freshens" an object it is asked to write again and
 * already has: it sets the mtime of the object's file (a loose object, or the pack holding it) to
 * now, and a commit does so routinely. By metadata that is exactly a file rewritten in place with
 * the same size. So the snapshot taken for comparison reads each object file whose times alone
 * moved and checks it against the checksum it carries — a loose object's name is the hash of its
 * inflated content, a pack ends with the hash of everything before it — and marks the ones that
 * check out as intact (diff-store.ts then passes them). Only such files are read: on a run that
 * wrote no object, none; a pack larger than MAX_PACK_BYTES is not read and stays reported.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { inflateSync } from "node:zlib";
import { INTACT_MARK } from "./diff-store.ts";
import { parseEntry } from "./entry.ts";

const LOOSE = /^(?:objects|alternates\/\d+)\/([0-9a-f]{2})\/([0-9a-f]{38}|[0-9a-f]{62})$/;
const PACK = /^(?:objects|alternates\/\d+)\/pack\/pack-([0-9a-f]{40}|[0-9a-f]{64})\.pack$/;
const MAX_LOOSE_BYTES = 64 << 20;
/** Larger content than this inflated from a loose object is not checked (a zlib bomb must not cost memory). */
const MAX_INFLATED_BYTES = 512 << 20;
const MAX_PACK_BYTES = 1 << 30;
/** Files checked at once. */
const AT_ONCE = 4;

/** Opened without following a symlink or blocking on a FIFO; null unless a regular file of at most `max` bytes. */
async function openFile(path: string, max: number): Promise<{ handle: FileHandle; size: number } | null> {
	let handle: FileHandle | undefined;
	try {
		handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
		const stats = await handle.stat();
		if (stats.isFile() && stats.size <= max) return { handle, size: stats.size };
	} catch {
		// Unreadable: not proven intact.
	}
	await handle?.close();
	return null;
}

async function looseIntact(path: string, id: string): Promise<boolean> {
	const file = await openFile(path, MAX_LOOSE_BYTES);
	if (file === null) return false;
	try {
		const content = inflateSync(await file.handle.readFile(), { maxOutputLength: MAX_INFLATED_BYTES });
		return (
			createHash(id.length === 40 ? "sha1" : "sha256")
				.update(content)
				.digest("hex") === id
		);
	} catch {
		return false;
	} finally {
		await file.handle.close();
	}
}

/** A pack whose last hash-length bytes are the hash of everything before them. */
async function packIntact(path: string, name: string): Promise<boolean> {
	const file = await openFile(path, MAX_PACK_BYTES);
	if (file === null) return false;
	const length = name.length / 2;
	try {
		if (file.size < length) return false;
		const hash = createHash(length === 20 ? "sha1" : "sha256");
		const buffer = Buffer.allocUnsafe(1 << 20);
		const body = file.size - length;
		for (let at = 0; at < body; ) {
			const { bytesRead } = await file.handle.read(buffer, 0, Math.min(buffer.length, body - at), at);
			if (bytesRead === 0) return false;
			hash.update(buffer.subarray(0, bytesRead));
			at += bytesRead;
		}
		const trailer = Buffer.alloc(length);
		const { bytesRead } = await file.handle.read(trailer, 0, length, body);
		return bytesRead === length && hash.digest().equals(trailer);
	} catch {
		return false;
	} finally {
		await file.handle.close();
	}
}

/** Only the times moved: the same file (inode), size, mode and owner. */
function onlyTouched(before: string, after: string): boolean {
	const [b, a] = [parseEntry(before), parseEntry(after)];
	return (
		b.type === "file" &&
		a.type === "file" &&
		b.ino !== undefined &&
		b.ino === a.ino &&
		b.size === a.size &&
		b.mode === a.mode &&
		b.uid === a.uid &&
		b.gid === a.gid
	);
}

function intact(key: string, path: string): Promise<boolean> {
	const loose = LOOSE.exec(key);
	if (loose) return looseIntact(path, `${loose[1]}${loose[2]}`);
	const pack = PACK.exec(key);
	return pack ? packIntact(path, pack[1]!) : Promise.resolve(false);
}

/**
 * Marks intact (INTACT_MARK appended to its entry text) each object file of `listing` whose times
 * alone moved since `previous` and whose content checks out. `pathOf` gives a key's file.
 */
export async function markIntact(
	listing: Record<string, string>,
	previous: Readonly<Record<string, string>>,
	pathOf: (key: string) => string | undefined,
): Promise<void> {
	const touched = Object.keys(listing).filter((key) => {
		const was = Object.hasOwn(previous, key) ? previous[key] : undefined;
		return (
			was !== undefined &&
			was !== listing[key] &&
			(LOOSE.test(key) || PACK.test(key)) &&
			onlyTouched(was, listing[key]!)
		);
	});
	let next = 0;
	const worker = async () => {
		while (next < touched.length) {
			const key = touched[next++]!;
			const path = pathOf(key);
			if (path !== undefined && (await intact(key, path))) listing[key] = `${listing[key]}${INTACT_MARK}`;
		}
	};
	await Promise.all(Array.from({ length: Math.min(AT_ONCE, touched.length) }, worker));
}
