/**
 * What a private copy holds (apply on-pass): a repository's working tree as it stands — tracked
 * files with their unstaged changes, the index with what was staged, untracked files — its own
 * `.git` on the same branch, its ignored paths shared with the real root (a link here, as a child
 * told the copy's path finds them), modes and times kept; a plain directory whole, within a limit.
 */
import { execFileSync } from "node:child_process";
import {
	chmodSync,
	existsSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeWorkspace } from "../../../src/run/workspace/copy.ts";
import { tempDir } from "../../support/temp.ts";

const git = (cwd: string, ...args: string[]) =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, encoding: "utf8" });

describe("a private copy", () => {
	it("carries the working tree as it stands, the index, the branch, and shares what git ignores", async () => {
		const root = tempDir("pi-delegate-copy-root-");
		writeFileSync(join(root, ".gitignore"), "node_modules/\n*.log\n");
		mkdirSync(join(root, "node_modules/pkg"), { recursive: true });
		writeFileSync(join(root, "node_modules/pkg/index.js"), "x\n");
		writeFileSync(join(root, "a.txt"), "committed\n");
		writeFileSync(join(root, "run.sh"), "echo\n");
		chmodSync(join(root, "run.sh"), 0o755);
		git(root, "init", "-q", "-b", "work");
		git(root, "add", "-A");
		git(root, "commit", "-qm", "initial");
		writeFileSync(join(root, "a.txt"), "staged\n");
		git(root, "add", "a.txt");
		writeFileSync(join(root, "a.txt"), "unstaged\n");
		writeFileSync(join(root, "new.txt"), "untracked\n");
		writeFileSync(join(root, "debug.log"), "ignored\n");
		const workspace = await makeWorkspace([root], { writeAllowed: [root], mounted: false });
		try {
			const copy = workspace.copies[0]!.copy;
			expect(readFileSync(join(copy, "a.txt"), "utf8")).toBe("unstaged\n");
			expect(readFileSync(join(copy, "new.txt"), "utf8")).toBe("untracked\n");
			expect(statSync(join(copy, "run.sh")).mode & 0o777).toBe(0o755);
			expect(statSync(join(copy, "a.txt")).mtimeMs).toBe(statSync(join(root, "a.txt")).mtimeMs);
			// Shared, not copied: a link to the real one.
			expect(readlinkSync(join(copy, "node_modules"))).toBe(join(root, "node_modules"));
			expect(workspace.copies[0]!.shown.sort()).toEqual([join(root, "debug.log"), join(root, "node_modules")]);
			// Its own .git: the same branch and commit, what was staged still staged.
			expect(git(copy, "rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("work");
			expect(git(copy, "rev-parse", "HEAD")).toBe(git(root, "rev-parse", "HEAD"));
			expect(git(copy, "diff", "--cached", "--name-only")).toBe("a.txt\n");
			expect(git(copy, "show", ":a.txt")).toBe("staged\n");
			// A commit there stays there.
			git(copy, "commit", "-qam", "in the copy");
			expect(git(root, "log", "--oneline").trim().split("\n")).toHaveLength(1);
			expect(workspace.origin.get(join(root, "a.txt"))?.type).toBe("file");
		} finally {
			await workspace.drop();
		}
		expect(existsSync(workspace.dir)).toBe(false);
	});

	it("takes a plain directory whole, up to its limit, and refuses past it with the fix, leaving nothing", async () => {
		const root = tempDir("pi-delegate-copy-plain-");
		for (const name of ["a", "b", "c", "d"]) writeFileSync(join(root, name), name);
		const tmp = tempDir("pi-delegate-copy-tmp-");
		const whole = await makeWorkspace([root], { writeAllowed: [root], mounted: true, tmp, maxPlainFiles: 4 });
		expect(readdirSync(whole.copies[0]!.copy).sort()).toEqual(["a", "b", "c", "d"]);
		await whole.drop();
		const refused = makeWorkspace([root], { writeAllowed: [root], mounted: true, tmp, maxPlainFiles: 3 });
		await expect(refused).rejects.toThrow(/no git repository.*more than 3 files; set "apply": "direct"/);
		expect(readdirSync(tmp)).toEqual([]);
		expect(lstatSync(root).isDirectory()).toBe(true);
	});
});
