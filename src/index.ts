/** The public API of pi-delegate: the pure core and the runners, for programs that embed it. */

export { resolveWriteAllowed } from "./boundary/allowed.ts";
export { diffSnapshots } from "./boundary/diff.ts";
export { parseEntry } from "./boundary/entry.ts";
export { judgeChanges } from "./boundary/judge.ts";
export { parseSnapshot } from "./boundary/load.ts";
export { type SnapshotOptions, snapshotRoots } from "./boundary/snapshot.ts";
export {
	type Change,
	type ChangeKind,
	type Entry,
	type GitState,
	type Judgement,
	type RootSnapshot,
	SNAPSHOT_VERSION,
	type Snapshot,
	SnapshotSchema,
} from "./boundary/types.ts";
export type { Problem } from "./problems.ts";
