/**
 * A child cannot stall a run with a file that blocks: a FIFO it made (or one reached through a
 * symlink), a character device, a /proc file, a directory. The file tools refuse them before they
 * open them, on both runners; an in-process child's tools would otherwise block threads of the very
 * process that must snapshot the roots and write the record (five FIFO reads starved its pool, and
 * the run never ended). And the wall budget ends a run whatever its tools are doing: a tool call that
 * never returns is left behind, and the run reports promptly.
 *
 * Each case has a timeout of its own, well under vitest's: a regression fails rather than stalls.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { defineTool } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import { type SetupChild, viewSetup } from "../../src/run/runners/in-process-setup.ts";
import { bash, bothChild, RUNNERS, type Turn } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { SCRIPTED_PROVIDER } from "../support/pi.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";
import { toolAnswers } from "../support/tool-answers.ts";

const HANG_TIMEOUT = 40_000;
const FILE_TOOLS = ["read", "bash", "write", "edit", "grep", "ls"];

const call = (name: string, args: Record<string, unknown>) => ({ name, args });
const submit = submitTurn(envelope()) as Turn;

/** The pool is free when an fs/promises call still answers at once. */
async function poolAnswers(path: string): Promise<boolean> {
	const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref());
	return Promise.race([stat(path).then(() => true), timeout]);
}

for (const kind of RUNNERS) {
	describe(`${kind} runner: files that block`, () => {
		it(
			"refuses write, edit, read and grep of a FIFO the child made, and of one behind a symlink; the child goes on",
			async () => {
				const child = await bothChild(
					kind,
					[
						bash("mkfifo f && ln -s f behind"),
						{
							tools: [
								call("write", { path: "f", content: "x" }),
								call("edit", { path: "behind", edits: [{ oldText: "a", newText: "b" }] }),
								call("read", { path: "behind" }),
								call("grep", { pattern: "x", path: "f" }),
							],
						},
						submit,
					],
					{ launch: { tools: FILE_TOOLS } },
				);
				const run = await child.run();
				const got = toolAnswers(run.events);
				expect(run.outcome.submissions).toHaveLength(1);
				expect(run.outcome.completed).toBe(true);
				for (const tool of ["write", "edit", "read", "grep"]) {
					const result = got.find((r) => r.tool === tool);
					expect(result?.isError, `${tool}: ${JSON.stringify(got)}`).toBe(true);
					expect(result?.text, tool).toMatch(/FIFO \(named pipe\), not a regular file/);
				}
			},
			HANG_TIMEOUT,
		);

		it(
			"five reads of FIFOs in a read-only root neither hang the child nor starve the process's thread pool",
			async () => {
				const fifos = ["a", "b", "c", "d", "e"];
				const child = await bothChild(kind, [{ tools: fifos.map((f) => call("read", { path: `ro/${f}` })) }, submit], {
					files: { "ro/.keep": "" },
				});
				for (const f of fifos) execFileSync("mkfifo", [join(child.child.project, "ro", f)]);
				execFileSync("chmod", ["a-w", join(child.child.project, "ro")]);
				const run = await child.run();
				execFileSync("chmod", ["u+w", join(child.child.project, "ro")]);
				expect(run.outcome.submissions).toHaveLength(1);
				expect(toolAnswers(run.events).filter((r) => r.tool === "read" && r.isError)).toHaveLength(5);
				expect(await poolAnswers(child.child.project)).toBe(true);
			},
			HANG_TIMEOUT,
		);

		it(
			"refuses a character device, /dev/stdin, /proc files and links, and a directory, without reading them",
			async () => {
				const paths = ["/dev/zero", "/dev/stdin", "/proc/self/fd/0", "/proc/self/status", "/proc/kmsg", "."];
				const child = await bothChild(kind, [{ tools: paths.map((path) => call("read", { path })) }, submit]);
				const run = await child.run();
				const reads = toolAnswers(run.events).filter((r) => r.tool === "read");
				expect(reads).toHaveLength(paths.length);
				for (const [i, read] of reads.entries()) {
					expect(read.isError, paths[i]).toBe(true);
					expect(read.text, paths[i]).toMatch(/^pi-delegate refused this read: /);
				}
				expect(reads.map((r) => r.text).join("\n")).toMatch(/a character device, not a regular file/);
				expect(reads.map((r) => r.text).join("\n")).toMatch(/a directory, not a regular file/);
				expect(run.outcome.submissions).toHaveLength(1);
			},
			HANG_TIMEOUT,
		);

		it(
			"a stop ends the run promptly while a tool call never returns",
			async () => {
				const dir = tempDir("pi-delegate-stall-");
				const extension = join(dir, "stall.ts");
				writeFileSync(
					extension,
					[
						"export default function (pi: any) {",
						'\tpi.registerTool({ name: "stall", label: "stall", description: "Never returns.",',
						// An interval keeps Pi's process alive: a promise alone would let it exit.
						'\t\tparameters: { type: "object", properties: {} }, execute: () => new Promise(() => setInterval(() => {}, 1000)) });',
						"}",
					].join("\n"),
				);
				const stall = defineTool({
					name: "stall",
					label: "stall",
					description: "Never returns.",
					parameters: Type.Object({}),
					execute: () => new Promise<never>(() => {}),
				});
				const setup: SetupChild = async (launch, context) => {
					const parts = await viewSetup(launch, context);
					return { ...parts, tools: [...parts.tools, "stall"], customTools: [...parts.customTools, stall] };
				};
				const child = await bothChild(kind, [{ tools: [call("stall", {})] }, submit], {
					setup,
					launch: {
						tools: ["read", "stall"],
						...(kind === "subprocess" && { providerExtensions: [SCRIPTED_PROVIDER, extension] }),
					},
				});
				const controller = new AbortController();
				let stopped = 0;
				const run = await child.run({
					signal: controller.signal,
					during: (p) => {
						// Once the call runs: tools of one response start together, after every start event.
						if (p.type === "tool_start" && p.tool === "stall") {
							setTimeout(() => {
								stopped = performance.now();
								controller.abort("wall");
							}, 500);
						}
					},
				});
				expect(performance.now() - stopped).toBeLessThan(8000);
				expect(run.outcome.stoppedBy).toBe("wall");
				expect(run.outcome.completed).toBe(false);
				if (kind === "in-process")
					expect(run.outcome.errors.join("\n")).toMatch(/still running: stall\); it was left behind/);
			},
			HANG_TIMEOUT,
		);
	});
}

