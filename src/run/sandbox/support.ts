/**
 * What this machine can do, found once per process and kept: whether bubblewrap is installed and
 * can make a PID namespace (containment), and whether it can make the whole sandbox, nested once
 * (a subprocess child's Pi runs in one bubblewrap and each of its bash commands in another).
 * Each probe runs `true` under the very flags the runners use, so "supported" means "works here",
 * not "is installed": user namespaces may be switched off, a container may forbid mounts.
 *
 * PI_DELEGATE_BWRAP names the bubblewrap to use; `off` pretends there is none (to run the
 * fallback on a machine that has it).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { bwrapArgs, containArgs } from "./bwrap-args.ts";
import type { SandboxPlan, SandboxSupport } from "./types.ts";

export const BWRAP_ENV = "PI_DELEGATE_BWRAP";
const PROBE_TIMEOUT_MS = 10_000;

function executable(path: string): boolean {
	try {
		accessSync(path, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

/** The bubblewrap binary: PI_DELEGATE_BWRAP, else `bwrap` on PATH. */
export function findBwrap(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
	const explicit = env[BWRAP_ENV];
	if (explicit === "off") return undefined;
	if (explicit) return executable(explicit) ? explicit : undefined;
	for (const dir of (env.PATH ?? "").split(delimiter)) {
		if (dir !== "" && executable(join(dir, "bwrap"))) return join(dir, "bwrap");
	}
	return undefined;
}

/** Runs `bwrap args… true`; undefined when it worked, else what bwrap said. */
function attempt(bwrap: string, args: string[]): string | undefined {
	const out = spawnSync(bwrap, [...args, "true"], { encoding: "utf8", timeout: PROBE_TIMEOUT_MS, stdio: "pipe" });
	if (out.status === 0) return undefined;
	return (out.stderr || out.error?.message || `exit ${out.status}`).trim().split("\n")[0];
}

const PROBE_PLAN: SandboxPlan = {
	mode: "enforce",
	reason: "probe",
	writable: [],
	readOnly: [],
	network: false,
	gitWritable: false,
	notes: [],
};

/** Probes this machine now (no cache); `find` and `run` are the ports tests replace. */
export function probeSandboxSupport(
	find: () => string | undefined = findBwrap,
	run: (bwrap: string, args: string[]) => string | undefined = attempt,
): SandboxSupport {
	const bwrap = find();
	if (bwrap === undefined) {
		const reason =
			process.env[BWRAP_ENV] === "off"
				? `${BWRAP_ENV}=off turns bubblewrap off`
				: "bubblewrap (bwrap) is not installed";
		return { bwrap, containment: false, enforce: false, reason };
	}
	const failed = run(bwrap, containArgs("/", { command: true, root: process.getuid?.() === 0 }));
	if (failed !== undefined) {
		return { bwrap, containment: false, enforce: false, reason: `bubblewrap cannot make a PID namespace: ${failed}` };
	}
	const env = { cwd: "/", home: "/", tmp: tmpdir() };
	const inner = bwrapArgs(PROBE_PLAN, { ...env, tmp: "/tmp" });
	const nested = run(bwrap, [...bwrapArgs(PROBE_PLAN, { ...env, outer: true }), bwrap, ...inner]);
	if (nested !== undefined) {
		return { bwrap, containment: true, enforce: false, reason: `bubblewrap cannot make the sandbox: ${nested}` };
	}
	return { bwrap, containment: true, enforce: true, reason: undefined };
}

let cached: SandboxSupport | undefined;

/** This machine's support, probed on first use (a few milliseconds) and kept for the process. */
export function sandboxSupport(): SandboxSupport {
	cached ??= process.platform === "linux" ? probeSandboxSupport() : notLinux();
	return cached;
}

function notLinux(): SandboxSupport {
	return {
		bwrap: undefined,
		containment: false,
		enforce: false,
		reason: `namespaces are a Linux feature; this is ${process.platform}`,
	};
}
