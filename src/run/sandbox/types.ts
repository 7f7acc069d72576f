/**
 * Types of containment and the sandbox: what the planner decides (a SandboxPlan, plain data that
 * travels in the ChildLaunch and is recorded in launch.json), what this machine can do (the
 * support probe's answer), and what a runner reports back (how the child was contained, what was
 * prevented). The decision is pure (plan.ts); the probe and the runners are the shell.
 */

/** Whether forbidden writes are prevented (`enforce`) or only detected afterwards by the boundary diff (`off`). */
export type SandboxMode = "enforce" | "off";

/**
 * How a child's processes were held together. `namespace`: every process it started lived in one
 * PID namespace that ended with it, so nothing could outlive it. `partial`: no namespace could be
 * had, and the runner stopped what it could find by the environment marker (a process that clears
 * its environment, or outlives a SIGKILLed parent, escapes that).
 */
export type Containment = "namespace" | "partial";

/** The planner's decision about one child's sandbox. Every path is a real path (symlinks resolved). */
export interface SandboxPlan {
	mode: SandboxMode;
	/** Why this mode, in words for the report: "the spec asks for it", "bubblewrap is not installed …". */
	reason: string;
	/** Read-write inside the sandbox: the spec's write_allowed roots. */
	writable: string[];
	/**
	 * Read-only even though they would otherwise be visible or writable: the watched-only roots, and
	 * the `.git` of each writable root unless git writes are allowed. Everything else is read-only
	 * too (the whole file system is mounted read-only); these are listed so that roots under /tmp
	 * stay visible and so that a path inside a writable root can be taken back.
	 */
	readOnly: string[];
	/** Whether bash commands may use the network. */
	network: boolean;
	/** Whether the `.git` of a writable root may be written (commit, tag, hooks, config). */
	gitWritable: boolean;
	/** Plain-word remarks for the report (a field that has no effect, a fallback). */
	notes: string[];
	/**
	 * Set when the spec or the setting demanded `enforce` and this machine cannot: the planner must
	 * refuse the run with it (exit 2) rather than run a child with more authority than was asked.
	 */
	problem?: { path: string; value: unknown; message: string; fix: string };
}

/** What this machine can do, found once per process by support.ts. */
export interface SandboxSupport {
	/** Absolute path of bubblewrap, when found. */
	bwrap: string | undefined;
	/** A PID namespace that dies with its parent can be made (containment). */
	containment: boolean;
	/** The full sandbox can be made: read-only mounts, no network, no capabilities, nested once. */
	enforce: boolean;
	/** Why something is missing, in words with the fix; undefined when everything works. */
	reason: string | undefined;
}

/** One write the sandbox refused, as the outcome lists it (apart from boundary violations). */
export interface PreventedAttempt {
	/** The path the child tried to write, when the tool named one. */
	path?: string;
	/** The tool that tried: `write`, `edit`, `bash`. */
	tool: string;
	/** The bash command, for a refusal seen in a command's output. */
	command?: string;
	/** Why it was refused, in words. */
	reason: string;
}