describe("pi-delegate run: a FIFO in a writable root", () => {
	for (const runner of RUNNERS) {
		it(
			`${runner}: write on a FIFO the child made is refused, and the run ends with its record`,
			async () => {
				const a = gitRepo({ "a.txt": "x\n" });
				const ws = runWorkspace({
					turns: [
						{ tools: [{ name: "bash", args: { command: `mkfifo ${a}/f` } }] },
						{ tools: [{ name: "write", args: { path: `${a}/f`, content: "x" } }] },
						submitTurn(envelope([`${a}/a.txt:1`])),
					],
				});
				// Direct: on a private copy a FIFO is a change no patch carries (test/adversarial/apply-copy.test.ts).
				const spec = ws.spec({
					read_only: false,
					roots: [a],
					write_allowed: [a],
					budget: { wall_s: 20 },
					apply: "direct",
				});
				if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
				const out = await ws.run(spec, ["--runner", runner]).finally(() => delete process.env.PI_DELEGATE_SCRIPT);
				const [record] = listRuns(ws.runsDir);
				expect(existsSync(join(record!.dir, "result.json"))).toBe(true);
				expect(readFileSync(join(record!.dir, "events.ndjson"), "utf8")).toContain("FIFO (named pipe)");
				// The FIFO the child added is a change inside write_allowed: allowed, so the task passes.
				expect(out.stdout).toMatch(/^PASS/);
			},
			HANG_TIMEOUT,
		);
	}
});
