/**
 * The one place where a child's sandbox is decided. Pure: the spec's fields, the `sandbox`
 * setting and what this machine can do go in; a SandboxPlan (plain data) comes out, for the
 * launch, the preview and launch.json alike.
 *
 * Precedence: the spec's `sandbox`, else the setting, else `enforce`. A default that cannot be had
 * falls back to `off` with a note, so a machine without bubblewrap still runs children (as before
 * the sandbox existed: detected by the boundary diff, not prevented). A demand that cannot be had
 * — `sandbox: "enforce"` written in the spec or the setting — is a problem instead: running such a
 * child unsandboxed would give it more authority than its author asked for.
 */
import type { SandboxMode, SandboxPlan, SandboxSupport } from "./types.ts";

export interface SandboxPlanInput {
	spec: {
		sandbox?: SandboxMode | undefined;
		network: boolean;
		git_writes: boolean;
		resolved: { readonly write_allowed: readonly string[]; readonly watched_only: readonly string[] };
	};
	/** The `sandbox` setting, when one is set. */
	setting?: SandboxMode | undefined;
	available: Pick<SandboxSupport, "enforce" | "reason">;
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

export function planSandbox(input: SandboxPlanInput): SandboxPlan {
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
		plan.notes.push("the sandbox is off because this machine cannot run bubblewrap");
		return plan;
	}
	plan.problem = {
		path: want.source === "spec" ? "sandbox" : "settings: sandbox",
		value: "enforce",
		message: `demands the sandbox, which this machine cannot make: ${missing}`,
		fix: 'install bubblewrap (e.g. apt-get install bubblewrap), or set sandbox to "off" to run with the boundary diff only',
	};
	return plan;
}
