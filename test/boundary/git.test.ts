/**
 * Git roots: repository state (HEAD, refs, stash, index, config, hooks) and the working tree,
 * ignored directories included — and the snapshot itself never changes the repository.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { deltaOf, git, gitRepo, NOTHING_RACY, summary, tempDir, write } from "./helpers.ts";

const IGNORED = {
	".gitignore": "node_modules/\n__pycache__/\ndist/\n",
	"src/app.js": "app\n",
	"node_modules/pkg/index.js": "module.exports = 1;\n",
	"__pycache__/mod.cpython-311.pyc": "bytecode",
	"dist/bundle.js": "bundle\n",
};

describe("git roots: the working tree", () => {
	it.each([
		["node_modules/pkg/index.js", "node_modules/pkg/extra.js"],
		["__pycache__/mod.cpython-311.pyc", "__pycache__/other.pyc"],
		["dist/bundle.js", "dist/chunk.js"],
	])("sees an edit and a new file inside the already-ignored %s", async (existing, added) => {
		const repo = gitRepo(IGNORED);
		const { changes } = await deltaOf([repo], () => {
			write(repo, { [existing]: "rewritten, longer\n", [added]: "new" });
		});
		expect(summary(changes).sort()).toEqual([`added ${added}`, `modified ${existing}`]);
		// git status, asked the same question, sees nothing.
		expect(git(repo, "status", "--porcelain", "--ignored")).not.toContain(added);
	});

	it("sees a same-size rewrite with restored mtime inside an ignored directory", async () => {
		const repo = gitRepo(IGNORED);
		const file = join(repo, "node_modules/pkg/index.js");
		utimesSync(file, 1_600_000_000, 1_600_000_000);
		const { changes } = await deltaOf(
			[repo],
			() => {
				writeFileSync(file, "module.exports = 2;\n");
				utimesSync(file, 1_600_000_000, 1_600_000_000);
			},
			NOTHING_RACY,
		);
		expect(summary(changes)).toEqual(["modified node_modules/pkg/index.js"]);
	});

	it("sees a new untracked file", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const { changes } = await deltaOf([repo], () => write(repo, { "untracked.txt": "u" }));
		expect(summary(changes)).toEqual(["added untracked.txt"]);
	});
});

describe("git roots: repository state", () => {
	it("reports a staged-only change as an index change", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		write(repo, { "a.txt": "edited before the snapshot" });
		const { changes } = await deltaOf([repo], () => {
			git(repo, "add", "a.txt");
		});
		expect(summary(changes)).toEqual(["index a.txt"]);
		expect(changes[0]!.detail).toMatch(/^staged 100644 [0-9a-f]{7} → 100644 [0-9a-f]{7}$/);
	});

	it("reports a commit: HEAD and the branch move", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		write(repo, { "a.txt": "b" });
		git(repo, "add", "a.txt");
		const { changes } = await deltaOf([repo], () => {
			git(repo, "commit", "-qm", "second");
		});
		expect(summary(changes)).toEqual(
			[".git/HEAD", ".git/refs/heads/main"].map((p) => `${p.endsWith("HEAD") ? "head" : "ref"} ${p}`),
		);
		expect(changes[0]!.detail).toMatch(/^HEAD [0-9a-f]{7} → [0-9a-f]{7}$/);
	});

	it("reports a branch switch, a new branch and a new tag", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const { changes } = await deltaOf([repo], () => {
			git(repo, "tag", "v1.0");
			git(repo, "switch", "-q", "-c", "feature");
		});
		expect(changes.map((c) => `${c.kind} ${c.path}: ${c.detail.replace(/[0-9a-f]{7}/g, "<id>")}`)).toEqual([
			"head .git/HEAD: HEAD main <id> → feature <id>",
			"ref .git/refs/heads/feature: new branch feature at <id>",
			"ref .git/refs/tags/v1.0: new tag v1.0 at <id>",
		]);
	});

	it("reports a stash, even though the working tree ends up as it was", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		utimesSync(join(repo, "a.txt"), 1_600_000_000, 1_600_000_000);
		const { changes } = await deltaOf([repo], () => {
			write(repo, { "a.txt": "b" });
			git(repo, "stash", "-q");
		});
		const ref = changes.find((c) => c.path === ".git/refs/stash");
		expect(ref?.detail).toMatch(/^stash 0 → 1 entries/);
	});

	it("reports a new hook and a config change, naming the key but not the value", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const { changes } = await deltaOf([repo], () => {
			writeFileSync(join(repo, ".git/hooks/pre-commit"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
			git(repo, "config", "core.hooksPath", "/tmp/elsewhere");
		});
		expect(changes.map((c) => `${c.kind} ${c.path}: ${c.detail}`)).toEqual([
			"git-config .git/config: config changed: core.hookspath (added)",
			"git-hook .git/hooks/pre-commit: file added",
		]);
		expect(JSON.stringify(changes)).not.toContain("/tmp/elsewhere");
	});

	it("reports an exclude rule added to .git/info/exclude", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const { changes } = await deltaOf([repo], () => {
			writeFileSync(join(repo, ".git/info/exclude"), "secret/\n");
		});
		expect(summary(changes)).toEqual(["git-file .git/info/exclude"]);
	});

	it("reports a merge left half done: conflict stages in the index and MERGE_HEAD", async () => {
		const repo = gitRepo({ "a.txt": "base\n" });
		git(repo, "switch", "-q", "-c", "other");
		write(repo, { "a.txt": "other\n" });
		git(repo, "commit", "-qam", "other");
		git(repo, "switch", "-q", "main");
		write(repo, { "a.txt": "main\n" });
		git(repo, "commit", "-qam", "main");
		const { changes } = await deltaOf([repo], () => {
			try {
				git(repo, "merge", "-q", "other");
			} catch {
				// The conflict is the point.
			}
		});
		const index = changes.find((c) => c.kind === "index");
		expect(index?.detail).toContain("(stage 1)");
		expect(summary(changes)).toContain("git-file .git/MERGE_HEAD");
		expect(summary(changes)).toContain("modified a.txt");
	});

	it("reports the first commit of a repository that had none", async () => {
		const repo = tempDir("empty");
		git(repo, "init", "-q", "-b", "main");
		write(repo, { "a.txt": "a" });
		const before = await snapshotRoots([repo]);
		expect(before.roots[0]!.git[0]).toMatchObject({ branch: "refs/heads/main", commit: null, refs: {} });
		const { changes } = await deltaOf([repo], () => {
			git(repo, "add", "a.txt");
			git(repo, "commit", "-qm", "first");
		});
		expect(summary(changes)).toEqual(["head .git/HEAD", "ref .git/refs/heads/main", "index a.txt"]);
	});
});

describe("git roots: no false alarms, no writes", () => {
	it("reports nothing when git status runs between the snapshots, even with a stale index", async () => {
		const repo = gitRepo(IGNORED);
		// A tracked file whose stat no longer matches the index: git status will refresh the index.
		utimesSync(join(repo, "src/app.js"), 1_600_000_000, 1_600_000_000);
		const { changes } = await deltaOf([repo], () => {
			utimesSync(join(repo, "src/app.js"), 1_600_000_000, 1_600_000_000);
		});
		expect(changes).toEqual([]);
		const second = await deltaOf([repo], () => {
			git(repo, "status");
			git(repo, "status", "--porcelain", "--ignored");
		});
		expect(second.changes).toEqual([]);
	});

	it("never writes the index or takes its lock, even when the index is stale", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		utimesSync(join(repo, "a.txt"), 1_600_000_000, 1_600_000_000);
		const index = join(repo, ".git/index");
		const bytes = readFileSync(index);
		const { mtimeMs } = statSync(index);
		await snapshotRoots([repo]);
		await snapshotRoots([repo], { walker: "node" });
		expect(readFileSync(index).equals(bytes)).toBe(true);
		expect(statSync(index).mtimeMs).toBe(mtimeMs);
		expect(existsSync(`${index}.lock`)).toBe(false);
	});

	it.skipIf(process.getuid?.() !== 0)("reads a repository owned by another user, which git would refuse", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		execFileSync("chown", ["-R", "nobody", repo]);
		const snapshot = await snapshotRoots([repo]);
		expect(snapshot.roots[0]!.git[0]?.index.map(([path]) => path)).toEqual(["a.txt"]);
	});

	it("reads the root's own repository even when GIT_DIR points elsewhere", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const other = gitRepo({ "b.txt": "b" }, "other");
		const saved = process.env.GIT_DIR;
		process.env.GIT_DIR = join(other, ".git");
		try {
			const snapshot = await snapshotRoots([repo]);
			expect(snapshot.roots[0]!.git[0]!.index.map(([path]) => path)).toEqual(["a.txt"]);
		} finally {
			if (saved === undefined) delete process.env.GIT_DIR;
			else process.env.GIT_DIR = saved;
		}
	});
});
