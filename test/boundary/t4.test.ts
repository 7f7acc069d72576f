/**
 * The incidental write: a child fixes a typo in writable root A, then verifies a module in root B
 * (watched, not writable) with `python3 -m py_compile`, which drops bytecode into B's gitignored
 * __pycache__/. The child obeyed; B still changed, and the task must fail on B alone.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgeChanges } from "../../src/boundary/judge.ts";
import { deltaOf, git, gitRepo, summary } from "./helpers.ts";

function runChild(a: string, b: string): void {
	writeFileSync(join(a, "README.md"), "the quick fix\n");
	execFileSync("python3", ["-m", "py_compile", join(b, "mod.py")]);
}

describe("T4: incidental write into a watched-only root", () => {
	it("flags B's new __pycache__/ and not A's authorised edit, where git status sees B as clean", async () => {
		const a = gitRepo({ "README.md": "teh quick fix\n" }, "a");
		const b = gitRepo({ ".gitignore": "__pycache__/\n", "mod.py": "x = 1\n" }, "b");
		const { changes } = await deltaOf([a, b], () => runChild(a, b));
		const { violations, allowed } = judgeChanges(changes, [a]);
		expect(summary(allowed)).toEqual(["modified README.md"]);
		expect(violations.every((c) => c.root === b)).toBe(true);
		expect(summary(violations)).toEqual([
			"added __pycache__",
			expect.stringMatching(/^added __pycache__\/mod\..*\.pyc$/),
		]);
		expect(git(b, "status", "--porcelain")).toBe("");
	});

	it("flags a new .pyc inside a __pycache__/ that was already there, which git status --ignored cannot see", async () => {
		const a = gitRepo({ "README.md": "teh quick fix\n" }, "a");
		const b = gitRepo({ ".gitignore": "__pycache__/\n", "mod.py": "x = 1\n", "__pycache__/old.pyc": "old" }, "b");
		const statusBefore = git(b, "status", "--porcelain", "--ignored");
		const { changes } = await deltaOf([a, b], () => runChild(a, b));
		const { violations } = judgeChanges(changes, [a]);
		expect(summary(violations)).toEqual([expect.stringMatching(/^added __pycache__\/mod\..*\.pyc$/)]);
		expect(git(b, "status", "--porcelain", "--ignored")).toBe(statusBefore);
	});
});
