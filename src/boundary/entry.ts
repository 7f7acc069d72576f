/**
 * The text form of a working-tree entry. A snapshot keeps each entry as this short text (see
 * tree.ts), so two snapshots are compared byte for byte first and an entry is parsed only when its
 * text differs. The form is what GNU find prints for it (see walk-find.ts); the Node walk writes the
 * same text. A content hash is kept beside the tree (RootSnapshot.hashes); only version 1 files
 * wrote it into the text, as ` sha256:<hex>`, and those are still read.
 *
 *   f <mode> <size> <mtime> <ctime> <inode> <uid> <gid>   regular file
 *   d <mode> <uid> <gid> <mtime> <ctime> <inode>           directory
 *   l <target>                                              symlink
 *   p|s|b|c|? <mode> <uid> <gid>                            fifo, socket, block, char device, other
 *
 * Files of version 2 lack the owner (`f <mode> <size> <mtime> <ctime> <inode>`, `d <mode>`,
 * `p <mode>`), older ones the inode too (`f <mode> <size> <mtime> <ctime>[ sha256:<hex>]`); what an
 * entry lacks is left undefined and never compared.
 */
import type { Entry, EntryType } from "./types.ts";

const LETTER_TYPES: Record<string, EntryType> = {
	f: "file",
	d: "dir",
	l: "symlink",
	p: "fifo",
	s: "socket",
	b: "block",
	c: "char",
};
const TYPE_LETTERS: Record<EntryType, string> = {
	file: "f",
	dir: "d",
	symlink: "l",
	fifo: "p",
	socket: "s",
	block: "b",
	char: "c",
	other: "?",
};

const HASH_PREFIX = " sha256:";

/** `seconds.` plus any number of fraction digits → `seconds.` plus exactly nine (nanoseconds). */
export function normaliseTime(text: string): string {
	const dot = text.indexOf(".");
	if (dot === -1) return `${text}.000000000`;
	return `${text.slice(0, dot)}.${text.slice(dot + 1, dot + 10).padEnd(9, "0")}`;
}

/** Nine-digit `seconds.nanoseconds` → the ten-digit text find prints. */
export function findTime(time: string): string {
	return `${time}0`;
}

const DIGITS = /^[0-9]+$/;

/** `uid gid` from two fields, when both are there (entries of version 3). */
function owner(entry: Entry, uid: string | undefined, gid: string | undefined): void {
	if (uid === undefined || gid === undefined || !DIGITS.test(uid) || !DIGITS.test(gid)) return;
	entry.uid = Number(uid);
	entry.gid = Number(gid);
}

export function parseEntry(text: string): Entry {
	const letter = text[0] ?? "?";
	const type = LETTER_TYPES[letter] ?? "other";
	if (type === "symlink") return { type, target: text.slice(2) };
	const fields = text.slice(2).split(" ");
	const entry: Entry = { type, mode: Number.parseInt(fields[0] ?? "0", 8) };
	if (type === "file") {
		entry.size = Number(fields[1]);
		entry.mtime = normaliseTime(fields[2] ?? "0");
		entry.ctime = normaliseTime(fields[3] ?? "0");
		const numbers: string[] = [];
		for (const field of fields.slice(4)) {
			if (field.startsWith("sha256:")) entry.hash = field.slice(7);
			else if (DIGITS.test(field)) numbers.push(field);
		}
		if (numbers[0] !== undefined) entry.ino = numbers[0];
		owner(entry, numbers[1], numbers[2]);
	} else if (type === "dir" && fields.length >= 6) {
		owner(entry, fields[1], fields[2]);
		entry.mtime = normaliseTime(fields[3] ?? "0");
		entry.ctime = normaliseTime(fields[4] ?? "0");
		entry.ino = fields[5];
	} else owner(entry, fields[1], fields[2]);
	return entry;
}

const timeOf = (time: string | undefined) => findTime(time ?? "0.000000000");

export function formatEntry(entry: Entry): string {
	const letter = TYPE_LETTERS[entry.type];
	if (entry.type === "symlink") return `l ${entry.target ?? ""}`;
	const mode = (entry.mode ?? 0).toString(8);
	const owned = entry.uid === undefined ? "" : ` ${entry.uid} ${entry.gid ?? 0}`;
	if (entry.type === "dir" && entry.ino !== undefined)
		return `d ${mode}${owned} ${timeOf(entry.mtime)} ${timeOf(entry.ctime)} ${entry.ino}`;
	if (entry.type !== "file") return `${letter} ${mode}${owned}`;
	const times = `${timeOf(entry.mtime)} ${timeOf(entry.ctime)}`;
	const base = `f ${mode} ${entry.size ?? 0} ${times}${entry.ino === undefined ? "" : ` ${entry.ino}`}${owned}`;
	return entry.hash === undefined ? base : `${base}${HASH_PREFIX}${entry.hash}`;
}

/**
 * True for a file entry that carries a content hash (only version 1 wrote one into the text).
 * Cheap, as it runs on every entry: a hash makes an entry over 100 characters, which most entries
 * without one are not, so the length spares the search for most entries.
 */
export function hasHash(text: string): boolean {
	return text.charCodeAt(0) === 0x66 && text.length > 100 && text.includes(HASH_PREFIX);
}

/** The entry text with a content hash added (replacing any it had). */
export function withHash(text: string, hash: string): string {
	const at = text.indexOf(HASH_PREFIX);
	return `${at === -1 ? text : text.slice(0, at)}${HASH_PREFIX}${hash}`;
}
