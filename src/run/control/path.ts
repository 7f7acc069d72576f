/**
 * Where a run's control endpoint lives. A unix socket's path holds at most 107 bytes, and a runs
 * directory can be any length, so the socket is not put beside the record: it lies in a private
 * directory of the user's under /tmp, named by a hash of the run directory's real path. A client
 * finds it from the run directory alone, and a path is never longer than the limit.
 *
 * The directory is the user's own (0700, owned by them, not a link): one that is not is refused, not
 * repaired, since whoever made it could read or answer in a run's place. A sandboxed child has a
 * private /tmp and cannot reach it; a child without the sandbox runs as the user and could (see
 * docs/threat-model.md).
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";

/** The most bytes a unix socket's path may hold (sun_path is 108, with its terminating NUL). */
export const SOCKET_PATH_MAX = 107;

/** Hex digits of the run directory's hash in the socket's name: far past any chance of two runs meeting. */
const HASH_HEX = 32;

/** Names another directory for the sockets (an absolute path; the tests point it at their own). */
export const CONTROL_DIR_ENV = "PI_DELEGATE_CONTROL_DIR";

/** The default directory: one per user under /tmp, which a sandboxed child never sees (its /tmp is its own). */
const defaultDir = () => `/tmp/pi-delegate-control-${process.getuid?.() ?? 0}`;

/** Room a socket's name takes in the directory: `/`, the hash, `.sock`. */
const NAME_BYTES = 1 + HASH_HEX + ".sock".length;

/**
 * Where the private directories may be, first the one a run uses: PI_DELEGATE_CONTROL_DIR when it
 * is set, absolute and short enough for a socket's path, else /tmp's. It is not the temporary
 * directory TMPDIR names: two shells with different TMPDIRs must find the same run, and a killed
 * run must leave nothing in the TMPDIR it was given. A client looks in each.
 */
export function controlDirs(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
	const override = env[CONTROL_DIR_ENV];
	const fits = (dir: string) => Buffer.byteLength(dir) + NAME_BYTES <= SOCKET_PATH_MAX;
	if (override === undefined || !isAbsolute(override) || !fits(override)) return [defaultDir()];
	return override === defaultDir() ? [override] : [override, defaultDir()];
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
		super(`the private directory ${dir} ${why}: remove it, and it is made again as this user's own (0700)`);
		this.name = "ControlDirRefused";
	}
}

/** The private directory a run opens its endpoint in: made when missing, refused when not the user's own. */
export function ensureControlDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
	return ensurePrivateDir(controlDirs(env)[0] as string);
}

/** `dir`, made 0700 when missing; refused when it is not this user's own. */
export function ensurePrivateDir(dir: string): string {
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
