/**
 * `pi-delegate apply RUN` against a record and a root a child may have prepared. The record lies
 * in a directory a child without the sandbox can write, and the root may be a repository whose
 * config the child wrote. Whatever it left — a filter program in the repository's config, a
 * temporary directory inside such a repository, GIT_* variables in the caller's environment, a
 * patch whose names climb out of the root or into .git, a symlink the patch would write through,
 * a FIFO for result.json, a patch that deletes every file — `apply` runs no program of the
 * child's, writes (and removes) nothing outside the root, and ends with a plain answer rather than
 * waiting.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type FileChange, gitPatch, patchStats } from "../../src/run/workspace/patch.ts";
import { runCli } from "../support/cli.ts";
import { plainGitEnv, readTree, shown, text, writeTree } from "../support/patch-tree.ts";
import { tempDir } from "../support/temp.ts";

const CHANGES: FileChange[] = [{ path: "a.txt", before: text("one\ntwo\n"), after: text("one\nTWO\n") }];

/** A run directory holding `patch` for `base`. */
function record(base: string, patch = gitPatch(CHANGES)): string {
	const dir = join(tempDir(), "run-1");
	mkdirSync(dir);
	const apply = { mode: "on-pass", base, patch: "changes.patch", applied: false, files: patchStats(CHANGES) };
	writeFileSync(join(dir, "result.json"), JSON.stringify({ apply }));
	writeFileSync(join(dir, "changes.patch"), patch);
	return dir;
}

/** A repository whose config runs a program (leaving `marker`) for every file git filters. */
function hostileRepository(marker: string): string {
	const repo = tempDir();
	const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, env: plainGitEnv() });
	git("init", "-q");
	for (const key of ["clean", "smudge", "process"]) git("config", `filter.evil.${key}`, `touch ${marker}; cat`);
	git("config", "core.hooksPath", repo);
	writeFileSync(join(repo, ".gitattributes"), "* filter=evil diff=evil merge=evil\n");
	git("config", "diff.evil.command", `touch ${marker}`);
	return repo;
}

const saved = { ...process.env };
afterEach(() => {
	for (const key of ["TMPDIR", "GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_PARAMETERS"]) {
		if (saved[key] === undefined) delete process.env[key];
		else process.env[key] = saved[key];
	}
});

describe("pi-delegate apply runs nothing a repository configures", () => {
	it("applies to a root inside a repository with filters, running none of them", async () => {
		const marker = join(tempDir(), "ran");
		const repo = hostileRepository(marker);
		const root = join(repo, "root");
		writeTree(root, { "a.txt": text("one\ntwo\n") });
		const result = await runCli(["apply", record(root)]);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\nTWO\n");
		expect(existsSync(marker)).toBe(false);
	});

	it("runs git outside any repository even when the temporary directory lies in one", async () => {
		const marker = join(tempDir(), "ran");
		const repo = hostileRepository(marker);
		mkdirSync(join(repo, "tmp"));
		process.env.TMPDIR = join(repo, "tmp");
		const root = join(repo, "root");
		writeTree(root, { "a.txt": text("one\ntwo\n") });
		const dir = record(root);
		expect((await runCli(["apply", dir, "--check"])).code).toBe(0);
		expect((await runCli(["apply", dir])).code).toBe(0);
		expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\nTWO\n");
		expect(existsSync(marker)).toBe(false);
	});

	it("ignores GIT_* variables of the caller that point git at a repository", async () => {
		const marker = join(tempDir(), "ran");
		const repo = hostileRepository(marker);
		const root = tempDir();
		writeTree(root, { "a.txt": text("one\ntwo\n") });
		Object.assign(process.env, {
			GIT_DIR: join(repo, ".git"),
			GIT_WORK_TREE: root,
			GIT_CONFIG_PARAMETERS: `'filter.evil.clean'='touch ${marker}; cat'`,
		});
		const result = await runCli(["apply", record(root)]);
		expect(result.code).toBe(0);
		expect(existsSync(marker)).toBe(false);
	});
});

describe("pi-delegate apply writes nothing outside the root", () => {
	const tampered = (name: string) =>
		`diff --git a/${name} b/${name}\nnew file mode 100644\n--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+x\n`;

	for (const [name, why] of [
		["../escaped", "could lead out of the root"],
		["sub/../../escaped", "could lead out of the root"],
		[".git/hooks/pre-commit", ".git folder"],
		["sub/.GIT/config", ".git folder"],
		["sub/.git./config", ".git folder"],
	] as const) {
		it(`refuses a patch that names ${name} (exit 2, nothing written)`, async () => {
			const outer = tempDir();
			const root = join(outer, "root");
			mkdirSync(join(root, "sub"), { recursive: true });
			const before = shown(readTree(outer));
			const result = await runCli(["apply", record(root, tampered(name))]);
			expect(result.code).toBe(2);
			expect(result.stderr.replace(/\n\s*/g, " ")).toContain(why);
			expect(shown(readTree(outer))).toEqual(before);
		});
	}

	it("refuses to write through a symlink the root holds now, and names it", async () => {
		const outside = tempDir();
		const root = tempDir();
		symlinkSync(outside, join(root, "dir"));
		const changes: FileChange[] = [{ path: "dir/new.txt", after: text("x\n") }];
		const result = await runCli(["apply", record(root, gitPatch(changes))]);
		expect(result.code).toBe(1);
		expect(result.stdout.replace(/\n\s*/g, " ")).toContain("dir/new.txt: a folder on its path is a symbolic link now");
		expect(existsSync(join(outside, "new.txt"))).toBe(false);
	});

	it("leaves the root and the empty folders above it when the patch deletes every file in it", async () => {
		const root = join(tempDir(), "empty", "above", "root");
		writeTree(root, { "only/file.txt": text("x\n") });
		const changes: FileChange[] = [{ path: "only/file.txt", before: text("x\n") }];
		const result = await runCli(["apply", record(root, gitPatch(changes))]);
		expect(result.code).toBe(0);
		expect(existsSync(join(root, "only"))).toBe(false);
		expect(existsSync(root)).toBe(true);
	});

	it("answers at once when result.json is a FIFO", async () => {
		const root = tempDir();
		const dir = record(root);
		rmSync(join(dir, "result.json"));
		execFileSync("mkfifo", [join(dir, "result.json")]);
		const result = await runCli(["apply", dir]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("result.json");
	}, 10_000);
});
