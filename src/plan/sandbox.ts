/**
 * The one place where a child's sandbox is decided (in the plan stage, so planTask can call it and
 * the TaskPlan can carry its answer). Pure: the spec's fields, the `sandbox`
 * setting and what this machine can do go in; a SandboxPlan (plain data) comes out, for the
 * launch, the preview and launch.json alike.
 *
 * Precedence: the spec's `sandbox`, else the setting, else `enforce`. A default that cannot be had
 * falls back to `off` with a note, so a machine without bubblewrap still runs children (as before
 * the sandbox existed: detected by the boundary diff, not prevented). A demand that cannot be had
 * — `sandbox: "enforce"` written in the spec or the setting — is a problem instead: running such a
 * child unsandboxed would give it more authority than its author asked for.
 */
import type { Problem } from "../problems.ts";

/** Whether forbidden writes are prevented (`enforce`) or only detected afterwards by the boundary diff (`off`). */
export type SandboxMode = "enforce" | "off";

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
	/**
	 * Private copies mounted over their roots (apply on-pass, a subprocess child): its outer
	 * bubblewrap takes every file under a root from the copy, but the paths shown from the real
	 * root, read-only. Set when the copies are made, not by decideSandbox.
	 */
	copies?: Array<{ root: string; copy: string; shown: string[] }>;
	/** Plain-word remarks for the report (a field that has no effect, a fallback). */
	notes: string[];
	/**
	 * Set when the spec or the setting demanded `enforce` and this machine cannot: the planner must
	 * refuse the run with it (exit 2) rather than run a child with more authority than was asked.
	 */
	problem?: Problem;
}

/** What the planner needs to know of this machine (run/sandbox/support.ts probes it). */
export interface SandboxAvailability {
	/** The full sandbox can be made here. */
	enforce: boolean;
	/** Why not, in words with the fix. */
	reason: string | undefined;
}

export interface SandboxPlanInput {
	spec: {
		sandbox?: SandboxMode | undefined;
		network: boolean;
		git_writes: boolean;
		resolved: { readonly write_allowed: readonly string[]; readonly watched_only: readonly string[] };
	};
	/** The `sandbox` setting, when one is set. */
	setting?: SandboxMode | undefined;
	available: SandboxAvailability;
}

/** The `.git` of a writable root: a commit, a tag, a hook or a config line there outlives the run. */
export function gitDir(root: string): string {
	return `${root.replace(/\/+$/, "")}/.git`;
}

function requested(input: SandboxPlanInput): { mode: SandboxMode; source: "spec" | "setting" | "default" } {
	if (input.spec.sandbox !== undefined) return { mode: input.spec.sandbox, source: "spec" };
	if (input.setting !== undefined) return { mode: input.setting, source: "setting" };
	return { mode: "enforce", source: "default" };
}

const SOURCE_WORDS = {
	spec: "the spec asks for it",
	setting: "the sandbox setting asks for it",
	default: "the default",
};

export function decideSandbox(input: SandboxPlanInput): SandboxPlan {
	const { spec, available } = input;
	const writable = [...spec.resolved.write_allowed];
	const gitWritable = spec.git_writes;
	const readOnly = [...spec.resolved.watched_only, ...(gitWritable ? [] : writable.map(gitDir))];
	const base = { writable, readOnly, network: spec.network, gitWritable, notes: [] as string[] };
	const want = requested(input);
	if (want.mode === "off") {
		const why = want.source === "spec" ? 'the spec sets sandbox "off"' : 'the sandbox setting is "off"';
		if (spec.network || spec.git_writes) base.notes.push("network and git_writes have no effect with the sandbox off");
		return { ...base, mode: "off", reason: `${why}: writes are detected by the boundary diff, not prevented` };
	}
	if (available.enforce) return { ...base, mode: "enforce", reason: `${SOURCE_WORDS[want.source]} (bubblewrap)` };
	const missing = available.reason ?? "bubblewrap cannot make a sandbox on this machine";
	const plan: SandboxPlan = {
		...base,
		mode: "off",
		reason: `${missing}; the child runs without a sandbox (writes are detected by the boundary diff, not prevented)`,
	};
	if (want.source === "default") {
		// The note names the real cause: bubblewrap missing or unable is not PI_DELEGATE_BWRAP=off.
		plan.notes.push(`the sandbox is off: ${missing}`);
		return plan;
	}
	plan.problem = {
		...(want.source === "spec" ? { path: ["sandbox"] } : { source: "settings", path: ["sandbox"] }),
		code: "unavailable",
		value: "enforce",
		message: `demands the sandbox, which this machine cannot make: ${missing}`,
		fix: 'install bubblewrap (e.g. apt-get install bubblewrap), or set sandbox to "off" to run with the boundary diff only',
	};
	return plan;
}
