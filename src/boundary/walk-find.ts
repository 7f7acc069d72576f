/**
 * The fast walk: GNU `find -printf` lists every entry already in the record form of tree.ts, so
 * the only work left in JavaScript is keeping the bytes. find also marks the files touched after
 * the racy cutoff (`F` instead of `f`). Three shapes, measured in bench/boundary.bench.ts:
 *
 * - one root, one process: `find . -printf …` in the root;
 * - one large root, split: Node lists the top two levels and the subtrees below them are shared
 *   out between processes (find is single threaded and stat-ing every entry is the whole cost);
 * - many roots, batched: each process walks a share of the roots as start points of one find, so
 *   1,000 small roots cost a few processes instead of 1,000.
 *
 * Any error (find missing or without -printf, an unreadable directory, a race with a deletion, a
 * non-zero exit, output cut off) returns null for the roots concerned: the caller then walks them
 * again one by one, and with the Node walk where find fails, which records each problem precisely.
 */
import { randomUUID } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, rmSync } from "node:fs";
import { join } from "node:path";
import { OrderedOutput } from "./collect.ts";
import { type Exec, ExecNotFound } from "./exec.ts";
import { decodeName } from "./names.ts";
import { indexTree } from "./tree.ts";
import { entryText, nanoseconds, nodeFs, type WalkFs, type WalkResult } from "./walk-node.ts";

const FILE = "f %m %s %T@ %C@ %i %U %G\\0";

