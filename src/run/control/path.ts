/**
 * Where a run's control endpoint lives. A unix socket's path holds at most 107 bytes, and a runs
 * directory can be any length, so the socket is not put beside the record: it lies in a private
 * directory of the user's under the temporary directory, named by a hash of the run directory's real
 * path. A client finds it from the run directory alone, and a path is never longer than the limit.
 *
 * The directory is the user's own (0700, owned by them, not a link): one that is not is refused, not
 * repaired, since whoever made it could read or answer in a run's place. A sandboxed child has a
 * private /tmp and cannot reach it; a child without the sandbox runs as the user and could (see
 * docs/threat-model.md).
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";

/** The most bytes a unix socket's path may hold (sun_path is 108, with its terminating NUL). */
export const SOCKET_PATH_MAX = 107;

/** Hex digits of the run directory's hash in the socket's name: far past any chance of two runs meeting. */
const HASH_HEX = 32;

/** The temporary directory as Node's os.tmpdir() decides it, from the given environment. */
function tempRoot(env: Readonly<Record<string, string | undefined>>): string {
	const dir = env.TMPDIR || env.TMP || env.TEMP || "/tmp";
	return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}

/** The private directory's name: one per user, so two users never share one. */
const dirName = () => `pi-delegate-control-${process.getuid?.() ?? 0}`;

/** Room a socket's name takes in the directory: `/`, the hash, `.sock`. */
const NAME_BYTES = 1 + HASH_HEX + ".sock".length;

/**
 * Where the private directories may be, first the one a run uses: under the temporary directory the
 * environment names, or under /tmp when that one is too long for a socket's path. A client looks in
 * both, so a shell with another TMPDIR than the run's still finds it in /tmp's.
 */
export function controlDirs(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
	const preferred = join(tempRoot(env), dirName());
	const fallback = join("/tmp", dirName());
	if (Buffer.byteLength(preferred) + NAME_BYTES > SOCKET_PATH_MAX) return [fallback];
	return preferred === fallback ? [preferred] : [preferred, fallback];
}

/** The socket's name for a run directory: a hash of its real path (the same however it is named). */
export function socketName(runDir: string): string {
	let real = runDir;
	try {
		real = realpathSync(runDir);
	} catch {
		// A run directory gone since: its name is still what the run hashed, if it was real then.
	}
	return `${createHash("sha256").update(real).digest("hex").slice(0, HASH_HEX)}.sock`;
}

/** Why `dir` is not a private directory of this user's, or undefined when it is one. */
export function notPrivate(dir: string): string | undefined {
	let stats: ReturnType<typeof lstatSync>;
	try {
		stats = lstatSync(dir);
	} catch (error) {
		return `cannot be looked at (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
	}
	if (stats.isSymbolicLink()) return "is a symbolic link";
	if (!stats.isDirectory()) return "is not a directory";
	const uid = process.getuid?.();
	if (uid !== undefined && stats.uid !== uid) return `belongs to user ${stats.uid}, not to this user (${uid})`;
	if ((stats.mode & 0o077) !== 0) return `can be entered by others (mode ${(stats.mode & 0o777).toString(8)})`;
	return undefined;
}

/** An error of the private directory, with what to do about it. */
export class ControlDirRefused extends Error {
	constructor(dir: string, why: string) {
		super(`the control directory ${dir} ${why}: remove it, and it is made again as this user's own (0700)`);
		this.name = "ControlDirRefused";
	}
}

/** The private directory a run opens its endpoint in: made when missing, refused when not the user's own. */
export function ensureControlDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
	const [dir] = controlDirs(env) as [string];
	try {
		mkdirSync(dir, { mode: 0o700 });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
	}
	const why = notPrivate(dir);
	if (why !== undefined) throw new ControlDirRefused(dir, why);
	return dir;
}

/** Where a run's socket is opened (the run's side). */
export function socketPathFor(runDir: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
	return join(ensureControlDir(env), socketName(runDir));
}

/** Where a client looks for a run's socket: each private directory that is the user's own. */
export function socketCandidates(
	runDir: string,
	env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
	const name = socketName(runDir);
	return controlDirs(env)
		.filter((dir) => notPrivate(dir) === undefined)
		.map((dir) => join(dir, name));
}
