/**
 * Writing snapshots to files and reading them back (pure: data in, bytes out, bytes in, snapshot
 * or problems out). The executor writes a run's pair with encodeSnapshots and the CLI reads any of
 * the forms in formats.ts with decodeSnapshot, including the JSON that earlier versions wrote.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { Problem } from "../problems.ts";
import type { CompactHeader } from "./formats.ts";
import { checked, parseSnapshot, validTree } from "./load.ts";
import type { RootSnapshot, Snapshot } from "./types.ts";
import { COMPACT_FORMAT, GZIP_MAGIC, SNAPSHOT_VERSION } from "./version.ts";

/** The audit record's names for a run's two snapshots. */
export const BEFORE_FILE = "boundary-before.snapshot.gz";
export const AFTER_FILE = "boundary-after.snapshot.gz";

/** One file to write: its name (in the audit directory) and its bytes. */
export interface SnapshotFile {
	name: string;
	bytes: Buffer;
}

/** Compression level: 5 of 9 gets within a few percent of the best size at half the time. */
const LEVEL = 5;

/**
 * The compact form: a gzip member for the header line, then one per root's tree (compressed
 * separately, so no tree is copied into one big buffer first; gunzip reads the members as one).
 */
export function encodeSnapshot(snapshot: Snapshot): Buffer {
	const header: CompactHeader = {
		format: COMPACT_FORMAT,
		version: SNAPSHOT_VERSION,
		takenAt: snapshot.takenAt,
		roots: snapshot.roots.map(({ tree, ...rest }) => ({ ...rest, treeBytes: tree.length })),
	};
	const members = [gzipSync(`${JSON.stringify(header)}\n`, { level: LEVEL })];
	for (const root of snapshot.roots) if (root.tree.length > 0) members.push(gzipSync(root.tree, { level: LEVEL }));
	return Buffer.concat(members);
}

/**
 * The files of a run's boundary record. Each is complete on its own, so the before file can be
 * written as soon as it is taken (a crash mid-run still leaves it) and `boundary diff` reads
 * either: `pi-delegate boundary diff boundary-before.snapshot.gz --after boundary-after.snapshot.gz`.
 */
export function encodeSnapshots(before: Snapshot, after: Snapshot): SnapshotFile[] {
	return [
		{ name: BEFORE_FILE, bytes: encodeSnapshot(before) },
		{ name: AFTER_FILE, bytes: encodeSnapshot(after) },
	];
}

const NOT_A_SNAPSHOT = "pass a file written by `pi-delegate boundary snapshot` or a run's boundary-*.snapshot.gz";

function problem(source: string, message: string, value: unknown = undefined): { problems: Problem[] } {
	return { problems: [{ source, path: [], code: "invalid_syntax", value, message, fix: NOT_A_SNAPSHOT }] };
}

function decodeCompact(bytes: Buffer, source: string): { snapshot: Snapshot } | { problems: Problem[] } {
	let plain: Buffer;
	try {
		plain = gunzipSync(bytes);
	} catch (error) {
		return problem(source, `is a damaged or cut-off gzip file (${(error as Error).message})`);
	}
	const newline = plain.indexOf(0x0a);
	let data: unknown;
	try {
		data = JSON.parse(plain.toString("utf8", 0, newline === -1 ? plain.length : newline));
	} catch {
		return problem(source, "is gzip-compressed but is not a pi-delegate snapshot (no header)");
	}
	if ((data as { format?: unknown } | null)?.format !== COMPACT_FORMAT)
		return problem(source, "is gzip-compressed but is not a pi-delegate snapshot");
	const header = checked<CompactHeader>("compactHeader", data, source);
	if ("problems" in header) return header;
	let at = newline + 1;
	const roots: RootSnapshot[] = [];
	for (const [i, { treeBytes, ...rest }] of header.value.roots.entries()) {
		const tree = plain.subarray(at, at + treeBytes);
		at += treeBytes;
		if (tree.length !== treeBytes || !validTree(tree))
			return problem(`${source}: roots[${i}]`, "has a damaged or cut-off tree");
		roots.push({ ...rest, tree });
	}
	if (at !== plain.length) return problem(source, "has bytes past its last tree");
	return { snapshot: { version: SNAPSHOT_VERSION, takenAt: header.value.takenAt, roots } };
}

/**
 * Reads a snapshot file's bytes: the compact form, or JSON of this version, version 2 or version
 * 1. `source` names the file in problems.
 */
export function decodeSnapshot(bytes: Buffer, source: string): { snapshot: Snapshot } | { problems: Problem[] } {
	if (bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1])
		return decodeCompact(bytes, source);
	if (bytes.length === 0) return problem(source, "is empty");
	return parseSnapshot(bytes.toString("utf8"), source);
}

/** Reads a run's pair back; every problem of both files at once. */
export function decodeSnapshots(files: {
	before: Buffer;
	after: Buffer;
}): { before: Snapshot; after: Snapshot } | { problems: Problem[] } {
	const before = decodeSnapshot(files.before, BEFORE_FILE);
	const after = decodeSnapshot(files.after, AFTER_FILE);
	if ("snapshot" in before && "snapshot" in after) return { before: before.snapshot, after: after.snapshot };
	return {
		problems: [...("problems" in before ? before.problems : []), ...("problems" in after ? after.problems : [])],
	};
}
