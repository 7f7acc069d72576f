/**
 * The fast walk: GNU `find -printf` lists every entry under a root already in the text form of
 * entry.ts, NUL-separated so names with spaces, newlines or any other byte come through intact.
 * find also marks the files touched after the racy cutoff (`F` instead of `f`), so the only
 * per-entry work left in JavaScript is splitting the stream — which runs while find is still
 * walking. Measured in bench/boundary.bench.ts against the Node walk and against git status.
 */
import { readdirSync } from "node:fs";
import { ExecNotFound, exec } from "./exec.ts";
import { decodeName } from "./names.ts";

/** What a walk found under one root. */
export interface WalkResult {
	/** [relative path, entry text] pairs in walk order. */
	entries: Array<[string, string]>;
	/** Indices into `entries` of files touched after the racy cutoff: they need a content hash. */
	racy: number[];
	/** Paths the walk could not look into → why. */
	unreadable: Record<string, string>;
}

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
	readonly entries: Array<[string, string]> = [];
	readonly racy: number[] = [];
	private leftover: Buffer = Buffer.alloc(0);
	private path: string | null = null;

	push(chunk: Buffer): void {
		const bytes = this.leftover.length === 0 ? chunk : Buffer.concat([this.leftover, chunk]);
		const last = bytes.lastIndexOf(0);
		if (last === -1) {
			this.leftover = bytes;
			return;
		}
		// A NUL byte is never part of a multi-byte UTF-8 sequence, so cutting there is safe.
		const text = bytes.toString("utf8", 0, last);
		if (!text.includes("\uFFFD")) {
			for (const field of text.split("\u0000")) this.field(field);
		} else {
			let start = 0;
			while (start <= last) {
				const nul = bytes.indexOf(0, start);
				this.field(decodeName(bytes, start, nul));
				start = nul + 1;
			}
		}
		this.leftover = Buffer.from(bytes.subarray(last + 1));
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

/**
 * The directories two levels down (`node_modules/<package>`, `src/<module>`), read by type from the
 * directory entries without a stat. They are where the bulk of a tree lives and many enough to
 * share out between processes.
 */
function secondLevelDirs(dir: string): Buffer[] {
	const starts: Buffer[] = [];
	const slash = Buffer.from("/");
	const dirsIn = (path: Buffer | string) =>
		readdirSync(path, { withFileTypes: true, encoding: "buffer" })
			.filter((entry) => entry.isDirectory() && !entry.name.equals(GIT))
			.map((entry) => entry.name);
	try {
		for (const first of dirsIn(dir)) {
			for (const second of dirsIn(Buffer.concat([Buffer.from(`${dir}/`), first])))
				starts.push(Buffer.concat([first, slash, second]));
		}
	} catch {
		return [];
	}
	return starts;
}

/** A stable share for a directory: a new sibling must not move the others to another process. */
function share(name: Buffer, processes: number): number {
	let hash = 0x811c9dc5;
	for (const byte of name) hash = Math.imul(hash ^ byte, 0x01000193);
	return (hash >>> 0) % processes;
}

/**
 * True when every second-level directory the top find listed was handed to a subtree find: one
 * created between the two steps would otherwise go unwalked, so the split is then redone as one walk.
 */
function covered(top: FindOutputParser, starts: readonly Buffer[]): boolean {
	const handed = new Set(starts.map((start) => decodeName(start)));
	return top.entries.every(
		([path, text]) => text[0] !== "d" || !path.includes("/") || path.endsWith("/.git") || handed.has(path),
	);
}

/** Joins the parsers' results in process order, which is stable between two unchanged walks. */
function join(parsers: FindOutputParser[]): WalkResult {
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
 * threaded, so with `processes` > 1 the tree is split: one find lists the top two levels, and the
 * subtrees below them are shared out between the others. Falls back to one find when the split
 * cannot run (findutils older than 4.9 lacks -files0-from). Returns null when find is missing, lacks
 * -printf (BSD/macOS), or reported any error (an unreadable directory, a race with a deletion): the
 * Node walk then takes over and records each such problem precisely.
 */
export async function walkWithFind(dir: string, cutoffMs: number, processes: number): Promise<WalkResult | null> {
	const cutoff = cutoffMs / 1000;
	const starts = processes > 1 ? secondLevelDirs(dir) : [];
	if (starts.length > 0) {
		const groups: Buffer[][] = Array.from({ length: processes }, () => []);
		for (const start of starts) groups[share(start, processes)]!.push(start, Buffer.alloc(1));
		const deep = ["-files0-from", "-", "-mindepth", "1", ...expression(cutoff, "%p")];
		const parsers = await Promise.all([
			runFind(dir, [".", "-mindepth", "1", "-maxdepth", "2", ...expression(cutoff, "%P")]),
			...groups.filter((group) => group.length > 0).map((group) => runFind(dir, deep, Buffer.concat(group))),
		]);
		if (parsers.every((parser) => parser !== null) && covered(parsers[0]!, starts)) return join(parsers);
	}
	const single = await runFind(dir, [".", "-mindepth", "1", ...expression(cutoff, "%P")]);
	return single === null ? null : join([single]);
}
