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
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { UNREADABLE_MARK } from "./diff-store.ts";
import { markIntact } from "./git-store-verify.ts";
import { pairsOfTree } from "./tree.ts";
import { walkWithNode } from "./walk-node.ts";

/** No file counts as recently touched: the walk's racy mark means nothing here. */
const NEVER = Number.MAX_SAFE_INTEGER;
/** Alternates beyond these are not followed (git itself stops at a depth of five). */
const MAX_ALTERNATES = 8;
/** An alternates file is a few lines; a longer one is read this far. */
const MAX_ALTERNATES_BYTES = 64 * 1024;

/** Adds the walk of `dir` to `out` under `key` (the directory itself) and `key/…`; a missing one adds nothing. */
async function list(dir: string, key: string, out: Record<string, string>, where: Map<string, string>): Promise<void> {
	where.set(key, dir);
	const walked = await walkWithNode(dir, NEVER);
	if (walked.unreadable[""] === "ENOENT") return;
	for (const [path, text] of pairsOfTree(walked.tree)) out[path === "" ? key : `${key}/${path}`] = text;
	for (const [path, code] of Object.entries(walked.unreadable))
		out[path === "" ? key : `${key}/${path}`] = `${UNREADABLE_MARK} ${code}`;
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