/** A find -path pattern matching exactly `path` (glob characters escaped). */
function literal(path: string): string {
	return path.replace(/[\\*?[]/g, "\\$&");
}

/**
 * The find expression after the starting points. `.git` is listed (by the type branches) but never
 * entered; excluded paths are neither listed nor entered. `path` is %P (relative to the start
 * point) or %p (the path as given, for relative start points below the root).
 */
function expression(cutoffSeconds: number, path: "%P" | "%p", excluded: readonly string[]): string[] {
	const cutoff = `@${cutoffSeconds.toFixed(3)}`;
	const branch = (test: string[], format: string) => ["(", ...test, "-printf", `${path}\\0${format}`, ")"];
	const skip = excluded.flatMap((p, i) => [...(i > 0 ? ["-o"] : []), "-path", literal(p)]);
	return [
		...["(", "-name", ".git", "-prune", "-false", ")", "-o"],
		// True after -prune, so the branches that print are never reached: excluded paths are not listed.
		...(skip.length > 0 ? ["(", ...skip, ")", "-prune", "-o"] : []),
		...branch(["-type", "f", "(", "-newermt", cutoff, "-o", "-newerct", cutoff, ")"], `F${FILE.slice(1)}`),
		"-o",
		...branch(["-type", "f"], FILE),
		"-o",
		...branch(["-type", "d"], "d %m %U %G %T@ %C@ %i\\0"),
		"-o",
		...branch(["-type", "l"], "l %l\\0"),
		"-o",
		...branch([], "%y %m %U %G\\0"),
	];
}

/**
 * Runs one find as stream `k` of `output`; false when find failed, complained, or stopped
 * mid-record (its output is then useless).
 */
async function runFind(
	run: FindRun,
	args: string[],
	cwd: string,
	output: OrderedOutput,
	k: number,
	input?: Buffer,
): Promise<boolean> {
	const file = outputFile(run.scratch);
	const stdout = file ? { stdoutTo: file.fd } : { onStdout: output.sink(k) };
	let result: Awaited<ReturnType<Exec>>;
	try {
		result = await run.exec("find", args, cwd, { ...stdout, ...(input ? { input } : {}) });
		if (file && !readInto(file.fd, output.sink(k))) return false;
	} catch (error) {
		if (error instanceof ExecNotFound) return false;
		throw error;
	} finally {
		output.end(k);
		if (file) {
			closeSync(file.fd);
			rmSync(file.path, { force: true });
		}
	}
	return result.code === 0 && result.stderr === "" && output.whole(k);
}

/**
 * Hands the output file to `sink` a few MiB at a time: read whole, a large tree's output would be
 * held twice at once (the file's bytes and the snapshot's buffer they are copied into). False when
 * it cannot be read: the walk then counts as failed, and is made again another way.
 */
function readInto(fd: number, sink: (chunk: Buffer) => void): boolean {
	try {
		const size = fstatSync(fd).size;
		for (let at = 0; at < size; ) {
			const chunk = Buffer.allocUnsafe(Math.min(4 << 20, size - at));
			const n = readSync(fd, chunk, 0, chunk.length, at);
			if (n === 0) return false;
			sink(n === chunk.length ? chunk : chunk.subarray(0, n));
			at += n;
		}
		return true;
	} catch {
		return false;
	}
}

/**
 * A new file in `scratch` for one find's output, or null (output then comes through a pipe):
 * without a scratch directory, or when the file cannot be made (a full disk, a directory gone).
 * Named at random: the walks of several roots share one scratch directory. Opened synchronously,
 * so the find starts at once, before the snapshot's git processes.
 */
function outputFile(scratch: string | undefined): { path: string; fd: number } | null {
	if (scratch === undefined) return null;
	const path = join(scratch, `find-${randomUUID()}`);
	try {
		return { path, fd: openSync(path, "wx+", 0o600) };
	} catch {
		return null;
	}
}

/** How a walk's finds run: the port, and where their output goes (see `FindWalkOptions.scratch`). */
interface FindRun {
	exec: Exec;
	scratch?: string | undefined;
}

/** How a walk looks at the file system and starts programs, and what it leaves out. */
export interface FindWalkOptions {
	exec: Exec;
	fs?: WalkFs;
	/** Paths relative to the root (snapshot form) that are neither listed nor entered. */
	exclude?: readonly string[];
	/** The size of this root's tree in an earlier snapshot: output then goes straight into one buffer. */
	sizeHint?: number;
	/**
	 * A private directory outside every root where each find writes its output, read back when it
	 * exits (exec.ts's `stdoutTo` says why); without it output comes through a pipe.
	 */
	scratch?: string;
}

const GIT = Buffer.from(".git");
const SLASH = Buffer.from("/");

/**
 * Lists the root and its first two levels from Node (a few hundred lstat calls at most) and
 * collects the second-level directories (`node_modules/<package>`, `src/<module>`): the bulk of a
 * tree lies below them, and they are many enough to share out between find processes. Null on any
 * error: one find then walks the whole tree and reports it properly.
 */
function topLevels(dir: string, cutoffMs: number, options: FindWalkOptions): { top: Buffer; starts: Buffer[] } | null {
	const fs = options.fs ?? nodeFs;
	const skip = new Set(options.exclude ?? []);
	const parts: Buffer[] = [];
	const starts: Buffer[] = [];
	const cutoffNs = nanoseconds(cutoffMs);
	const record = (rel: Buffer, text: Buffer | string) =>
		parts.push(rel, Buffer.from([0]), Buffer.from(text), Buffer.from([0]));
	const list = (rel: Buffer, depth: number) => {
		const abs = rel.length === 0 ? Buffer.from(dir) : Buffer.concat([Buffer.from(`${dir}/`), rel]);
		for (const name of fs.readdir(abs)) {
			const childRel = rel.length === 0 ? name : Buffer.concat([rel, SLASH, name]);
			if (skip.size > 0 && skip.has(decodeName(childRel))) continue;
			const childAbs = Buffer.concat([abs, SLASH, name]);
			const stats = fs.lstat(childAbs);
			record(childRel, entryText(childAbs, stats, cutoffNs, fs));
			if (!stats.isDirectory() || name.equals(GIT)) continue;
			if (depth === 1) list(childRel, 2);
			else starts.push(childRel);
		}
	};
	try {
		const root = Buffer.from(dir);
		const stats = fs.lstat(root);
		record(Buffer.alloc(0), entryText(root, stats, cutoffNs, fs));
		list(Buffer.alloc(0), 1);
	} catch {
		return null;
	}
	return { top: Buffer.concat(parts), starts };
}

/** A stable share for a name: a new sibling must not move the others to another process. */
function share(name: Buffer | string, processes: number): number {
	let hash = 0x811c9dc5;
	for (const byte of Buffer.from(name)) hash = Math.imul(hash ^ byte, 0x01000193);
	return (hash >>> 0) % processes;
}

/**
 * Walks one root. With `processes` > 1 the tree is split (see the file comment); when the split
 * cannot run (findutils older than 4.9 lacks -files0-from) one find walks it all.
 */
export async function walkOneWithFind(
	dir: string,
	cutoffMs: number,
	processes: number,
	options: FindWalkOptions,
): Promise<WalkResult | null> {
	const cutoff = cutoffMs / 1000;
	const excluded = options.exclude ?? [];
	const split = processes > 1 ? topLevels(dir, cutoffMs, options) : null;
	if (split !== null && split.starts.length > 0) {
		const groups: Buffer[][] = Array.from({ length: processes }, () => []);
		for (const start of split.starts) groups[share(start, processes)]!.push(start, Buffer.alloc(1));
		const deep = ["-files0-from", "-", "-mindepth", "1", ...expression(cutoff, "%p", excluded)];
		const used = groups.filter((g) => g.length > 0);
		const output = new OrderedOutput(used.length + 1, options.sizeHint);
		output.sink(0)(split.top);
		output.end(0);
		const done = await Promise.all(used.map((g, k) => runFind(options, deep, dir, output, k + 1, Buffer.concat(g))));
		if (done.every(Boolean)) return { tree: output.bytes(), unreadable: {} };
	}
	const output = new OrderedOutput(1, options.sizeHint);
	const args = [
		".",
		...expression(
			cutoff,
			"%P",
			excluded.map((p) => `./${p}`),
		),
	];
	return (await runFind(options, args, dir, output, 0)) ? { tree: output.bytes(), unreadable: {} } : null;
}

/** Splits a batched find's output at the start points' own records (the only ones with an empty path). */
function splitAtRoots(out: Buffer, count: number): Buffer[] | null {
	const tree = indexTree(out);
	if (tree === null) return null;
	const bounds: number[] = [];
	for (let i = 0; i < tree.count; i++) if (out[tree.starts[i]!] === 0) bounds.push(tree.starts[i]!);
	if (bounds.length !== count || (tree.count > 0 && bounds[0] !== 0)) return null;
	bounds.push(out.length);
	return bounds.slice(0, -1).map((start, k) => out.subarray(start, bounds[k + 1]));
}

/** Start points per find process in a batch: enough to matter, few enough for any argument limit. */
const BATCH_ROOTS = 256;

/**
 * Walks many roots with few processes: the roots are dealt out in batches, each batch the start
 * points of one find. A batch with any error yields null for each of its roots.
 */
export async function walkManyWithFind(
	dirs: readonly string[],
	cutoffMs: number,
	processes: number,
	options: { exec: Exec; exclude: ReadonlyArray<readonly string[]>; scratch?: string },
): Promise<Array<WalkResult | null>> {
	const cutoff = cutoffMs / 1000;
	const perBatch = Math.max(1, Math.min(BATCH_ROOTS, Math.ceil(dirs.length / processes)));
	const results: Array<WalkResult | null> = dirs.map(() => null);
	const jobs: Array<Promise<void>> = [];
	for (let first = 0; first < dirs.length; first += perBatch) {
		const batch = dirs.slice(first, first + perBatch);
		const excluded = batch.flatMap((dir, k) =>
			(options.exclude[first + k] ?? []).map((p) => (dir === "/" ? `/${p}` : `${dir}/${p}`)),
		);
		const args = [...batch, ...expression(cutoff, "%P", excluded)];
		const output = new OrderedOutput(1);
		jobs.push(
			runFind(options, args, "/", output, 0).then((ok) => {
				const trees = ok ? splitAtRoots(output.bytes(), batch.length) : null;
				trees?.forEach((tree, k) => {
					results[first + k] = { tree, unreadable: {} };
				});
			}),
		);
	}
	await Promise.all(jobs);
	return results;
}
