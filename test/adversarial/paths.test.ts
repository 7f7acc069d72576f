/**
 * Paths as people give them: relative, or through a symlinked directory. bubblewrap mounts each
 * path a child needs onto itself, and neither a relative path nor a symlink on the way is a place
 * to mount on: a relative `--extension`, an extension or agent directory reached through a symlink,
 * a symlinked or relative runs directory failed a sandboxed subprocess run as if the child had
 * failed. Every such path is made real before planning; one that does not exist is refused with
 * its field, value and fix (exit 2).
 *
 * And what a run's commands leave in this process's temporary directory does not outlive it: Pi's
 * full-output files of bash commands (`pi-bash-*.log`, 60 MB from one command) are deleted when
 * the run ends.
 */
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import { bash, bothChild, RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { SCRIPTED_PROVIDER } from "../support/pi.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

const TIMEOUT = 45_000;

/** A workspace whose child submits at once, and a run of it with `args` after the spec. */
function workspace() {
	const a = gitRepo({ "a.txt": "x\n" });
	const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
	const spec = ws.spec({ roots: [a] });
	const run = async (runner: string, args: string[], env: Record<string, string | undefined> = {}) => {
		if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		try {
			const argv = ["run", spec, "--model", "scripted/scripted-1", "--runner", runner, ...args];
			return await runCli(argv, { cwd: ws.project, env: { ...ws.env, ...env } });
		} finally {
			delete process.env.PI_DELEGATE_SCRIPT;
		}
	};
	return { ws, run };
}

/**
 * A symlink to `target` in `dir` (the workspace's home: a directory the sandbox mounts first, so
 * the link is there when a mount on its path is made).
 */
function linkTo(target: string, dir: string): string {
	const link = join(dir, `link-${basename(target)}`);
	symlinkSync(target, link);
	return link;
}

/** The scripted provider copied into the project, named relative to it (`ext/provider.ts`). */
function relativeProvider(project: string): string {
	mkdirSync(join(project, "ext"));
	copyFileSync(SCRIPTED_PROVIDER, join(project, "ext", "provider.ts"));
	return "ext/provider.ts";
}

describe("pi-delegate run: paths given relative or through symlinks", () => {
	for (const runner of RUNNERS) {
		it(
			`${runner}: a relative --extension, a symlinked agent directory and a symlinked runs directory`,
			async () => {
				const { ws, run } = workspace();
				const runs = join(tempDir("pi-delegate-runs-"), "runs");
				mkdirSync(runs);
				const out = await run(runner, ["--extension", relativeProvider(ws.project)], {
					PI_CODING_AGENT_DIR: linkTo(ws.agentDir, ws.base),
					PI_DELEGATE_RUNS_DIR: linkTo(runs, ws.base),
				});
				expect(out.stderr).not.toMatch(/bwrap/);
				expect(out.stdout).toMatch(/^PASS/);
				expect(listRuns(runs)).toHaveLength(1);
			},
			TIMEOUT,
		);

		it(
			`${runner}: an extension through a symlinked directory and a relative runs directory`,
			async () => {
				const { ws, run } = workspace();
				const extension = join(linkTo(dirname(SCRIPTED_PROVIDER), ws.base), basename(SCRIPTED_PROVIDER));
				const out = await run(runner, ["--extension", extension], { PI_DELEGATE_RUNS_DIR: "runs-here" });
				expect(out.stderr).not.toMatch(/bwrap/);
				expect(out.stdout).toMatch(/^PASS/);
				expect(listRuns(join(ws.project, "runs-here"))).toHaveLength(1);
			},
			TIMEOUT,
		);
	}

	it("refuses a missing extension and a missing agent directory before anything runs, each with its fix", async () => {
		const { ws, run } = workspace();
		const missing = join(ws.base, "no-such-agent-dir");
		const out = await run("subprocess", ["--extension", "ext/nope.ts"], { PI_CODING_AGENT_DIR: missing });
		expect(out.code).toBe(2);
		expect(out.stderr).not.toMatch(/\n\s+at /);
		// The report wraps long lines: compare the words.
		const said = out.stderr.replace(/\s+/g, " ");
		expect(said).toContain("cannot run: a path the run needs does not exist");
		expect(said).toContain(`PI_CODING_AGENT_DIR: ${missing} does not exist`);
		expect(said).toContain(
			`--extension[0]: the provider extension ext/nope.ts (${ws.project}/ext/nope.ts) does not exist`,
		);
		expect(said).toContain("fix: give the path of an existing extension file");
		expect(existsSync(ws.runsDir)).toBe(false);
	});
});

/** The full-output file Pi named for the bash call, if it made one. */
function fullOutputPath(events: Array<Record<string, unknown>>): string | undefined {
	for (const e of events) {
		if (e.type !== "tool_execution_end" || e.toolName !== "bash") continue;
		const path = (e.result as { details?: { fullOutputPath?: unknown } }).details?.fullOutputPath;
		if (typeof path === "string") return path;
	}
	return undefined;
}

for (const kind of RUNNERS) {
	describe(`${kind} runner: a command's full output`, () => {
		it(
			"Pi's pi-bash-*.log of a long output is gone once the run ends",
			async () => {
				// Without the sandbox a subprocess child's Pi writes it to this process's temporary directory too.
				const child = await bothChild(kind, [bash("seq 1 200000"), submitTurn(envelope()) as never]);
				const run = await child.run();
				const file = fullOutputPath(run.events);
				expect(file, "Pi kept the output in a file").toBeDefined();
				expect(dirname(file!)).toBe(tmpdir());
				expect(existsSync(file!)).toBe(false);
				expect(run.outcome.submissions).toHaveLength(1);
			},
			TIMEOUT,
		);
	});
}
