/**
 * The object store and the reflogs of a repository, as metadata: what makes a repository whole
 * beyond its refs. Deleting `.git/objects/??`, a pack or `.git/logs` leaves every ref and the
 * index as they were, and `git log` then says "bad object HEAD"; only the files themselves show
 * it. Every file and directory under objects/ (and under each alternate object store the
 * repository borrows from) and logs/ is listed with the walk's entry text (entry.ts: mode, owner,
 * size, times, inode), read with lstat alone: nothing is hashed, nothing is run.
 *
 * Why that is enough: an object is never rewritten in place, so an object file whose inode, size
 * and ctime are unchanged still holds what it held; if no object or pack file of the store was
 * removed or changed, every object the refs reached before is still there. What changed, and how
 * much of it is ordinary (objects added, reflogs appended), is diff-store.ts.
 */
import { type BigIntStats, constants, lstatSync, readdirSync } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { UNREADABLE_MARK } from "./diff-store.ts";
import { markIntact } from "./git-store-verify.ts";
import { errorCode } from "./reasons.ts";
import { entryText } from "./walk-node.ts";

/** No file counts as recently touched: the walk's racy mark means nothing here. */
const NEVER = BigInt(Number.MAX_SAFE_INTEGER) * 1_000_000n;
/** Entries listed between two yields to the event loop. */
const SLICE = 2000;
const EMPTY = Buffer.alloc(0);
/** Alternates beyond these are not followed (git itself stops at a depth of five). */
const MAX_ALTERNATES = 8;
/** An alternates file is a few lines; a longer one is read this far. */
const MAX_ALTERNATES_BYTES = 64 * 1024;

/** The entry text of entry.ts for one lstat result (a symlink's target read from `abs`). */
function textOf(abs: string, stats: BigIntStats): string {
	const text = entryText(stats.isSymbolicLink() ? Buffer.from(abs) : EMPTY, stats, NEVER);
	return typeof text === "string" ? text : text.toString("utf8");
}

/**
 * Adds `dir` to `out` under `key`, and everything below it under `key/…`; a missing `dir` adds
 * nothing, a part that cannot be read is `! <errno code>`. Synchronous readdir and lstat in slices, as the Node walk does (walk-node.ts says why),
 * without the walk's tree bytes: the lstat calls are most of the cost, and this is what is left.
 */
async function list(dir: string, key: string, out: Record<string, string>, where: Map<string, string>): Promise<void> {
	// An area that is a symlink (objects/ kept elsewhere) is listed where it leads: that is the store.
	const base = await realpath(dir).catch(() => dir);
	where.set(key, base);
	const stack: Array<[string, string]> = [[base, key]];
	let sinceYield = 0;
	while (stack.length > 0) {
		const [abs, name] = stack.pop()!;
		let stats: BigIntStats;
		try {
			stats = lstatSync(abs, { bigint: true });
		} catch (error) {
			// Gone since it was listed (a temporary file of git's), or no such directory at all: not there.
			if (errorCode(error) !== "ENOENT") out[name] = `${UNREADABLE_MARK} ${errorCode(error)}`;
			continue;
		}
		out[name] = textOf(abs, stats);
		if (!stats.isDirectory()) continue;
		try {
			for (const child of readdirSync(abs)) stack.push([`${abs}${sep}${child}`, `${name}/${child}`]);
		} catch (error) {
			out[name] = `${UNREADABLE_MARK} ${errorCode(error)}`;
		}
		if (++sinceYield >= SLICE) {
			sinceYield = 0;
			await new Promise<void>((resolve) => setImmediate(resolve));
		}
	}
}

/**
 * The object directories `objects/info/alternates` names, resolved. Read without following a
 * symlink and without blocking (a FIFO there must not hang the snapshot), and only so far.
 */
async function alternates(objects: string): Promise<string[]> {
	let text: string;
	try {
		const handle = await open(
			`${objects}${sep}info${sep}alternates`,
			constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
		);
		try {
			if (!(await handle.stat()).isFile()) return [];
			const buffer = Buffer.alloc(MAX_ALTERNATES_BYTES);
			const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
			text = buffer.toString("utf8", 0, bytesRead);
		} finally {
			await handle.close();
		}
	} catch {
		return [];
	}
	return text
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith('"'))
		.slice(0, MAX_ALTERNATES)
		.map((line) => (isAbsolute(line) ? line : resolve(objects, line)));
}

/**
 * Lists the store of a repository: `objects/…` and `logs/…` of the shared git directory, the
 * per-worktree reflogs of a linked worktree as `worktrees/<id>/logs/…`, and each alternate object
 * store as `alternates/<n>/…`. Keys are relative to the shared git directory, '/'-separated.
 * `previous` is the listing of the snapshot this one will be compared with: an object file git
 * touched since (git-store-verify.ts) is checked against its own checksum and marked intact.
 */
export async function readStore(
	gitDir: string,
	commonDir: string,
	previous?: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
	const out: Record<string, string> = Object.create(null);
	const where = new Map<string, string>();
	const objects = `${commonDir}${sep}objects`;
	const jobs = [list(objects, "objects", out, where), list(`${commonDir}${sep}logs`, "logs", out, where)];
	if (gitDir !== commonDir) {
		const prefix = relative(commonDir, gitDir).split(sep).join("/");
		jobs.push(list(`${gitDir}${sep}logs`, `${prefix}/logs`, out, where));
	}
	const borrowed = await alternates(objects);
	for (const [n, dir] of borrowed.entries()) jobs.push(list(dir, `alternates/${n}`, out, where));
	await Promise.all(jobs);
	if (previous !== undefined) await markIntact(out, previous, (key) => pathOf(key, where));
	return out;
}

/** The absolute path of a listing's key: its area's directory plus the rest. */
function pathOf(key: string, where: ReadonlyMap<string, string>): string | undefined {
	const area = /^(alternates\/\d+|objects)\//.exec(key)?.[1];
	const dir = area === undefined ? undefined : where.get(area);
	return dir === undefined
		? undefined
		: `${dir}${sep}${key
				.slice(area!.length + 1)
				.split("/")
				.join(sep)}`;
}
