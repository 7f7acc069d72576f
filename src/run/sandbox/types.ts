/**
 * Types of containment and the sandbox on the run side: what this machine can do (the support
 * probe's answer) and what a runner reports back (how the child was contained, what was
 * prevented). What the planner decides — the SandboxPlan — is src/plan/sandbox.ts.
 */

import { type Static, Type } from "typebox";
import type { SandboxMode, SandboxPlan } from "../../plan/sandbox.ts";

export type { SandboxMode, SandboxPlan };

/**
 * How a child's processes were held together. `namespace`: every process it started lived in one
 * PID namespace that ended with it, so nothing could outlive it. `partial`: no namespace could be
 * had, and the runner stopped what it could find by the environment marker (a process that clears
 * its environment, or outlives a SIGKILLed parent, escapes that).
 */
export type Containment = "namespace" | "partial";

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
	/**
	 * Set when the agent's rules refused the call before it ran: its command rules (`commands`) or
	 * its path rules (`paths`, agents/permissions/path-policy.ts). Unset: a write the sandbox prevented.
	 */
	refusedBy?: "commands" | "paths";
}

const Paths = (description: string) =>
	Type.Array(Type.String({ description: "A real, absolute path." }), { description });

/** What the child needs to sandbox its own bash commands and check its write and edit calls. */
export const SandboxConfigSchema = Type.Object(
	{
		bwrap: Type.String({ minLength: 1, description: "Path of bubblewrap, to run each bash command in." }),
		home: Type.String({ description: "The parent's home directory, kept visible and read-only." }),
		writable: Paths("The writable roots."),
		readOnly: Paths("Paths read-only although visible or inside a writable root (watched roots, protected .git)."),
		network: Type.Boolean({ description: "Whether bash commands may use the network." }),
		gitWritable: Type.Boolean({ description: "Whether the .git of a writable root may be written." }),
	},
	{ description: "The sandbox the runner put the child in; absent when it runs without one." },
);
export type SandboxConfig = Static<typeof SandboxConfigSchema>;
