/**
 * Why a part of a root could not be read, in plain words. A snapshot records the errno code (short,
 * stable, machine-readable); reports show the words with the code beside them.
 */

const WORDS: Readonly<Record<string, string>> = {
	EACCES: "permission denied",
	EPERM: "operation not permitted",
	EIO: "I/O error",
	ENOENT: "vanished during the walk",
	ENOTDIR: "no longer a directory",
	ELOOP: "symlink loop",
	ENAMETOOLONG: "name too long",
	ESTALE: "stale file handle",
	EOVERFLOW: "value too large for the walk",
	ENOMEM: "out of memory",
	EMFILE: "too many open files",
	ENFILE: "too many open files in the system",
	EBADF: "bad file descriptor",
	EINVAL: "invalid argument",
	ENODEV: "no such device",
	ENXIO: "no such device or address",
	ENOTCONN: "transport endpoint not connected (a stale FUSE mount?)",
	EAGAIN: "resource temporarily unavailable",
};

/** The error code of a thrown file-system error, or its message when it has none. */
export function errorCode(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	if (typeof code === "string" && code !== "") return code;
	return error instanceof Error ? error.message : String(error);
}

/** `permission denied (EACCES)` for a code; a recorded sentence is returned as it is. */
export function reasonText(recorded: string): string {
	if (!/^E[A-Z0-9]+$/.test(recorded)) return recorded;
	const words = WORDS[recorded];
	return words === undefined ? `error ${recorded}` : `${words} (${recorded})`;
}
