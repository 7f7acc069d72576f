/**
 * Where a task's child makes its changes, decided with the rest of its plan: on a private copy of
 * each writable root, applied to the real root as one patch only when the task passes (`on-pass`),
 * or in the real root as it works (`direct`). Pure.
 *
 * Under `on-pass` the real root is the user's until the verdict: a FAIL leaves it as it was, and
 * two writers on one root each work on a copy of their own instead of waiting for each other.
 * Three facts of the launch shape how the copy is reached and checked:
 * - where bubblewrap works the child sees its copy at the root's own path (mounted there for its
 *   commands, and read and written there by an in-process child's file tools), so its paths,
 *   commands and evidence pointers are those of `direct`; elsewhere it is told the copy's path;
 * - with the copy mounted at its path, the real root is out of the child's reach, so it is not
 *   watched while the child runs, and the child does not hold it: the copy is made under a shared
 *   hold and the patch applied under an exclusive one, so siblings on one root run at once;
 * - told the copy's path, nothing stops a write to the real root by its own path, so the real root
 *   is watched too (any change there fails the task) and the child holds it as a writer does.
 * Ignored paths (node_modules, build output) are not copied but shared with the real root, written
 * in place as under `direct`, and never part of the change (run/workspace/copy.ts).
 */
import type { ApplySetting } from "../request/choices.ts";
import type { TaskSpec } from "../spec/schema.ts";
import type { RootClaim } from "./root-claim.ts";
import type { SandboxAvailability, SandboxPlan } from "./sandbox.ts";

/** The decision, as a plan records it. */
export interface ApplyPlan {
	mode: ApplySetting;
	/** Why this mode, in words for the report. */
	reason: string;
	/** The roots the child works on through copies (on-pass): each spec root holding a write_allowed path. */
	roots: string[];
	/** The child sees each copy at its root's path; otherwise it is told the copy's path. */
	mounted: boolean;
	/** The real roots are watched while the child runs (no sandbox keeps the child out of them). */
	watchReal: boolean;
}

/** One writable root and the private copy the child works on, once the copy is made. */
export interface PlacedCopy {
	root: string;
	copy: string;
	/**
	 * Paths under the root the copy does not hold (a repository's ignored directories outside
	 * write_allowed): a mounted child sees them read-only from the real root; a child told the
	 * copy's path finds links to them there.
	 */
	shown: string[];
}

export const within = (path: string, dir: string) =>
	path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** The spec's roots that hold a path the child may write, outermost only. */
export function writableRoots(spec: Pick<TaskSpec, "read_only" | "resolved">): string[] {
	if (spec.read_only) return [];
	const { roots, write_allowed } = spec.resolved;
	const holding = roots.filter((root) => write_allowed.some((allowed) => within(allowed, root)));
	return [...new Set(holding)].filter((root, _, all) => !all.some((other) => other !== root && within(root, other)));
}

export interface ApplyInput {
	spec: Pick<TaskSpec, "read_only" | "resolved" | "apply">;
	/** The `apply` setting, when a file sets it. */
	setting: ApplySetting | undefined;
	sandbox: Pick<SandboxPlan, "mode">;
	/** Whether bubblewrap works here: it mounts the copies, with the sandbox on or off. */
	available: SandboxAvailability;
}

/**
 * The spec's `apply`, else the setting, else `on-pass` where bubblewrap works: a FAIL that leaves
 * nothing behind is what a user wants, and the copy costs about what `git worktree add` does
 * (bench/apply.bench.ts). Where it does not, `direct`: the child could only be told the copy's path.
 * A task that may write nothing has nothing to apply: it runs as before.
 */
export function decideApply(input: ApplyInput): ApplyPlan {
	const roots = writableRoots(input.spec);
	const none = { roots: [], mounted: false, watchReal: false };
	if (roots.length === 0) return { mode: "direct", reason: "nothing to apply: the task may write nothing", ...none };
	// Where bubblewrap cannot mount the copy at the root's path, the child would have to work at
	// another path than its goal names: a child that can go wrong there, so direct is the default.
	const byDefault = input.available.enforce ? "on-pass" : "direct";
	const mode = input.spec.apply ?? input.setting ?? byDefault;
	const source =
		input.spec.apply !== undefined
			? "the spec asks for it"
			: input.setting
				? "the apply setting"
				: byDefault === "on-pass"
					? "the default"
					: "the default where bubblewrap cannot mount a copy at the root's path";
	if (mode === "direct") return { mode, reason: `${source}: the child changes the real root as it works`, ...none };
	const sandboxed = input.sandbox.mode === "enforce";

	// Where bubblewrap works, it mounts the copies whether the sandbox is on or off: a subprocess
	// child's outer bubblewrap for all of it, an in-process child's per command, its file tools
	// reading and writing in the copies (run/child/tools.ts).
	const mounted = sandboxed || input.available.enforce;
	return {
		mode,
		reason: `${source}: the child works on a private copy, applied to the real root only if the task passes`,
		roots,
		mounted,
		// Mounted, the real root is out of the child's reach by its path (the copy is there): only a
		// child told the copy's path could still write the real one.
		watchReal: !mounted,
	};
}

/**
 * What the child holds while it runs under `on-pass` with the sandbox: its roots but the copied
 * ones, which it never touches (the copy and the patch take holds of their own).
 */
export function applyClaim(claim: RootClaim, apply: ApplyPlan): RootClaim {
	if (apply.mode !== "on-pass" || apply.watchReal) return claim;
	return { ...claim, roots: claim.roots.filter((root) => !apply.roots.includes(root)) };
}
