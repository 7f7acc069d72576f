/**
 * Roots that are not simply "the top of one repository": a subdirectory of a repository, a linked
 * worktree (a .git file pointing elsewhere), repositories nested inside a root.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { deltaOf, git, gitRepo, pathsOf, summary, tempDir, write } from "./helpers.ts";

describe("a root that is a subdirectory of a repository", () => {
	it("holds index entries only for paths under it, relative to it", async () => {
		const repo = gitRepo({ "docs/guide.md": "g", "src/a.ts": "a" });
		const snapshot = await snapshotRoots([join(repo, "docs")]);
		const state = snapshot.roots[0]!.git[0]!;
		expect(state.repo).toBe("");
		expect(state.index.map(([path]) => path)).toEqual(["guide.md"]);
		expect(pathsOf(snapshot.roots[0])).toEqual(["", "guide.md"]);
	});

	it("owns the repository-level state: a commit made elsewhere in the repository is reported", async () => {
		const repo = gitRepo({ "docs/guide.md": "g", "src/a.ts": "a" });
		const docs = join(repo, "docs");
		const { changes } = await deltaOf([docs], () => {
			write(repo, { "src/a.ts": "changed" });
			git(repo, "commit", "-qam", "outside the root");
		});
		expect(summary(changes)).toEqual(["head .git/HEAD", "ref .git/refs/heads/main"]);
		expect(changes.every((c) => c.root === docs)).toBe(true);
	});

	it("does not report a staged change to a path outside it", async () => {
		const repo = gitRepo({ "docs/guide.md": "g", "src/a.ts": "a" });
		write(repo, { "src/a.ts": "changed" });
		const { changes } = await deltaOf([join(repo, "docs")], () => {
			git(repo, "add", "src/a.ts");
		});
		expect(changes).toEqual([]);
	});
});

describe("a linked worktree", () => {
	it("is read through its .git file: its own HEAD and index, the shared refs", async () => {
		const main = gitRepo({ "a.txt": "a" });
		const linked = join(tempDir("linked"), "wt");
		git(main, "worktree", "add", "-q", "-b", "side", linked);
		const before = await snapshotRoots([linked]);
		const state = before.roots[0]!.git[0]!;
		expect(state.branch).toBe("refs/heads/side");
		expect(state.gitDir).toBe(join(main, ".git/worktrees/wt"));
		expect(state.commonDir).toBe(join(main, ".git"));
		const { changes } = await deltaOf([linked], () => {
			write(linked, { "a.txt": "edited in the worktree" });
			git(linked, "commit", "-qam", "on side");
			git(main, "tag", "from-main");
		});
		expect(summary(changes)).toEqual([
			"head .git/HEAD",
			"ref .git/refs/heads/side",
			"ref .git/refs/tags/from-main",
			"modified a.txt",
			"index a.txt",
		]);
	});
});

describe("repositories nested inside a root", () => {
	it("reads each nested repository's state and reports its changes under its path", async () => {
		const outer = gitRepo({ ".gitignore": "vendor/\n", "a.txt": "a" });
		const inner = join(outer, "vendor/lib");
		write(outer, { "vendor/lib/x.txt": "x" });
		git(inner, "init", "-q", "-b", "trunk");
		git(inner, "add", "-A");
		git(inner, "commit", "-qm", "inner");
		const before = await snapshotRoots([outer]);
		expect(before.roots[0]!.git.map((s) => s.repo)).toEqual(["", "vendor/lib"]);
		const { changes } = await deltaOf([outer], () => {
			git(inner, "tag", "inner-tag");
			git(inner, "status");
		});
		expect(summary(changes)).toEqual(["ref vendor/lib/.git/refs/tags/inner-tag"]);
	});

	it("reports a new repository created inside a plain root (git init)", async () => {
		const root = tempDir("plain");
		write(root, { "p/file.txt": "f" });
		const { changes } = await deltaOf([root], () => {
			git(join(root, "p"), "init", "-q");
		});
		expect(summary(changes)).toEqual(["added p/.git", "git-file p/.git"]);
		expect(changes[1]!.detail).toContain("became a git repository");
	});

	it("treats a root inside a .git directory as plain files", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const snapshot = await snapshotRoots([join(repo, ".git/hooks")]);
		expect(snapshot.roots[0]!.git).toEqual([]);
		expect(pathsOf(snapshot.roots[0]).length).toBeGreaterThan(1);
	});
});

describe("a .git directory that is no repository", () => {
	it("is walked as plain files, so a write inside it is seen, below the root and as the root's own", async () => {
		const root = tempDir();
		write(root, { "vendor/.git/notes.txt": "n", "vendor/code.js": "c", ".git/leftover": "l" });
		const { changes, before } = await deltaOf([root], () =>
			write(root, { "vendor/.git/planted": "p", ".git/leftover": "changed" }),
		);
		expect(before.roots[0]!.git).toEqual([]);
		expect(pathsOf(before.roots[0])).toEqual(expect.arrayContaining(["vendor/.git/notes.txt", ".git/leftover"]));
		expect(summary(changes)).toEqual(["modified .git/leftover", "added vendor/.git/planted"]);
	});

	it("leaves a real repository's .git to the repository state, not the walk", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const snapshot = await snapshotRoots([repo]);
		expect(pathsOf(snapshot.roots[0]).filter((p) => p.startsWith(".git/"))).toEqual([]);
		expect(snapshot.roots[0]!.git).toHaveLength(1);
	});
});
