/**
 * The portable walk: readdir + lstat from Node, for systems whose find lacks -printf and for trees
 * where find reported an error. It records exactly which directory could not be read and why, and
 * it never follows a symlink.
 */
import { type BigIntStats, lstatSync, readdirSync, readlinkSync } from "node:fs";
import { decodeName } from "./names.ts";
import type { WalkResult } from "./types.ts";

/** Entries handled between two yields to the event loop (a few milliseconds of work). */
const SLICE = 2000;

function letter(stats: BigIntStats): string {
	if (stats.isFile()) return "f";
	if (stats.isDirectory()) return "d";
	if (stats.isSymbolicLink()) return "l";
	if (stats.isFIFO()) return "p";
	if (stats.isSocket()) return "s";
	if (stats.isBlockDevice()) return "b";
	if (stats.isCharacterDevice()) return "c";
	return "?";
}

/** `seconds.` plus ten digits, the text find prints for a timestamp. */
export function timeText(ns: bigint): string {
	const sign = ns < 0n ? "-" : "";
	const abs = ns < 0n ? -ns : ns;
	return `${sign}${abs / 1_000_000_000n}.${(abs % 1_000_000_000n).toString().padStart(9, "0")}0`;
}

function errorCode(error: unknown): string {
	return (error as NodeJS.ErrnoException).code ?? String(error);
}

/** The entry text of entry.ts for one lstat result (`abs` is read only for a symlink's target). */
export function entryText(abs: Buffer, stats: BigIntStats): string {
	const type = letter(stats);
	const mode = (stats.mode & 0o7777n).toString(8);
	if (type === "f") return `f ${mode} ${stats.size} ${timeText(stats.mtimeNs)} ${timeText(stats.ctimeNs)}`;
	if (type === "l") return `l ${decodeName(readlinkSync(abs, { encoding: "buffer" }))}`;
	return `${type} ${mode}`;
}

/** A cutoff in milliseconds as nanoseconds, the unit of bigint stats. */
export function nanoseconds(ms: number): bigint {
	return BigInt(Math.floor(ms)) * 1_000_000n;
}

/** A regular file written or changed after the cutoff, as find's -newermt/-newerct would say. */
export function isRacy(stats: BigIntStats, cutoffNs: bigint): boolean {
	return stats.isFile() && (stats.mtimeNs > cutoffNs || stats.ctimeNs > cutoffNs);
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Walks `dir` (an absolute, real path). `.git` entries are recorded but never entered. Files whose
 * mtime or ctime is after `cutoffMs` are listed as racy, as find's -newermt/-newerct would.
 *
 * Synchronous calls in slices: measured on 110,000 entries, sync lstat runs several times faster
 * than the promise API (which pays a thread-pool round trip per entry), and yielding between slices
 * keeps the process responsive.
 */
export async function walkWithNode(dir: string, cutoffMs: number): Promise<WalkResult> {
	const entries: Array<[string, string]> = [];
	const racy: number[] = [];
	const unreadable: Record<string, string> = Object.create(null);
	const cutoffNs = nanoseconds(cutoffMs);
	const stack: Array<{ abs: Buffer; rel: string }> = [{ abs: Buffer.from(dir), rel: "" }];
	const slash = Buffer.from("/");
	let sinceYield = 0;
	while (stack.length > 0) {
		const { abs, rel } = stack.pop()!;
		let names: Buffer[];
		try {
			names = readdirSync(abs, { encoding: "buffer" });
		} catch (error) {
			if (errorCode(error) !== "ENOENT") unreadable[rel] = errorCode(error);
			continue;
		}
		for (const name of names) {
			const childAbs = Buffer.concat([abs, slash, name]);
			const decoded = decodeName(name);
			const childRel = rel === "" ? decoded : `${rel}/${decoded}`;
			try {
				const stats = lstatSync(childAbs, { bigint: true });
				if (isRacy(stats, cutoffNs)) racy.push(entries.length);
				entries.push([childRel, entryText(childAbs, stats)]);
				if (stats.isDirectory() && decoded !== ".git") stack.push({ abs: childAbs, rel: childRel });
			} catch (error) {
				// Deleted between readdir and lstat: it is simply not there.
				if (errorCode(error) !== "ENOENT") unreadable[childRel] = errorCode(error);
			}
			if (++sinceYield >= SLICE) {
				sinceYield = 0;
				await yieldToEventLoop();
			}
		}
	}
	return { entries, racy, unreadable };
}
