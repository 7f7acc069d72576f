/**
 * A hostile child on a private copy (apply on-pass): what it leaves in its copy is read to build the
 * patch, so it may be built to stall or fool that read. A FIFO, a 1 GB sparse file and a `.git`
 * hook are never carried to the real root; each is named, the task FAILs, the real root stays as it
 * was, and the run ends within its budget.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { bashInRepo, runTask } from "../support/cli-run.ts";

async function hostile(runner: string, command: string): Promise<{ code: number; result: TaskResult; root: string }> {
	const ws = bashInRepo(command);
	const spec = ws.spec({ read_only: false, roots: [ws.project], write_allowed: [ws.project], git_writes: true });
	const { out, result } = await runTask(ws, runner, spec);
	return { code: out.code, result, root: ws.project };
}

describe.each(RUNNERS)("a hostile child on its private copy (%s runner)", (runner) => {
	it.runIf(sandboxSupport().enforce)("a FIFO it leaves is named, not read, and nothing is applied", async () => {
		const { code, result, root } = await hostile(runner, "echo two > a.txt && mkfifo pipe");
		expect(code).toBe(1);
		expect(result.apply?.applied).toBe(false);
		expect(result.apply?.reason).toMatch(/pipe is a special file/);
		expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\n");
		expect(existsSync(join(root, "pipe"))).toBe(false);
	});

	it.runIf(sandboxSupport().enforce)(
		"a 1 GB sparse file is refused by its size, unread, and nothing is applied",
		async () => {
			const { code, result, root } = await hostile(runner, "echo two > a.txt && truncate -s 1G big.bin");
			expect(code).toBe(1);
			expect(result.apply?.reason).toMatch(/big\.bin is over 64 MB/);
			expect(existsSync(join(root, "big.bin"))).toBe(false);
			expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\n");
		},
	);

	it.runIf(sandboxSupport().enforce)(
		"a hook and a config line it writes into its copy's .git never reach the real repository",
		async () => {
			const evil =
				"printf '#!/bin/sh\\ntouch /tmp/pwned-$$\\n' > .git/hooks/post-checkout; chmod +x .git/hooks/post-checkout";
			const { result, root } = await hostile(
				runner,
				`echo two > a.txt && ${evil} && git config core.fsmonitor 'touch /tmp/x'`,
			);
			expect(result.verdict).toBe("PASS");
			expect(result.apply?.applied).toBe(true);
			expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("two\n");
			expect(existsSync(join(root, ".git/hooks/post-checkout"))).toBe(false);
			expect(readFileSync(join(root, ".git/config"), "utf8")).not.toContain("fsmonitor");
		},
	);
});
