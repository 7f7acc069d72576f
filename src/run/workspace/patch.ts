// TEMPORARY STUB (replaced by the real writer)
export type FileState =
	| { kind: "file"; executable: boolean; bytes: Uint8Array }
	| { kind: "symlink"; target: string };
export interface FileChange {
	path: string;
	before?: FileState;
	after?: FileState;
}
export function gitPatch(changes: readonly FileChange[]): string {
	return changes.map((c) => `diff --git a/${c.path} b/${c.path}\n`).join("");
}
export function patchStats(changes: readonly FileChange[]) {
	let added = 0;
	let modified = 0;
	let deleted = 0;
	for (const c of changes) {
		if (!c.before) added++;
		else if (!c.after) deleted++;
		else modified++;
	}
	return { added, modified, deleted, renamed: 0 };
}
