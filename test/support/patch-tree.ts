/**
 * Trees of files for patch tests: written from FileStates, read back byte for byte (content,
 * executable bit, symlink targets), and `git apply` run on them in plain patch mode, the way
 * pi-delegate runs it: from an empty directory outside any repository, with no configuration.
 */
import { spawnSync } from "node:child_process";
import {
	chmodSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { FileState } from "../../src/run/workspace/patch.ts";
import { tempDir } from "./temp.ts";

export type Tree = Record<string, FileState>;

export const text = (content: string, executable = false): FileState => ({
	kind: "file",
	executable,
	bytes: new TextEncoder().encode(content),
});
export const bytes = (content: Uint8Array | number[], executable = false): FileState => ({
	kind: "file",
	executable,
	bytes: Uint8Array.from(content),
});
export const link = (target: string): FileState => ({ kind: "symlink", target });

/** Writes every file of `tree` under `root`, making the folders it needs. */
export function writeTree(root: string, tree: Tree): void {
	for (const [path, state] of Object.entries(tree)) {
		const at = join(root, path);
		mkdirSync(dirname(at), { recursive: true });
		if (state.kind === "symlink") symlinkSync(state.target, at);
		else {
			writeFileSync(at, state.bytes);
			chmodSync(at, state.executable ? 0o755 : 0o644);
		}
	}
}

/** Every file and symlink under `root`, as a tree; folders only through what they hold. */
export function readTree(root: string, under = ""): Tree {
	const tree: Tree = {};
	for (const name of readdirSync(join(root, under))) {
		const path = under === "" ? name : `${under}/${name}`;
		const at = join(root, path);
		const stats = lstatSync(at);
		if (stats.isDirectory()) Object.assign(tree, readTree(root, path));
		else if (stats.isSymbolicLink()) tree[path] = link(readlinkSync(at));
		else tree[path] = bytes(readFileSync(at), (stats.mode & 0o100) !== 0);
	}
	return tree;
}

/** The tree as comparable data: bytes as hex, so a failure shows which file differs and how. */
export function shown(tree: Tree): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [path, state] of Object.entries(tree).sort(([a], [b]) => (a < b ? -1 : 1)))
		out[path] =
			state.kind === "symlink"
				? `symlink → ${state.target}`
				: `${state.executable ? "755" : "644"} ${Buffer.from(state.bytes).toString("hex")}`;
	return out;
}

/** This process's environment without GIT_*, and with no system or global configuration. */
export function plainGitEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
	return { ...env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
}

/** `git apply` of `patch` onto `root` in plain patch mode; its exit code and what it said. */
export function plainApply(root: string, patch: string, ...options: string[]): { code: number | null; stderr: string } {
	const out = spawnSync("git", ["apply", "--unsafe-paths", "--whitespace=nowarn", `--directory=${root}`, ...options], {
		cwd: tempDir("pi-delegate-apply-cwd-"),
		env: plainGitEnv(),
		input: patch,
		encoding: "utf8",
	});
	return { code: out.status, stderr: out.stderr };
}
