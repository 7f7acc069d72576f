/**
 * A child's change of one root as a git-format patch: what the run's record keeps as
 * `changes.patch`, what `git apply` lays onto the real root on PASS, and what a person reads.
 * Every section is written the way git writes it (diff.c's builtin_diff), so `git apply` — and
 * `git apply -R` — take it as git's own: full blob ids on every index line (a binary patch
 * applies only with them, and they name each side), modes, type changes as a deletion followed
 * by an addition, exact renames, quoted names, binary content as base85 literals. Pure.
 */
import { binaryLiteral } from "./base85.ts";
import {
	asText,
	blobId,
	contentOf,
	type FileChange,
	type FileState,
	modeOf,
	NO_BLOB,
	sameState,
} from "./file-state.ts";
import { quotePath, quotePrefixed } from "./git-quote.ts";
import { textHunks } from "./hunks.ts";

export type { FileChange, FileState } from "./file-state.ts";

/** One `diff --git` section to write: a path's change, or an exact rename. */
type Section =
	| { kind: "change"; path: string; before?: FileState; after?: FileState }
	| { kind: "rename"; from: string; to: string };

/** Paths in byte order of their UTF-8, as git sorts them (a UTF-16 comparison differs above U+FFFF). */
const byPath = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The sections of `changes`, in path order. Unchanged paths drop out; a file that became a
 * symlink (or back) is a deletion then an addition, as git writes a type change (git apply has no
 * other form for it); a deleted file and an added one with the same kind, mode and non-empty
 * content become a rename (an empty file is the same as every other one, so pairing it would
 * report renames nobody made).
 */
function sections(changes: readonly FileChange[]): Section[] {
	const out: Array<Section & { key: string }> = [];
	const deleted: FileChange[] = [];
	const added: FileChange[] = [];
	for (const change of changes) {
		const { path, before, after } = change;
		if (before && after && sameState(before, after)) continue;
		if (before && after && before.kind !== after.kind) {
			out.push({ kind: "change", key: path, path, before }, { kind: "change", key: path, path, after });
		} else if (before && !after) deleted.push(change);
		else if (after && !before) added.push(change);
		else if (before && after) out.push({ kind: "change", key: path, path, before, after });
	}
	const renamed = pairRenames(deleted, added);
	for (const [from, to] of renamed) out.push({ kind: "rename", key: to, from, to });
	const paired = new Set(renamed.flat());
	for (const change of [...deleted, ...added])
		if (!paired.has(change.path)) out.push({ kind: "change", key: change.path, ...change });
	// Stable: a type change's deletion stays before its addition.
	return out.sort((a, b) => byPath(a.key, b.key)).map(({ key: _key, ...section }) => section);
}

/** The key two states share when one is an exact rename of the other, or undefined for empty files. */
function renameKey(state: FileState): string | undefined {
	const content = contentOf(state);
	if (state.kind === "file" && content.length === 0) return undefined;
	return `${modeOf(state)} ${blobId(content)}`;
}

/**
 * Exact renames as [from, to]: each added path, in path order, takes the first deleted path (in
 * path order) with the same key that no earlier one took. Deterministic, and a deletion pairs
 * with at most one addition.
 */
function pairRenames(deleted: FileChange[], added: FileChange[]): Array<[string, string]> {
	const sources = new Map<string, string[]>();
	for (const change of [...deleted].sort((a, b) => byPath(a.path, b.path))) {
		const key = change.before && renameKey(change.before);
		if (key !== undefined) sources.set(key, [...(sources.get(key) ?? []), change.path]);
	}
	const pairs: Array<[string, string]> = [];
	for (const change of [...added].sort((a, b) => byPath(a.path, b.path))) {
		const key = change.after && renameKey(change.after);
		const from = key === undefined ? undefined : sources.get(key)?.shift();
		if (from !== undefined) pairs.push([from, change.path]);
	}
	return pairs;
}

/** The `---`/`+++` name: git adds a tab after a name with a space, so GNU patch reads it whole. */
const label = (prefix: string, path: string) => `${quotePrefixed(prefix, path)}${path.includes(" ") ? "\t" : ""}`;

/** The content part of a section: base85 literals for binary, hunks for text, nothing when empty. */
function body(path: string, before: FileState | undefined, after: FileState | undefined): string {
	const [old, now] = [before ? contentOf(before) : new Uint8Array(), after ? contentOf(after) : new Uint8Array()];
	if (old.length === 0 && now.length === 0) return "";
	const [oldText, newText] = [asText(old), asText(now)];
	if (oldText === undefined || newText === undefined)
		return `GIT binary patch\n${binaryLiteral(now)}${binaryLiteral(old)}`;
	const names = `--- ${before ? label("a/", path) : "/dev/null"}\n+++ ${after ? label("b/", path) : "/dev/null"}\n`;
	return `${names}${textHunks(oldText, newText)}`;
}

/** The extended header lines of a path's change: its modes and its index line. */
function header(before: FileState | undefined, after: FileState | undefined): string {
	const [oldId, newId] = [before ? blobId(contentOf(before)) : NO_BLOB, after ? blobId(contentOf(after)) : NO_BLOB];
	if (!before) return `new file mode ${modeOf(after!)}\nindex ${oldId}..${newId}\n`;
	if (!after) return `deleted file mode ${modeOf(before)}\nindex ${oldId}..${newId}\n`;
	const [oldMode, newMode] = [modeOf(before), modeOf(after)];
	const modes = oldMode === newMode ? "" : `old mode ${oldMode}\nnew mode ${newMode}\n`;
	if (oldId === newId) return modes;
	return `${modes}index ${oldId}..${newId}${modes === "" ? ` ${newMode}` : ""}\n`;
}

function writeSection(section: Section): string {
	if (section.kind === "rename") {
		const { from, to } = section;
		const head = `diff --git ${quotePrefixed("a/", from)} ${quotePrefixed("b/", to)}\n`;
		return `${head}similarity index 100%\nrename from ${quotePath(from)}\nrename to ${quotePath(to)}\n`;
	}
	const { path, before, after } = section;
	const head = `diff --git ${quotePrefixed("a/", path)} ${quotePrefixed("b/", path)}\n`;
	const oldId = before && blobId(contentOf(before));
	const sameContent = before && after && oldId === blobId(contentOf(after));
	return `${head}${header(before, after)}${sameContent ? "" : body(path, before, after)}`;
}

/** A git-format patch (`diff --git` sections, sorted by path) that `git apply` applies to a tree holding every `before`, giving every `after`. */
export function gitPatch(changes: readonly FileChange[]): string {
	return sections(changes).map(writeSection).join("");
}

/** How many files it touches, for the report: added, modified, deleted, renamed. */
export function patchStats(changes: readonly FileChange[]): {
	added: number;
	modified: number;
	deleted: number;
	renamed: number;
} {
	const stats = { added: 0, modified: 0, deleted: 0, renamed: 0 };
	const all = sections(changes);
	const seen = new Map<string, number>();
	for (const section of all) if (section.kind === "change") seen.set(section.path, (seen.get(section.path) ?? 0) + 1);
	for (const section of all) {
		if (section.kind === "rename") stats.renamed++;
		// A type change is written as two sections of one path; it counts once, as a modification.
		else if (seen.get(section.path) === 2) stats.modified += section.after ? 1 : 0;
		else if (section.before && section.after) stats.modified++;
		else if (section.before) stats.deleted++;
		else stats.added++;
	}
	return stats;
}
