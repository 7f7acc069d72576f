/**
 * The fast walk: GNU `find -printf` lists every entry under a root already in the text form of
 * entry.ts, NUL-separated so names with spaces, newlines or any other byte come through intact.
 * find also marks the files touched after the racy cutoff (`F` instead of `f`), so the only
 * per-entry work left in JavaScript is splitting the stream — which runs while find is still
 * walking. Measured in bench/boundary.bench.ts against the Node walk and against git status.
 */
import { lstatSync, readdirSync } from "node:fs";
import { ExecNotFound, exec } from "./exec.ts";
import { decodeName } from "./names.ts";
import type { WalkResult } from "./types.ts";
import { entryText, isRacy, nanoseconds } from "./walk-node.ts";

/** What a walk found under one root. */
const FILE = "f %m %s %T@ %C@\\0";

/**
 * The find expression after the starting points. `.git` is listed (by the type branches) but never
 * entered. `path` is %P (relative to a "." start) or %p (the path as given, for named starts).
 */
function expression(cutoffSeconds: number, path: "%P" | "%p"): string[] {
	const cutoff = `@${cutoffSeconds.toFixed(3)}`;
	const branch = (test: string[], format: string) => ["(", ...test, "-printf", `${path}\\0${format}`, ")"];
	return [
		...["(", "-name", ".git", "-prune", "-false", ")", "-o"],
		...branch(["-type", "f", "(", "-newermt", cutoff, "-o", "-newerct", cutoff, ")"], `F${FILE.slice(1)}`),
		"-o",
		...branch(["-type", "f"], FILE),
		"-o",
		...branch(["-type", "d"], "d %m\\0"),
		"-o",
		...branch(["-type", "l"], "l %l\\0"),
		"-o",
		...branch([], "%y %m\\0"),
	];
}

/** Splits find's output into entries as it arrives. Records are two NUL-terminated fields. */
export class FindOutputParser {
	entries: Array<[string, string]> = [];
	racy: number[] = [];
	private leftover: Buffer = Buffer.alloc(0);
	private path: string | null = null;

	push(chunk: Buffer): void {
		let from = 0;
		if (this.leftover.length > 0) {
			// Finish the field cut by the previous chunk; only that short piece is copied.
			const nul = chunk.indexOf(0);
			if (nul === -1) {
				this.leftover = Buffer.concat([this.leftover, chunk]);
				return;
			}
			const piece = Buffer.concat([this.leftover, chunk.subarray(0, nul)]);
			this.field(decodeName(piece));
			this.leftover = Buffer.alloc(0);
			from = nul + 1;
		}
		const last = chunk.lastIndexOf(0);
		if (last >= from) this.fields(chunk, from, last);
		if (last + 1 < chunk.length) this.leftover = Buffer.from(chunk.subarray(Math.max(from, last + 1)));
	}

	/** Handles the NUL-terminated fields in `bytes[from, last]` (`last` is a NUL). */
	private fields(bytes: Buffer, from: number, last: number): void {
		// A NUL byte is never part of a multi-byte UTF-8 sequence, so cutting there is safe.
		const text = bytes.toString("utf8", from, last);
		if (!text.includes("\uFFFD")) {
			for (const field of text.split("\u0000")) this.field(field);
			return;
		}
		let start = from;
		while (start <= last) {
			const nul = bytes.indexOf(0, start);
			this.field(decodeName(bytes, start, nul));
			start = nul + 1;
		}
	}

	/** True when the output ended on a record boundary. */
	complete(): boolean {
		return this.leftover.length === 0 && this.path === null;
	}

	private field(text: string): void {
		if (this.path === null) {
			this.path = text;
			return;
		}
		if (text.charCodeAt(0) === 0x46) {
			this.racy.push(this.entries.length);
			this.entries.push([this.path, `f${text.slice(1)}`]);
		} else {
			this.entries.push([this.path, text]);
		}
		this.path = null;
	}
}

/** Runs one find and parses its output as it streams; null when find failed or is unusable. */
async function runFind(dir: string, args: string[], input?: Buffer): Promise<FindOutputParser | null> {
	const parser = new FindOutputParser();
	const options = { onStdout: (chunk: Buffer) => parser.push(chunk), ...(input ? { input } : {}) };
	let result: Awaited<ReturnType<typeof exec>>;
	try {
		result = await exec("find", args, dir, options);
	} catch (error) {
		if (error instanceof ExecNotFound) return null;
		throw error;
	}
	return result.code === 0 && result.stderr === "" && parser.complete() ? parser : null;
}

