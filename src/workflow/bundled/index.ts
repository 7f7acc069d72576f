/**
 * The workflows pi-delegate ships as Pi commands. Each is an ordinary workflow script in this
 * folder, written with the same API as any other, and loaded only when its command is first used.
 */
import { fileURLToPath } from "node:url";
import type { WorkflowFunction, WorkflowLimits } from "../types.ts";

/** This folder: a bundled script's frames are in it (as .ts from source, .js from a build). */
export const BUNDLED_DIR = fileURLToPath(new URL(".", import.meta.url));

/** Whether a source file is the bundled script `name`. */
export function isBundledScript(name: string, file: string): boolean {
	if (!file.startsWith(BUNDLED_DIR)) return false;
	const rest = file.slice(BUNDLED_DIR.length);
	return rest === `${name}.ts` || rest === `${name}.js`;
}

export interface BundledWorkflow {
	name: string;
	description: string;
	/** What goes after the command (besides `--mode M`). */
	usage: string;
	/** The script's file, relative to this folder (for messages and the record). */
	file: string;
	load(): Promise<{ default: WorkflowFunction; limits?: Partial<WorkflowLimits> }>;
}

export const BUNDLED_WORKFLOWS: readonly BundledWorkflow[] = [
	{
		name: "code-review",
		description: "Read-only review of a file or directory; every finding has a verified file:line",
		usage: "[target]",
		file: "code-review.ts",
		load: () => import("./code-review.ts"),
	},
	{
		name: "deep-research",
		description: "Answer a question about this code: sub-questions researched in parallel, one cited answer",
		usage: "<question>",
		file: "deep-research.ts",
		load: () => import("./deep-research.ts"),
	},
	{
		name: "adversarial-review",
		description: "Review a target, then have each finding challenged; report what survives",
		usage: "<target>",
		file: "adversarial-review.ts",
		load: () => import("./adversarial-review.ts"),
	},
];
