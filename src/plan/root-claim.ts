/**
 * Which roots a child holds while it runs, and whether it may change them — decided with the rest of
 * its plan, so the root locks (run/root-lock.ts) only carry the decision out. A boundary diff sees
 * every change under its roots, whoever made it, so a child that may change files has its roots to
 * itself; children that cannot change anything share them. Sibling forks are a group: each may run
 * commands, but all of them are told to change nothing, so they run together and a task waits for
 * the last of them. Pure.
 */

/** What a child holds while it runs. */
export interface RootClaim {
	roots: readonly string[];
	/** Whether it may change files under them: a writer has its roots to itself. */
	write: boolean;
	/** Writers of one group share roots with each other (sibling forks), not with anyone else. */
	group?: string;
}

/** The reading tools: a child with only these changes nothing a sibling's boundary could see. */
const READING = new Set(["read", "grep", "find", "ls", "submit_result"]);

/** Whether a child with these tools can change files at all (without a sandbox to stop it). */
export function toolsCanWrite(tools: readonly string[]): boolean {
	return tools.some((tool) => !READING.has(tool));
}

/**
 * A task's claim: it shares its roots only when it cannot change them — read-only, and either run
 * in the enforcing sandbox (the file system is read-only to it) or given reading tools only.
 */
export function taskClaim(plan: {
	spec: { read_only: boolean };
	boundary: { roots: readonly string[] };
	sandbox: { mode: string };
	child: { tools: readonly string[] };
}): RootClaim {
	const cannotWrite = plan.spec.read_only && (plan.sandbox.mode === "enforce" || !toolsCanWrite(plan.child.tools));
	return { roots: plan.boundary.roots, write: !cannotWrite };
}
