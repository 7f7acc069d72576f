/**
 * Roots that share a repository: read once, and each root still gets exactly what git says when
 * asked in that root alone (index entries under it, relative to it) — including the cases where
 * the shortcut must not be taken (a broken .git on the way, a root inside a git directory or a
 * bare repository).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Exec, exec } from "../../src/boundary/exec.ts";
import { readRepo } from "../../src/boundary/git-state.ts";
import { enclosingRepos, type RootRepo } from "../../src/boundary/repos.ts";
import { git, gitRepo, tempDir, write } from "./helpers.ts";

/** What a lone root gets: git asked in the root itself. */
async function alone(dir: string): Promise<RootRepo> {
	const read = await readRepo(dir);
	if (read.kind !== "repo") return read.kind === "none" ? read : { kind: "error", message: read.message };
	return { kind: "repo", state: { repo: "", ...read.shared, index: read.index }, top: read.top };
}

function counting(): { run: Exec; revParses: () => number } {
	let count = 0;
	const run: Exec = (program, args, cwd, options) => {
		if (program === "git" && args.includes("rev-parse")) count++;
		return exec(program, args, cwd, options);
	};
	return { run, revParses: () => count };
}

describe("enclosingRepos", () => {
	it("reads a repository once for all its roots, and gives each root its own part of the index", async () => {
		const files: Record<string, string> = { "top.txt": "t" };
		for (let i = 0; i < 6; i++) files[`pkg${i}/src/f${i}.ts`] = String(i);
		const repo = gitRepo(files);
		const other = gitRepo({ "o.txt": "o" }, "other");
		const plain = tempDir("plain");
		const roots = [
			repo,
			...Array.from({ length: 6 }, (_, i) => join(repo, `pkg${i}`)),
			join(repo, "pkg0/src"),
			other,
			plain,
		];
		const { run, revParses } = counting();
		const found = await enclosingRepos(roots, run);
		expect(revParses()).toBe(2);
		expect(found).toEqual(await Promise.all(roots.map(alone)));
		const pkg3 = found[4]!;
		expect(pkg3.kind === "repo" && pkg3.state.index.map(([p]) => p)).toEqual(["src/f3.ts"]);
		expect(found.at(-1)).toEqual({ kind: "none" });
	});

	it("asks git in the root itself where the shortcut could be wrong", async () => {
		const repo = gitRepo({ "a/b/c.txt": "c", "x.txt": "x" });
		// A broken .git file between the root and the repository: git skips it and finds the one above.
		writeFileSync(join(repo, "a", ".git"), "gitdir: /nowhere\n");
		// A bare repository inside the work tree: a root inside it is in no work tree.
		git(repo, "init", "-q", "--bare", "vault.git");
		mkdirSync(join(repo, "vault.git", "hooks", "sub"), { recursive: true });
		const roots = [join(repo, "a/b"), join(repo, ".git/refs"), join(repo, "vault.git/hooks/sub"), join(repo, "x-dir")];
		mkdirSync(roots[3]!);
		const found = await enclosingRepos(roots, exec);
		expect(found).toEqual(await Promise.all(roots.map(alone)));
		expect(found.map((r) => r.kind)).toEqual([expect.any(String), "none", "none", "repo"]);
	});

	it("watches roots as plain files when git is not installed", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const noGit: Exec = (program, args, cwd, options) =>
			program === "git" ? exec("git-that-does-not-exist", args, cwd, options) : exec(program, args, cwd, options);
		write(repo, { "sub/f": "f" });
		expect(await enclosingRepos([repo, join(repo, "sub")], noGit)).toEqual([{ kind: "none" }, { kind: "none" }]);
	});
});
