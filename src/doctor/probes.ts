/**
 * The probes of doctor that touch the machine: loading the extension into a real `pi`, writing a
 * probe file into the runs directory, starting a trivial sandbox. Each leaves nothing behind: the
 * `pi` probe runs with an agent dir inside a scratch directory of its own (removed afterwards, and
 * by the next run if this one was killed), and the runs directory probe removes what it made.
 */

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { BWRAP_ENV } from "../run/sandbox/support.ts";
import { withScratch } from "../selftest/scratch.ts";
import { type AskOptions, ask, askOnPath, type Env } from "./programs.ts";
import type { ExtensionFacts, RunsDirFacts, SandboxFacts } from "./types.ts";

export const DOCTOR_SCRATCH_PREFIX = "pi-delegate-doctor-";

/**
 * The load errors Pi printed for extensions (`Error: Failed to load extension "<path>": <why>`),
 * each as its reason. Pi exits 0 from `--list-models` whatever it printed, so stderr is the answer.
 */
export function extensionErrors(stderr: string): string[] {
	return stderr
		.split("\n")
		.filter((line) => line.includes("Failed to load extension"))
		.map((line) => line.replace(/^(?:Error:\s*)?Failed to load extension "[^"]*":\s*/, "").trim());
}

/**
 * Loads `entry` into the `pi` at `pi` the way a user's Pi would load the installed package (only it:
 * `--no-extensions` keeps other installed packages out), and lists models, which makes Pi load its
 * extensions and report any failure. Offline, with a throwaway agent dir: nothing is fetched and
 * nothing of the user's is read or written.
 */
export async function probeExtension(pi: string, entry: string, env: Env, tmpRoot: string): Promise<ExtensionFacts> {
	return withScratch(
		tmpRoot,
		async (dir) => {
			const agentDir = join(dir, "agent");
			mkdirSync(agentDir);
			const answer = await ask(pi, ["--offline", "--no-extensions", "-e", entry, "--list-models"], {
				env: { ...env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" },
				cwd: dir,
				timeoutMs: 60_000,
			});
			return { how: "probe", errors: extensionErrors(answer.stderr ?? ""), answer };
		},
		DOCTOR_SCRATCH_PREFIX,
	);
}

const probeName = () => `.pi-delegate-doctor-${process.pid}-${randomBytes(4).toString("hex")}`;

function errorText(error: unknown): string {
	const e = error as NodeJS.ErrnoException;
	const words: Record<string, string> = {
		EACCES: "permission denied",
		EPERM: "not permitted",
		EROFS: "read-only file system",
		ENOTDIR: "a part of the path is a file, not a directory",
		ENOSPC: "no space left on the device",
	};
	return (e.code && words[e.code]) ?? e.message ?? String(error);
}

/** The nearest existing directory at or above `dir`. */
function existingAncestor(dir: string): string {
	let at = dir;
	while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
	return at;
}

/**
 * Whether runs can be recorded in `dir`: a probe file is written and removed there, or, when the
 * directory does not exist yet, a probe directory in the nearest existing one (where the run would
 * create it). Nothing is left either way.
 */
export function probeRunsDir(dir: string, source: string): RunsDirFacts {
	try {
		if (existsSync(dir)) {
			if (!statSync(dir).isDirectory()) return { dir, source, exists: true, error: "it is a file, not a directory" };
			const file = join(dir, probeName());
			writeFileSync(file, "", { flag: "wx" });
			unlinkSync(file);
			return { dir, source, exists: true };
		}
		const under = existingAncestor(dir);
		if (!statSync(under).isDirectory()) {
			return { dir, source, exists: false, error: `${under} is a file, not a directory` };
		}
		const probe = join(under, probeName());
		mkdirSync(probe);
		rmdirSync(probe);
		return { dir, source, exists: false, createdUnder: under };
	} catch (error) {
		return { dir, source, exists: existsSync(dir), error: errorText(error) };
	}
}

/**
 * Bubblewrap's version, and a trial of the kind of sandbox a child would get: the file system
 * read-only, a private /tmp, its own process and network namespaces, ended with its parent.
 */
export async function probeSandbox(options: AskOptions): Promise<SandboxFacts> {
	// The bubblewrap a run would use: PI_DELEGATE_BWRAP names it (or turns it off), else PATH's.
	const chosen = options.env[BWRAP_ENV];
	if (chosen === "off") return { version: {}, turnedOff: true };
	const version = chosen ? await ask(chosen, ["--version"], options) : await askOnPath("bwrap", ["--version"], options);
	if (!version.path || version.status !== 0) return { version };
	const mounts = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"];
	const namespaces = ["--unshare-pid", "--unshare-net", "--die-with-parent"];
	// /bin/sh by its path: the trial asks whether a sandbox starts, not what PATH holds inside it.
	const trial = await ask(version.path, [...mounts, ...namespaces, "--", "/bin/sh", "-c", "exit 0"], options);
	return { version, trial };
}
