/**
 * Reading a snapshot back from JSON (pure: text in, snapshot or problems out). A snapshot of another
 * format version is refused rather than half-understood: comparing fields whose meaning moved would
 * produce false alarms or, worse, silence.
 */
import { Compile } from "typebox/compile";
import type { Problem } from "../problems.ts";
import { SNAPSHOT_VERSION, type Snapshot, SnapshotSchema } from "./types.ts";

let validator: ReturnType<typeof Compile<typeof SnapshotSchema>> | undefined;

/** Parses and checks a snapshot. `source` names it in problems (e.g. the file path). */
export function parseSnapshot(text: string, source: string): { snapshot: Snapshot } | { problems: Problem[] } {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return {
			problems: [
				{
					path: source,
					value: text.slice(0, 40),
					message: `is not JSON: ${(error as Error).message}`,
					fix: "pass a file written by `pi-delegate boundary snapshot`",
				},
			],
		};
	}
	const version = (data as { version?: unknown } | null)?.version;
	if (version !== SNAPSHOT_VERSION) {
		return {
			problems: [
				{
					path: `${source}: version`,
					value: version,
					message: `is not snapshot format version ${SNAPSHOT_VERSION}`,
					fix: "take both snapshots with the same pi-delegate version",
				},
			],
		};
	}
	validator ??= Compile(SnapshotSchema);
	if (validator.Check(data)) return { snapshot: data };
	const problems = [...validator.Errors(data)].slice(0, 10).map(
		(error): Problem => ({
			path: `${source}: ${error.instancePath || "(root)"}`,
			value: undefined,
			message: error.message,
			fix: "pass an unmodified file written by `pi-delegate boundary snapshot`",
		}),
	);
	return { problems };
}
