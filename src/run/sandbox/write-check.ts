/**
 * Whether the `write` or `edit` tool may write a path, decided before anything touches the disk.
 * Pure: the file system is read through a small probe (lstat and readlink), so tests can hand it
 * any tree, and the same rules serve the in-process runner (its own tool operations) and the
 * subprocess child (a `tool_call` handler in the child-side extension).
 *
 * The path is judged by where a write would really land: it is resolved component by component
 * as the kernel does (every symlink followed, `..` taken after the link it follows), so a link
 * from a writable root into a watched one, or `/proc/self/root/...`, is judged by its target. A
 * file with more than one hard link is refused outright: its other names cannot be found cheaply,
 * and one of them may lie outside the writable roots.
 */
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { within } from "./bwrap-args.ts";

/** What the check needs to know of a path without following it; undefined when nothing is there. */
export interface PathProbe {
	lstat(path: string): { kind: "file" | "dir" | "symlink" | "other"; nlink: number } | undefined;
	readlink(path: string): string | undefined;
}

/** Where writes may go: the plan's writable roots, minus what it takes back read-only. */
export interface WriteRules {
	writable: readonly string[];
	readOnly: readonly string[];
	gitWritable: boolean;
}

export type WriteDecision = { ok: true; real: string } | { ok: false; real: string | undefined; reason: string };

/** Symlinks followed before a path counts as a loop (the kernel's own limit). */
const MAX_LINKS = 40;

/** The real path a write to `path` (absolute) reaches; undefined for a symlink loop. */
export function realTarget(path: string, probe: PathProbe): string | undefined {
	const pending = path.split("/").filter((c) => c !== "");
	let current = "/";
	let links = 0;
	while (pending.length > 0) {
		const part = pending.shift()!;
		if (part === ".") continue;
		if (part === "..") {
			current = resolve(current, "..");
			continue;
		}
		const next = current === "/" ? `/${part}` : `${current}/${part}`;
		if (probe.lstat(next)?.kind !== "symlink") {
			current = next;
			continue;
		}
		const target = probe.readlink(next);
		if (target === undefined || ++links > MAX_LINKS) return undefined;
		pending.unshift(...target.split("/").filter((c) => c !== ""));
		if (isAbsolute(target)) current = "/";
	}
	return current;
}

const list = (paths: readonly string[]) => (paths.length === 0 ? "none: the task is read-only" : paths.join(", "));

export function checkWrite(path: string, rules: WriteRules, probe: PathProbe): WriteDecision {
	const real = realTarget(path, probe);
	if (real === undefined) return { ok: false, real, reason: `${path} is a loop of symbolic links` };
	const via = real === path ? "" : ` (${path} leads there through a symbolic link or "..")`;
	if (!rules.writable.some((root) => within(real, root))) {
		return {
			ok: false,
			real,
			reason: `${real} is outside the writable roots${via}; writable: ${list(rules.writable)}`,
		};
	}
	const taken = rules.readOnly.find((p) => within(real, p));
	if (taken !== undefined) {
		const why = taken.endsWith("/.git") && !rules.gitWritable ? " (the task does not allow git writes)" : "";
		return { ok: false, real, reason: `${real} is inside ${taken}, which is read-only${why}${via}` };
	}
	const stat = probe.lstat(real);
	if (stat?.kind === "file" && stat.nlink > 1) {
		return {
			ok: false,
			real,
			reason: `${real} has ${stat.nlink} hard links, and a link outside the writable roots would change with it`,
		};
	}
	return { ok: true, real };
}

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * The absolute path Pi's write and edit tools make of their `path` argument: odd spaces made
 * plain, a leading `@` dropped, `~` expanded, a file URL read, then resolved against the cwd.
 */
export function toolPath(input: string, cwd: string, home: string = homedir()): string {
	let path = input.replace(UNICODE_SPACES, " ");
	if (path.startsWith("@")) path = path.slice(1);
	if (path === "~") path = home;
	else if (path.startsWith("~/")) path = `${home}/${path.slice(2)}`;
	else if (/^file:\/\//.test(path)) path = fileURLToPath(path);
	return resolve(cwd, path);
}

/** The sentence the model reads when a write is refused. */
export function refusalText(tool: string, reason: string): string {
	return `pi-delegate's sandbox refused this ${tool}: ${reason}. Nothing was written. Write only inside the writable roots.`;
}
