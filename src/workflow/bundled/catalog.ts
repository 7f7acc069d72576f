/**
 * The workflows pi-delegate ships, as Pi lists them: name, description and usage. Kept apart from
 * the scripts' loaders (index.ts), which find their folder from their own module URL: the extension
 * registers a command per workflow when Pi starts, and this list is all it needs then, so it goes
 * into the start-up bundle while the loaders stay in src/ and load with the first run.
 */

export interface BundledWorkflowInfo {
	name: string;
	description: string;
	/** What goes after the command (besides `--mode M`). */
	usage: string;
	/** The script's file, relative to the bundled folder (for messages and the record). */
	file: string;
}

export const BUNDLED_WORKFLOW_INFO: readonly BundledWorkflowInfo[] = [
	{
		name: "code-review",
		description: "Read-only review of a file or directory; every finding has a verified file:line",
		usage: "[target]",
		file: "code-review.ts",
	},
	{
		name: "deep-research",
		description: "Answer a question about this code: sub-questions researched in parallel, one cited answer",
		usage: "<question>",
		file: "deep-research.ts",
	},
	{
		name: "adversarial-review",
		description: "Review a target, then have each finding challenged; report what survives",
		usage: "<target>",
		file: "adversarial-review.ts",
	},
];
