/**
 * The spec's fields that say what the sandbox allows: whether it is enforced, and the network and
 * `.git` writes it may let through. Rows of the request table, in the spec's order.
 */
import { SANDBOX_MODES } from "./choices.ts";
import type { RequestField } from "./types.ts";

export const SANDBOX_FIELDS: readonly RequestField[] = [
	{
		name: "sandbox",
		spec: ["sandbox"],
		schema: {
			enum: SANDBOX_MODES,
			type: "string",
			description:
				'"enforce": forbidden writes are prevented, not just detected — the file system is read-only but ' +
				"for write_allowed and a private /tmp, the network is off unless network is true, and the write " +
				'and edit tools refuse paths outside write_allowed (needs bubblewrap on Linux). "off": writes are ' +
				"only detected afterwards by the boundary diff. Default: the sandbox setting, else enforce where " +
				"bubblewrap works (the report says when it falls back to off). Writing enforce where bubblewrap " +
				"cannot run is an error, never a silent fallback.",
		},
		entries: {
			spec: {},
			task: {},
			workflow: { brief: "enforce: writes outside write_allowed are prevented; default: the setting." },
		},
	},
	{
		name: "network",
		spec: ["network"],
		schema: {
			type: "boolean",
			default: false,
			description:
				"True lets the child's bash commands use the network under the sandbox. Default false: no network " +
				"(not even the parent's loopback). No effect when sandbox is off.",
		},
		entries: { spec: {}, task: {}, workflow: { brief: "True lets bash use the network under the sandbox." } },
	},
	{
		name: "git_writes",
		spec: ["git_writes"],
		schema: {
			type: "boolean",
			default: false,
			description:
				"True lets the child write the .git of a writable root under the sandbox (commit, tag, branch, " +
				"hooks, config). Default false: .git stays read-only, so git status, diff and log work and nothing " +
				"the child leaves there runs later in the parent's git. No effect when sandbox is off.",
		},
		entries: { spec: {}, task: {}, workflow: { brief: "True lets the task write .git under the sandbox." } },
	},
];
