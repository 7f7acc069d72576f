/**
 * The files a child's audit directory holds once it has finished, in the order they are written —
 * one list, each file marked with the kinds of child that have it: a task records its spec and the
 * view it was given, a fork the brief and the branch point it took; a task and a fork are watched, so
 * their roots' snapshots before and after stand around the child's own events.
 */
import { AFTER_FILE, BEFORE_FILE } from "../boundary/codec.ts";
import type { ChildKind } from "../request/types.ts";

const FILES: ReadonlyArray<readonly [string, readonly ChildKind[]]> = [
	["spec.json", ["task"]],
	["fork.json", ["fork"]],
	["prompt.txt", ["task", "fork", "unchecked"]],
	["view.json", ["task", "unchecked"]],
	["launch.json", ["task", "fork", "unchecked"]],
	[BEFORE_FILE, ["task", "fork"]],
	["events.ndjson", ["task", "fork", "unchecked"]],
	["session.jsonl", ["task", "fork", "unchecked"]],
	[AFTER_FILE, ["task", "fork"]],
	["outcome.json", ["task", "fork", "unchecked"]],
	["result.json", ["task", "fork", "unchecked"]],
];

/** The files a child of this kind leaves in its audit directory. */
export function auditFiles(kind: ChildKind): string[] {
	return FILES.filter(([, kinds]) => kinds.includes(kind)).map(([file]) => file);
}
