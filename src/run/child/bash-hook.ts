/**
 * How a child's bash commands are contained: a spawn hook for Pi's own bash tool (so Pi keeps its
 * output handling, timeouts and stop of the command) that rewrites each command to run inside
 * bubblewrap, and marks its environment with the run's id for the fallback scan. Used by the
 * in-process runner for every command, and by the child-side extension of a subprocess child under
 * the sandbox (there the child's Pi is already contained; the hook adds the per-command sandbox).
 *
 * Each command gets a PID namespace of its own, so whatever it leaves running in the background
 * ends when the command ends — one sandbox per command is also one network namespace per command.
 * A subprocess child without the sandbox passes `shared` instead: its commands join one namespace
 * below its Pi (command-namespace.ts), where what one leaves running is there for the next.
 */
import { existsSync } from "node:fs";
import { bwrapArgs, containArgs, joinedCommand, type SharedNamespace, wrapCommand } from "../sandbox/bwrap-args.ts";
import { withRunMarker } from "../sandbox/process-tree.ts";
import type { SandboxPlan } from "../sandbox/types.ts";

export interface BashContext {
	command: string;
	cwd: string;
	env: NodeJS.ProcessEnv;
}

export interface BashWrap {
	/** bubblewrap's path; undefined when namespaces cannot be had (the command only gets the marker). */
	bwrap: string | undefined;
	/** The sandbox to run each command in; undefined or `off`: containment only. */
	plan: SandboxPlan | undefined;
	/** The run's id, added to PI_DELEGATE_RUNS. */
	runId: string;
	home: string;
	/** Host directory that is the commands' /tmp under the sandbox. */
	tmp: string;
	/** Without the sandbox: the namespace the commands share, once it is there (command-namespace.ts). */
	shared?: () => SharedNamespace | undefined;
	/** Private copies mounted at their roots' paths without the sandbox (an in-process child on apply on-pass). */
	copies?: SandboxPlan["copies"];
}

export function bashSpawnHook(wrap: BashWrap): (context: BashContext) => BashContext {
	return (context) => {
		const env = withRunMarker(context.env, wrap.runId) as NodeJS.ProcessEnv;
		if (wrap.bwrap === undefined) return { ...context, env };
		const root = process.getuid?.() === 0;
		const shared = wrap.plan?.mode === "enforce" ? undefined : wrap.shared?.();
		// A namespace whose keeper a command killed is gone: each command then gets one of its own.
		if (shared && existsSync(`/proc/${shared.init}/ns/pid`)) {
			return { command: joinedCommand(wrap.bwrap, shared, context.cwd, context.command, root), cwd: context.cwd, env };
		}
		const args =
			wrap.plan?.mode === "enforce"
				? bwrapArgs(wrap.plan, { cwd: context.cwd, home: wrap.home, tmp: wrap.tmp })
				: containArgs(context.cwd, { command: true, root, copies: wrap.copies });
		return { command: wrapCommand(wrap.bwrap, args, context.command), cwd: context.cwd, env };
	};
}
