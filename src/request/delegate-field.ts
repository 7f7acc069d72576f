/**
 * The request table's row for `delegate`: whether a task's child may hand work to children of its
 * own, and how many levels below it. Off unless asked for; capped by the `maxDelegateDepth` setting
 * (plan/delegate.ts). The child's `task` calls are brokered by the one that runs it, never by the
 * child: run/nest.ts.
 */
import type { RequestField } from "./types.ts";

export const DELEGATE_FIELD: RequestField = {
	name: "delegate",
	spec: ["delegate"],
	schema: {
		type: "object",
		additionalProperties: false,
		required: ["depth"],
		properties: {
			depth: {
				type: "integer",
				minimum: 0,
				description:
					"How many levels of children below this child may exist: 1 lets it start children that cannot start " +
					"their own. At most the maxDelegateDepth setting (default 2).",
			},
		},
		description:
			"Lets the child delegate: it gets a `task` tool whose calls pi-delegate runs as checked tasks. A " +
			"grandchild's budget is capped by what remains of the child's (its dollars count against the child's), " +
			"it may write only inside the child's write_allowed and read only inside its roots, under the same " +
			"sandbox, and each audit record names the other. Default: none (the child has no task tool).",
	},
	entries: {
		spec: {},
		// Not a field of the task tool: its every word rides on each of the parent's requests. A spec file
		// (the tool's files) or an agent file asks for it.
	},
};
