/**
 * Pi's bash tool, built so that pi-delegate itself records every command it executes and how the
 * command ended. A `cmd:` pointer is verified against this record and nothing else: a bash call
 * that never ran a command (the tool is not the child's — "Tool bash not found" —, an agent's
 * command rules or another tool_call hook refused it, its working directory was gone) is not in
 * it, and the exit status is the one the shell returned to this code, not a number read from the
 * tool's text, which a command's own output could forge ("Command exited with code 0").
 *
 * It is Pi's own definition (so the model sees the very tool a child of any runner sees), with
 * Pi's own local shell operations wrapped: each call gets operations of its own that note the
 * exit status they return. Both runners use it: the in-process runner in its contained tools, the
 * subprocess child's pi-delegate extension in place of Pi's built-in bash.
 */
import {
	type BashOperations,
	type BashSpawnHook,
	createBashToolDefinition,
	createLocalBashOperations,
} from "@earendil-works/pi-coding-agent";
import type { CommandRun } from "../../envelope/command-runs.ts";

export type { CommandRun } from "../../envelope/command-runs.ts";

/** What stopped a command before it exited, from the error Pi's shell operations throw then. */
function stoppedBy(error: unknown): CommandRun["stopped"] | undefined {
	const message = error instanceof Error ? error.message : "";
	if (message.startsWith("timeout:")) return "timed out";
	if (message === "aborted") return "aborted";
	return undefined;
}

/** Shell operations that report the run they carried out (a command that never started reports none). */
function recordingOperations(command: string, onRun: (run: CommandRun) => void): BashOperations {
	const local = createLocalBashOperations();
	return {
		exec: async (line, cwd, options) => {
			try {
				const result = await local.exec(line, cwd, options);
				onRun({ command, exit: result.exitCode });
				return result;
			} catch (error) {
				const stopped = stoppedBy(error);
				if (stopped) onRun({ command, exit: null, stopped });
				throw error;
			}
		},
	};
}

/**
 * Pi's bash with `spawnHook` (containment, the sandbox), calling `onRun` once for each command it
 * executed, when the command has ended and before the tool's result goes back to the model.
 */
export function recordingBash(
	cwd: string,
	spawnHook: BashSpawnHook | undefined,
	onRun: (run: CommandRun) => void,
): ReturnType<typeof createBashToolDefinition> {
	const shown = createBashToolDefinition(cwd, { ...(spawnHook && { spawnHook }) });
	return {
		...shown,
		execute: (id, params, signal, onUpdate, ctx) => {
			const operations = recordingOperations(params.command, onRun);
			const tool = createBashToolDefinition(cwd, { ...(spawnHook && { spawnHook }), operations });
			return tool.execute(id, params, signal, onUpdate, ctx);
		},
	};
}
