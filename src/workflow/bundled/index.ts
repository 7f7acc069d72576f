/**
 * The workflows pi-delegate ships as Pi commands. Each is an ordinary workflow script in this
 * folder, written with the same API as any other, and loaded only when its command is first used;
 * catalog.ts lists them.
 */
import { fileURLToPath } from "node:url";
import type { WorkflowFunction, WorkflowLimits } from "../types.ts";
import { BUNDLED_WORKFLOW_INFO, type BundledWorkflowInfo } from "./catalog.ts";

/** This folder: a bundled script's frames are in it (as .ts from source, .js from a build). */
export const BUNDLED_DIR = fileURLToPath(new URL(".", import.meta.url));

/** Whether a source file is the bundled script `name`. */
export function isBundledScript(name: string, file: string): boolean {
	if (!file.startsWith(BUNDLED_DIR)) return false;
	const rest = file.slice(BUNDLED_DIR.length);
	return rest === `${name}.ts` || rest === `${name}.js`;
}

export interface BundledWorkflow extends BundledWorkflowInfo {
	load(): Promise<{ default: WorkflowFunction; limits?: Partial<WorkflowLimits> }>;
}

const LOADERS: Readonly<Record<string, BundledWorkflow["load"]>> = {
	"code-review": () => import("./code-review.ts"),
	"deep-research": () => import("./deep-research.ts"),
	"adversarial-review": () => import("./adversarial-review.ts"),
};

export const BUNDLED_WORKFLOWS: readonly BundledWorkflow[] = BUNDLED_WORKFLOW_INFO.map((info) => {
	const load = LOADERS[info.name];
	if (load === undefined) throw new Error(`bundled workflow ${info.name} has no loader`);
	return { ...info, load };
});
