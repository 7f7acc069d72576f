/**
 * The full-output files of an in-process child's bash commands. Pi keeps a command's whole output
 * in `pi-bash-<hex>.log` under the temporary directory once it passes what the model is shown (50
 * KB), and tells the model its path: one command printed 60 MB there. A sandboxed subprocess
 * child's land in its private /tmp, removed with it; an in-process child's, and an unsandboxed
 * subprocess child's, land in this process's temporary directory and would stay. So the runner
 * notes each one the child's bash made (Pi names it in the details of the call's updates and
 * result: the in-process bash tool reports it, a subprocess child's events carry it) and deletes
 * them when the run ends: the record keeps what the model saw (the tail, in events.ndjson), not
 * the rest. Only a name Pi gives such a file, directly in the temporary directory, is deleted.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import type { ToolDefinition } from "@earendil-works/pi-coding-agent";

/** A name Pi gives a bash command's full output, and nothing else. */
const OUTPUT_FILE = /^pi-bash-[0-9a-f]+\.log$/;

/** The full-output file named in a tool result's or update's details, if it is one of Pi's. */
function outputFile(result: unknown): string | undefined {
	const details = (result as { details?: { fullOutputPath?: unknown } } | undefined)?.details;
	const path = details?.fullOutputPath;
	if (typeof path !== "string" || !OUTPUT_FILE.test(basename(path)) || dirname(path) !== tmpdir()) return undefined;
	return path;
}

/** `bash` that hands `onFile` each full-output file it makes. */
export function reportOutputFiles(bash: ToolDefinition, onFile: (path: string) => void): ToolDefinition {
	const seen = (result: unknown) => {
		const path = outputFile(result);
		if (path !== undefined) onFile(path);
	};
	return {
		...bash,
		execute: async (id, params, signal, onUpdate, ctx) => {
			const result = await bash.execute(
				id,
				params,
				signal,
				(partial) => {
					seen(partial);
					onUpdate?.(partial);
				},
				ctx,
			);
			seen(result);
			return result;
		},
	};
}

/** The full-output file a subprocess child's Pi names in a bash call's update or result event. */
export function bashOutputFile(event: unknown): string | undefined {
	const e = event as { type?: unknown; toolName?: unknown; result?: unknown; partialResult?: unknown } | null;
	if (e === null || typeof e !== "object" || e.toolName !== "bash") return undefined;
	if (e.type === "tool_execution_end") return outputFile(e.result);
	return e.type === "tool_execution_update" ? outputFile(e.partialResult) : undefined;
}

/** Deletes the files a run's commands left; one already gone is fine. */
export function removeOutputFiles(paths: Iterable<string>): void {
	for (const path of paths) rmSync(path, { force: true });
}
