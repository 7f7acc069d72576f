/**
 * What one path holds before or after a run, and the facts a patch needs of it: its bytes, its
 * mode, its git blob id, whether git would diff it as text. Pure: hashing computes.
 */
import { createHash } from "node:crypto";

export type FileState = { kind: "file"; executable: boolean; bytes: Uint8Array } | { kind: "symlink"; target: string };

export interface FileChange {
	/** Relative to the root, with `/` between names and no leading `./`. */
	path: string;
	/** What the path held before the run; absent when it did not exist. */
	before?: FileState;
	/** What the path holds after the run; absent when it no longer exists. */
	after?: FileState;
}

/** The blob id of nothing, as an index line writes a side that does not exist. */
export const NO_BLOB = "0".repeat(40);

/** The content git stores: a file's bytes, a symlink's target. */
export function contentOf(state: FileState): Uint8Array {
	return state.kind === "file" ? state.bytes : new TextEncoder().encode(state.target);
}

/** The mode git records: 100644, 100755 or 120000. */
export function modeOf(state: FileState): string {
	if (state.kind === "symlink") return "120000";
	return state.executable ? "100755" : "100644";
}

/** Blob ids already computed, by content: a patch asks for each side's id more than once. */
const ids = new WeakMap<Uint8Array, string>();

/** The git blob id of `content`: sha1 of `blob <length>\0` and the bytes. */
export function blobId(content: Uint8Array): string {
	const known = ids.get(content);
	if (known !== undefined) return known;
	const id = createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
	ids.set(content, id);
	return id;
}

/** How far git looks for a NUL byte to call content binary (xdiff-interface.c's FIRST_FEW_BYTES). */
const FIRST_FEW_BYTES = 8000;

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The content as text, or undefined when it goes into the patch as binary: a NUL in its first
 * 8000 bytes (git's own rule), or bytes that are not valid UTF-8 — a hunk is written as a string,
 * and only valid UTF-8 turns into one and back without a byte changing. A byte-order mark stays.
 */
export function asText(content: Uint8Array): string | undefined {
	if (content.subarray(0, FIRST_FEW_BYTES).includes(0)) return undefined;
	try {
		return UTF8.decode(content);
	} catch {
		return undefined;
	}
}

/** True when both states hold the same thing: same kind, mode and content. */
export function sameState(a: FileState, b: FileState): boolean {
	if (a.kind === "symlink") return b.kind === "symlink" && a.target === b.target;
	return b.kind === "file" && a.executable === b.executable && Buffer.from(a.bytes).equals(b.bytes);
}
