/**
 * How a subprocess child is contained: the `pi` process runs as the command of a bubblewrap whose
 * PID namespace holds everything the child starts, and dies with this process (see
 * sandbox/bwrap-args.ts for why bubblewrap). Under the sandbox the outer bubblewrap also mounts the
 * file system read-only but for the writable roots, the child's session and agent directories
 * (Pi's own files) and a private /tmp, and keeps the network (Pi must reach its provider); each
 * bash command then runs in a second, stricter bubblewrap inside it (no network, no capabilities,
 * Pi's own files read-only), set up by the child-side extension. Pure: the runner spawns what
 * this returns.
 *
 * Without the sandbox, the bash commands still run in a PID namespace below the child's Pi, one
 * they share (sandbox/command-namespace.ts), where bubblewrap can nest: a command that saw the
 * child's Pi in its process table could take its stdout (pidfd_getfd, ptrace) and write events the
 * runner would believe — a submission never made, a cost never paid.
 */
import { existsSync } from "node:fs";
import { constants } from "node:os";
import { dirname } from "node:path";
import type { ChildLaunch } from "../types.ts";
import { bwrapArgs, containArgs } from "./bwrap-args.ts";
import type { Containment, SandboxConfig, SandboxMode, SandboxPlan, SandboxSupport } from "./types.ts";

/**
 * bubblewrap reports the host PID of the namespace's first process on this descriptor (the
 * runner's fourth stdio pipe). bubblewrap itself exits as soon as Pi does, a moment before the
 * kernel has emptied the namespace; the runner waits for that first process to be gone instead.
 */
export const INFO_FD = 3;
const INFO = ["--info-fd", String(INFO_FD)];

/** The first process's PID from bubblewrap's info (`{"child-pid": 123, …}`), once it has arrived. */
export function namespaceInit(info: string): number | undefined {
	const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
	return match ? Number(match[1]) : undefined;
}

export interface ContainInput {
	launch: ChildLaunch;
	support: SandboxSupport;
	/** The Node executable and the arguments that start Pi (CLI script first). */
	node: string;
	argv: string[];
	sessionFile: string;
	home: string;
	/** The private /tmp of a sandboxed child (a fresh host directory), when there is one. */
	tmp: string | undefined;
	/** Files the child reads that may lie under /tmp: the prompt directory, the CLI, the extensions. */
	visible: string[];
	/** Start caches for the sandboxed Pi (see startCaches in subprocess.ts): writable for Pi, read-only for its commands. */
	caches?: ReadonlyArray<{ from: string; to: string }>;
	/**
	 * A path as bubblewrap must see it to mount on it: real, every symlink resolved (a symlinked
	 * directory is no mount point). Default: as given.
	 */
	canonical?: (path: string) => string;
}

export interface ContainedCommand {
	command: string;
	args: string[];
	containment: Containment;
	sandbox: SandboxMode;
	/** For the child-side extension, when the child runs sandboxed. */
	sandboxConfig: SandboxConfig | undefined;
	/** For the child-side extension, when it runs contained without the sandbox and can nest a namespace per command. */
	containConfig?: { bwrap: string };
}

/** Whether the launch's sandbox is to be enforced; an error when it asks for what cannot be had. */
export function sandboxToEnforce(
	plan: SandboxPlan | undefined,
	support: SandboxSupport,
): { plan: SandboxPlan | undefined } | { error: string } {
	if (plan?.mode !== "enforce") return { plan: undefined };
	if (!support.enforce) {
		return { error: `the launch asks for the sandbox, which this machine cannot make: ${support.reason}` };
	}
	return { plan };
}

/** Files and directories of a launch the child's Pi reads. */
/**
 * What code a child's `pi` needs to see to start: the whole installed tree the file lives in — the
 * outermost `node_modules` above it (its dependencies are its siblings there), or, outside any, the
 * package directory that holds it. A file alone is not enough: Pi's CLI loads files beside it, and
 * an install under /tmp would be hidden by the sandbox's private /tmp.
 */
export function codeTree(file: string): string {
	const parts = file.split("/");
	const at = parts.indexOf("node_modules");
	if (at > 0) return parts.slice(0, at + 1).join("/");
	let dir = dirname(file);
	while (dir !== dirname(dir) && !existsSync(`${dir}/package.json`)) dir = dirname(dir);
	return dir === dirname(dir) ? dirname(file) : dir;
}

export function launchPaths(launch: ChildLaunch): string[] {
	return [
		launch.cwd,
		launch.agentDir,
		...launch.providerExtensions,
		...launch.prompt.contextFiles.map((f) => f.path),
		...launch.prompt.skills.map((s) => s.baseDir ?? dirname(s.filePath)),
	];
}

export function containChild(input: ContainInput, plan: SandboxPlan | undefined): ContainedCommand {
	const { launch, support } = input;
	const pi = [input.node, ...input.argv];
	if (!support.containment || support.bwrap === undefined) {
		return { command: input.node, args: input.argv, containment: "partial", sandbox: "off", sandboxConfig: undefined };
	}
	if (plan === undefined || input.tmp === undefined) {
		return {
			command: support.bwrap,
			args: [...INFO, ...containArgs(launch.cwd, { copies: launch.sandbox?.copies }), ...pi],
			containment: "namespace",
			sandbox: "off",
			sandboxConfig: undefined,
			// Nesting works where the sandbox does (the probe nests one bubblewrap in another).
			...(support.enforce && { containConfig: { bwrap: support.bwrap } }),
		};
	}
	const real = input.canonical ?? ((path: string) => path);
	const outer = bwrapArgs(plan, {
		cwd: launch.cwd,
		home: real(input.home),
		tmp: input.tmp,
		visible: [...input.visible, ...launchPaths(launch), input.node].map(real),
		alsoWritable: [dirname(input.sessionFile), launch.agentDir].map(real),
		mounts: input.caches ?? [],
		outer: true,
	});
	const sandboxConfig: SandboxConfig = {
		bwrap: support.bwrap,
		home: input.home,
		writable: plan.writable,
		// The child's Pi writes its session (in the run's record) and its agent directory; its
		// commands must not. A command's bubblewrap binds the outer layer's /tmp read-write, and the
		// record or the agent directory lying under /tmp would come with it, so both are taken back.
		readOnly: [
			...plan.readOnly,
			...(input.caches ?? []).map((c) => c.to),
			...[dirname(input.sessionFile), launch.agentDir].map(real),
		],
		network: plan.network,
		gitWritable: plan.gitWritable,
	};
	return {
		command: support.bwrap,
		args: [...INFO, ...outer, ...pi],
		containment: "namespace",
		sandbox: "enforce",
		sandboxConfig,
	};
}

/**
 * How the contained process ended, as if bubblewrap were not in between: bubblewrap exits with
 * 128 + n when its command died of signal n.
 */
export function containedExit(
	code: number | null,
	signal: string | null,
	containment: Containment,
): { code: number | null; signal: string | null } {
	if (containment !== "namespace" || code === null || code <= 128) return { code, signal };
	const name = Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0];
	return name === undefined ? { code, signal } : { code: null, signal: name };
}
