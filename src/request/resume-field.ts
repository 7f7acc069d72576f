/**
 * The request table's row for `resume`: a finished run whose session the child continues, with the
 * call's goal (a fork's brief) as its next user message (plan/resume.ts, run/audit/resume-record.ts).
 * It is rare and rides on every request of the parent, so the tools take it without defining it:
 * their descriptions name it on their "Also:" line.
 */
import type { RequestField } from "./types.ts";

export const RESUME_FIELD: RequestField = {
	name: "resume",
	kinds: ["task", "fork"],
	schema: {
		type: "string",
		description:
			"A finished run to continue (its audit directory's name, a task id for its latest run, or the path " +
			"of a run in the runs directory): the child resumes that run's session with this goal as its next " +
			"message, and the new leg is planned, watched and judged like any run. A task's spec is the first " +
			"leg's with the call's fields over it; what it may write, its network and .git allowances and its " +
			"budget come from the call alone.",
	},
	entries: {
		task: {},
		fork: {},
		run: {
			value: "<run>",
			usage: [
				"continue a finished run's session (a run id, a task id for its latest run,",
				"or the path of a run): the spec gives the new goal and any field to change",
			],
		},
	},
};
