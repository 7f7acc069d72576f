/**
 * The delta of repository state: pure comparison of the git states of one root. A commit, a branch
 * switch, a new branch or tag, a stash, a staged change, a new hook, a config edit are each a change
 * even when the working tree ends up byte-identical.
 */

import { octal } from "./diff-entries.ts";
import { diffStore } from "./diff-store.ts";
import { displayName } from "./names.ts";
import { pairEntries } from "./pair.ts";
import type { Change, GitFile, GitState } from "./types.ts";

const short = (id: string | null) => (id === null ? "(no commit)" : id.slice(0, 7));

function refLabel(name: string): string {
	const shown = displayName(name);
	if (name.startsWith("refs/heads/")) return `branch ${shown.slice(11)}`;
	if (name.startsWith("refs/tags/")) return `tag ${shown.slice(10)}`;
	if (name.startsWith("refs/remotes/")) return `remote-tracking ref ${shown.slice(13)}`;
	return `ref ${shown}`;
}

function headText(state: GitState): string {
	const where = state.branch === null ? "detached" : displayName(state.branch.replace(/^refs\/heads\//, ""));
	return `${where} ${short(state.commit)}`;
}

/** `100644 a1b2c3d`, plus stage and flags when they matter. */
function indexText(value: string): string {
	return value
		.split(";")
		.map((stage) => {
			const [tag = "", mode = "", object = "", number = "0"] = stage.split(" ");
			const flags = [tag === "S" || tag === "s" ? "skip-worktree" : "", /[a-z]/.test(tag) ? "assume-unchanged" : ""];
			const extra = [number !== "0" ? `stage ${number}` : "", ...flags].filter(Boolean).join(", ");
			return `${mode} ${object.slice(0, 7)}${extra ? ` (${extra})` : ""}`;
		})
		.join("; ");
}

function fileKind(name: string): Change["kind"] {
	if (name === "hooks" || name.startsWith("hooks/")) return "git-hook";
	if (name === "config" || name.endsWith("config.worktree")) return "git-config";
	return "git-file";
}

function fileText(file: GitFile): string {
	if (file.type === "symlink") return `symlink → ${displayName(file.target ?? "")}`;
	return file.type === "dir" ? "directory" : file.type;
}

/** Names the config keys that were added, removed or changed (values are never shown). */
function configDetail(before: Record<string, string>, after: Record<string, string>): string {
	const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
	const changed = keys
		.filter((key) => before[key] !== after[key] || Object.hasOwn(before, key) !== Object.hasOwn(after, key))
		.map((key) =>
			!Object.hasOwn(before, key) ? `${key} (added)` : !Object.hasOwn(after, key) ? `${key} (removed)` : key,
		);
	return changed.length === 0
		? "config file changed, no setting changed"
		: `config changed: ${changed.map(displayName).join(", ")}`;
}

function diffFiles(b: GitState, a: GitState, add: (path: string, kind: Change["kind"], detail: string) => void): void {
	for (const [name, before] of Object.entries(b.files)) {
		if (!Object.hasOwn(a.files, name)) add(`.git/${name}`, fileKind(name), `${fileText(before)} deleted`);
	}
	for (const [name, after] of Object.entries(a.files)) {
		const kind = fileKind(name);
		if (!Object.hasOwn(b.files, name)) {
			add(`.git/${name}`, kind, `${fileText(after)} added`);
			continue;
		}
		const before = b.files[name]!;
		if (before.type !== after.type) add(`.git/${name}`, kind, `${fileText(before)} → ${fileText(after)}`);
		else if (before.mode !== after.mode) add(`.git/${name}`, kind, `mode ${octal(before.mode)} → ${octal(after.mode)}`);
		if (before.type === after.type && (before.hash !== after.hash || before.target !== after.target)) {
			add(`.git/${name}`, kind, name === "config" ? configDetail(b.config, a.config) : "content changed");
		}
	}
}

function diffRefs(b: GitState, a: GitState, add: (path: string, kind: Change["kind"], detail: string) => void): void {
	for (const [name, id] of Object.entries(b.refs)) {
		if (name !== "refs/stash" && !Object.hasOwn(a.refs, name))
			add(`.git/${name}`, "ref", `${refLabel(name)} deleted (was ${short(id)})`);
	}
	for (const [name, id] of Object.entries(a.refs)) {
		if (name === "refs/stash") continue;
		if (!Object.hasOwn(b.refs, name)) add(`.git/${name}`, "ref", `new ${refLabel(name)} at ${short(id)}`);
		else if (b.refs[name] !== id)
			add(`.git/${name}`, "ref", `${refLabel(name)} ${short(b.refs[name]!)} → ${short(id)}`);
	}
	if (b.stash.join() !== a.stash.join()) {
		add(
			".git/refs/stash",
			"ref",
			`stash ${b.stash.length} → ${a.stash.length} entries (top ${b.stash[0]?.slice(0, 7) ?? "none"} → ${a.stash[0]?.slice(0, 7) ?? "none"})`,
		);
	}
}

function diffIndex(b: GitState, a: GitState, add: (path: string, kind: Change["kind"], detail: string) => void): void {
	pairEntries(
		b.index,
		a.index,
		(path, before, after) => {
			if (before !== after) add(path, "index", `staged ${indexText(before)} → ${indexText(after)}`);
		},
		(path, value) => add(path, "index", `removed from the index (was ${indexText(value)})`),
		(path, value) => add(path, "index", `added to the index (${indexText(value)})`),
	);
}

/** Store changes shown one by one per repository; past this, one line says how many more. */
const STORE_LINES = 12;

/** `.git/<key>`, an alternate object store named by its line in objects/info/alternates. */
function storePath(key: string): string {
	const alternate = /^alternates\/(\d+)(\/.*)?$/.exec(key);
	return alternate ? `.git/objects/info/alternates[${alternate[1]}]${alternate[2] ?? ""}` : `.git/${key}`;
}

/** The object store and reflogs (diff-store.ts), at most STORE_LINES lines per repository. */
function diffStoreOf(
	b: GitState,
	a: GitState,
	add: (path: string, kind: Change["kind"], detail: string) => void,
): void {
	if (b.store === undefined || a.store === undefined) return;
	const changes = diffStore(b.store, a.store);
	const shown = changes.length > STORE_LINES ? changes.slice(0, STORE_LINES - 1) : changes;
	for (const change of shown) add(storePath(change.key), "git-file", change.detail);
	const more = changes.length - shown.length;
	if (more > 0) add(".git/objects", "git-file", `and ${more} more changes in the object store and reflogs`);
}

/** Compares the git states of one root, matched by where each repository sits in the root. */
export function diffGit(root: string, before: readonly GitState[], after: readonly GitState[]): Change[] {
	const changes: Change[] = [];
	const repos = [...new Set([...before.map((s) => s.repo), ...after.map((s) => s.repo)])];
	for (const repo of repos) {
		const prefix = repo === "" ? "" : `${repo}/`;
		const add = (path: string, kind: Change["kind"], detail: string) =>
			changes.push({ root, path: `${prefix}${path}`, kind, detail });
		const b = before.find((s) => s.repo === repo);
		const a = after.find((s) => s.repo === repo);
		if (!b || !a) {
			add(
				".git",
				"git-file",
				b ? "no longer a git repository" : "became a git repository (git init, clone or worktree)",
			);
			continue;
		}
		if (b.commonDir !== a.commonDir || b.gitDir !== a.gitDir) {
			add(".git", "git-file", `git directory ${displayName(b.gitDir)} → ${displayName(a.gitDir)}`);
		}
		if (b.branch !== a.branch || b.commit !== a.commit) {
			add(
				".git/HEAD",
				"head",
				b.branch === a.branch ? `HEAD ${short(b.commit)} → ${short(a.commit)}` : `HEAD ${headText(b)} → ${headText(a)}`,
			);
		}
		diffRefs(b, a, add);
		diffIndex(b, a, add);
		diffFiles(b, a, add);
		diffStoreOf(b, a, add);
	}
	return changes;
}
