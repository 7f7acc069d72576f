/** The pure repository-state rules, on hand-written git states. */
import { describe, expect, it } from "vitest";
import { diffGit } from "../../src/boundary/diff-git.ts";
import type { GitState } from "../../src/boundary/types.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(40);

function state(over: Partial<GitState> = {}): GitState {
	return {
		repo: "",
		gitDir: "/r/.git",
		commonDir: "/r/.git",
		branch: "refs/heads/main",
		commit: A,
		refs: { "refs/heads/main": A },
		stash: [],
		index: [["a.txt", `H 100644 ${A} 0`]],
		config: { "core.bare": "h1" },
		files: { config: { type: "file", mode: 0o644, hash: "c1" } },
		...over,
	};
}

const lines = (before: GitState[], after: GitState[]) =>
	diffGit("/r", before, after).map((c) => `${c.kind} ${c.path}: ${c.detail}`);

describe("repository state rules", () => {
	it("reports nothing for equal states", () => {
		expect(lines([state()], [state()])).toEqual([]);
	});

	it("reports a detached HEAD moving, and a switch between branches", () => {
		expect(lines([state({ branch: null })], [state({ branch: null, commit: B })])).toEqual([
			"head .git/HEAD: HEAD aaaaaaa → bbbbbbb",
		]);
		expect(lines([state()], [state({ branch: "refs/heads/dev" })])).toEqual([
			"head .git/HEAD: HEAD main aaaaaaa → dev aaaaaaa",
		]);
		expect(lines([state({ commit: null, refs: {} })], [state({ branch: null })])).toEqual([
			"head .git/HEAD: HEAD main (no commit) → detached aaaaaaa",
			"ref .git/refs/heads/main: new branch main at aaaaaaa",
		]);
	});

	it("names refs by what they are: branch, tag, remote-tracking ref, other", () => {
		const after = state({
			refs: { "refs/heads/main": B, "refs/tags/v1": A, "refs/remotes/origin/x": A, "refs/notes/commits": A },
		});
		expect(lines([state()], [after])).toEqual([
			"ref .git/refs/heads/main: branch main aaaaaaa → bbbbbbb",
			"ref .git/refs/tags/v1: new tag v1 at aaaaaaa",
			"ref .git/refs/remotes/origin/x: new remote-tracking ref origin/x at aaaaaaa",
			"ref .git/refs/notes/commits: new ref refs/notes/commits at aaaaaaa",
		]);
		expect(lines([after], [state({ refs: { "refs/heads/main": B } })])).toContain(
			"ref .git/refs/tags/v1: tag v1 deleted (was aaaaaaa)",
		);
	});

	it("reports the stash as one change, also when an older entry is dropped", () => {
		const one = state({ refs: { ...state().refs, "refs/stash": B }, stash: [B] });
		const two = state({ refs: { ...state().refs, "refs/stash": C }, stash: [C, B] });
		const dropped = state({ refs: { ...state().refs, "refs/stash": C }, stash: [C] });
		expect(lines([state()], [one])).toEqual(["ref .git/refs/stash: stash 0 → 1 entries (top none → bbbbbbb)"]);
		expect(lines([one], [two])).toEqual(["ref .git/refs/stash: stash 1 → 2 entries (top bbbbbbb → ccccccc)"]);
		expect(lines([two], [dropped])).toEqual(["ref .git/refs/stash: stash 2 → 1 entries (top ccccccc → ccccccc)"]);
	});

	it("shows a conflicted path's stages", () => {
		const conflict = state({ index: [["a.txt", `H 100644 ${A} 1;H 100644 ${B} 2;H 100644 ${C} 3`]] });
		expect(lines([state()], [conflict])).toEqual([
			"index a.txt: staged 100644 aaaaaaa → 100644 aaaaaaa (stage 1); 100644 bbbbbbb (stage 2); 100644 ccccccc (stage 3)",
		]);
	});

	it("reports index entries added, removed, restaged and flagged", () => {
		const after = state({
			index: [
				["a.txt", `h 100755 ${B} 0`],
				["n.txt", `H 100644 ${C} 0`],
			],
		});
		expect(lines([state()], [after])).toEqual([
			"index a.txt: staged 100644 aaaaaaa → 100755 bbbbbbb (assume-unchanged)",
			"index n.txt: added to the index (100644 ccccccc)",
		]);
		expect(lines([after], [state({ index: [] })])).toContain(
			"index n.txt: removed from the index (was 100644 ccccccc)",
		);
	});

	it("names config keys that changed but never their values; a comment-only edit still counts", () => {
		const edited = state({
			config: { "core.bare": "h2", "user.name": "h3" },
			files: { config: { type: "file", mode: 0o644, hash: "c2" } },
		});
		expect(lines([state()], [edited])).toEqual([
			"git-config .git/config: config changed: core.bare, user.name (added)",
		]);
		const comment = state({ files: { config: { type: "file", mode: 0o644, hash: "c3" } } });
		expect(lines([state()], [comment])).toEqual(["git-config .git/config: config file changed, no setting changed"]);
	});

	it("classifies hooks and other state files", () => {
		const after = state({
			files: {
				...state().files,
				"hooks/pre-commit": { type: "file", mode: 0o755, hash: "x" },
				MERGE_HEAD: { type: "file", mode: 0o644, hash: "y" },
			},
		});
		expect(lines([state()], [after])).toEqual([
			"git-hook .git/hooks/pre-commit: file added",
			"git-file .git/MERGE_HEAD: file added",
		]);
	});

	it("prefixes a nested repository's paths and reports a repository appearing or vanishing", () => {
		const nested = state({ repo: "vendor/lib" });
		expect(lines([state(), nested], [state(), state({ repo: "vendor/lib", commit: B })])).toEqual([
			"head vendor/lib/.git/HEAD: HEAD aaaaaaa → bbbbbbb",
		]);
		expect(lines([state()], [state(), nested])).toEqual([
			"git-file vendor/lib/.git: became a git repository (git init, clone or worktree)",
		]);
		expect(lines([state(), nested], [state()])).toEqual(["git-file vendor/lib/.git: no longer a git repository"]);
	});
});