const GIT = Buffer.from(".git");

/** The top two levels of a tree, listed from Node, and the directories below them to hand out. */
interface TopLevels {
	parser: FindOutputParser;
	starts: Buffer[];
}

/**
 * Lists the first two levels from Node (a few hundred lstat calls at most) and collects the
 * second-level directories (`node_modules/<package>`, `src/<module>`): the bulk of a tree lies below
 * them, and they are many enough to share out between find processes. Null on any error: one find
 * then walks the whole tree and reports it properly.
 */
function topLevels(dir: string, cutoffMs: number): TopLevels | null {
	const top = new FindOutputParser();
	const starts: Buffer[] = [];
	const cutoffNs = nanoseconds(cutoffMs);
	const slash = Buffer.from("/");
	const list = (rel: Buffer | null, depth: number) => {
		const abs = rel === null ? Buffer.from(dir) : Buffer.concat([Buffer.from(`${dir}/`), rel]);
		for (const name of readdirSync(abs, { encoding: "buffer" })) {
			const childRel = rel === null ? name : Buffer.concat([rel, slash, name]);
			const childAbs = Buffer.concat([abs, slash, name]);
			const stats = lstatSync(childAbs, { bigint: true });
			if (isRacy(stats, cutoffNs)) top.racy.push(top.entries.length);
			top.entries.push([decodeName(childRel), entryText(childAbs, stats)]);
			if (!stats.isDirectory() || name.equals(GIT)) continue;
			if (depth === 1) list(childRel, 2);
			else starts.push(childRel);
		}
	};
	try {
		list(null, 1);
	} catch {
		return null;
	}
	return { parser: top, starts };
}

/** A stable share for a directory: a new sibling must not move the others to another process. */
function share(name: Buffer, processes: number): number {
	let hash = 0x811c9dc5;
	for (const byte of name) hash = Math.imul(hash ^ byte, 0x01000193);
	return (hash >>> 0) % processes;
}

/** Joins the parsers' results in process order, which is stable between two unchanged walks. */
function join(parsers: FindOutputParser[]): WalkResult {
	if (parsers.length === 1) return { entries: parsers[0]!.entries, racy: parsers[0]!.racy, unreadable: {} };
	const entries: Array<[string, string]> = [];
	const racy: number[] = [];
	for (const parser of parsers) {
		for (const index of parser.racy) racy.push(entries.length + index);
		for (const entry of parser.entries) entries.push(entry);
	}
	return { entries, racy, unreadable: {} };
}

/**
 * Walks `dir` with find. Stat-ing every entry is the whole cost of a walk and find is single
 * threaded, so with `processes` > 1 the tree is split: Node lists the top two levels, and the
 * subtrees below them are shared out between find processes. Falls back to one find when the split
 * cannot run (findutils older than 4.9 lacks -files0-from). Returns null when find is missing, lacks
 * -printf (BSD/macOS), or reported any error (an unreadable directory, a race with a deletion): the
 * Node walk then takes over and records each such problem precisely.
 */
export async function walkWithFind(dir: string, cutoffMs: number, processes: number): Promise<WalkResult | null> {
	const cutoff = cutoffMs / 1000;
	const top = processes > 1 ? topLevels(dir, cutoffMs) : null;
	if (top !== null && top.starts.length > 0) {
		const groups: Buffer[][] = Array.from({ length: processes }, () => []);
		for (const start of top.starts) groups[share(start, processes)]!.push(start, Buffer.alloc(1));
		const deep = ["-files0-from", "-", "-mindepth", "1", ...expression(cutoff, "%p")];
		const parsers = await Promise.all(
			groups.filter((group) => group.length > 0).map((group) => runFind(dir, deep, Buffer.concat(group))),
		);
		if (parsers.every((parser) => parser !== null)) return join([top.parser, ...parsers]);
	}
	const single = await runFind(dir, [".", "-mindepth", "1", ...expression(cutoff, "%P")]);
	return single === null ? null : join([single]);
}
