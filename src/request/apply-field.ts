/** The request table's row for `apply`: where a task's child makes its changes (plan/apply.ts). */
import { APPLY_MODES } from "./choices.ts";
import type { RequestField } from "./types.ts";

export const APPLY_FIELD: RequestField = {
	name: "apply",
	spec: ["apply"],
	schema: {
		enum: APPLY_MODES,
		type: "string",
		description:
			'Where the child makes its changes. "on-pass": on a private copy of each writable root (a git ' +
			"repository's files as they stand, staged, unstaged and untracked; its ignored directories shown " +
			"read-only from the real root), judged there, and applied to the real root as one patch only when " +
			"the task passes; a FAIL leaves the real root as it was. Either way the change is kept in the audit " +
			'record as changes.patch. "direct": in the real root as the child works. Default: the apply setting, ' +
			'else "on-pass".',
	},
	entries: {
		spec: {},
		// Named in the tool's description, not defined (task-tool.ts): the definition rides on every request.
		task: {},
		workflow: {
			brief: 'on-pass (default): the child works on a copy, applied to the root only on PASS; or "direct".',
		},
	},
};
