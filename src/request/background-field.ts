/**
 * The request table's row for `background`: a `task` or `fork` call that returns at once with a run
 * id per child, whose children run on and report to the parent as a message each when they end
 * (src/pi/background.ts). Not a spec field: how a call waits changes nothing a child sees or is
 * judged by. Its brief is a few words because the definition rides on every request of the parent.
 */
import type { RequestField } from "./types.ts";

export const BACKGROUND_FIELD: RequestField = {
	name: "background",
	kinds: ["task", "fork"],
	schema: {
		type: "boolean",
		description:
			"Return at once with a run id per child; each child's verdict and report reach the parent as a message when it ends.",
	},
	entries: {
		task: { scope: "call", brief: "Return now; results come as messages." },
		fork: { brief: "" },
	},
};
