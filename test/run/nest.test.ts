/**
 * Nested delegation (`delegate: { depth: N }`): a child's `task` calls are brokered by the one that
 * runs it, on both runners. The grandchild is planned and run like any task and linked to its parent
 * in both records; the depth is capped by the setting and falls by one per level; a grandchild may
 * not write outside its parent's write_allowed; and a tree-wide dollar budget stops a grandchild
 * that would spend more than remains of its parent's.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { runSpecWith } from "../support/delegate-run.ts";
import type { Script, ScriptTurn } from "../support/scripted-provider.ts";
import { tempDir } from "../support/temp.ts";
import { taskAnswers } from "../support/tool-answers.ts";

const TIMEOUT = 120_000;
const MARK = "GRANDCHILD";

const call = (name: string, args: Record<string, unknown>, input = 0): ScriptTurn => ({
	tools: [{ name, args: args as never }],
	usage: { input, output: 0 },
});
const submit = (pointers: string[] = ["."], input = 0) => call("submit_result", envelope(pointers), input);

function readResult(dir: string): TaskResult {
	return JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as TaskResult;
}

const planTools = (dir: string) =>
	(JSON.parse(readFileSync(join(dir, "launch.json"), "utf8")) as { child: { tools: string[] } }).child.tools;

function workspace(script: Script) {
	const ws = runWorkspace({ prices: { input: 1, output: 0 }, ...script });
	return ws;
}

for (const runner of RUNNERS) {
	describe(`nested delegation (${runner})`, () => {
		it(
			"a child's task call runs a checked grandchild in the child's copy; both records name the other",
			async () => {
				const ws = workspace({
					turns: [],
				});
				const goal = `${MARK}: write g.txt`;
				writeFileSync(
					join(ws.agentDir, "scripted.json"),
					JSON.stringify({
						prices: { input: 1, output: 0 },
						turns: [call("task", { goal, deliverable: "d", write_allowed: [ws.project] }), submit(), "done"],
						branches: [
							{ when: MARK, turns: [call("bash", { command: "echo hi > g.txt" }), submit(["g.txt"]), "done"] },
						],
					}),
				);
				const spec = ws.spec({
					roots: [ws.project],
					write_allowed: [ws.project],
					read_only: false,
					delegate: { depth: 1 },
				});
				const result = (await runSpecWith(ws, runner, spec)) as TaskResult;
				expect(result.problems).toEqual([]);
				expect(result.verdict).toBe("PASS");
				expect(result.children).toHaveLength(1);
				const grandchild = readResult(result.children![0]!);
				expect(grandchild.verdict).toBe("PASS");
				expect(grandchild.parentRun).toBe(result.auditDir);
				expect(readResult(result.auditDir).children).toEqual(result.children);
				// The grandchild wrote in the child's copy; the child's pass applied it to the real root.
				expect(grandchild.roots[0]!.root).not.toBe(ws.project);
				expect(readFileSync(join(ws.project, "g.txt"), "utf8")).toBe("hi\n");
				expect(taskAnswers(result.auditDir)).toEqual([{ text: expect.stringMatching(/^PASS task /), isError: false }]);
				// Depth falls by one per level: the child has the task tool, its child (depth 0) has none.
				expect(planTools(result.auditDir)).toContain("task");
				expect(planTools(result.children![0]!)).not.toContain("task");
			},
			TIMEOUT,
		);

		it(
			"a grandchild asking to write outside the child's write_allowed is refused, naming the field, value and fix",
			async () => {
				const ws = workspace({});
				const outside = tempDir("pi-delegate-outside-");
				mkdirSync(join(ws.project, "src"));
				mkdirSync(join(ws.project, "docs"));
				writeFileSync(
					join(ws.agentDir, "scripted.json"),
					JSON.stringify({
						turns: [
							call("task", { goal: `${MARK} a`, deliverable: "d", write_allowed: [outside] }),
							call("task", { goal: `${MARK} b`, deliverable: "d", write_allowed: [join(ws.project, "docs")] }),
							submit(),
							"done",
						],
					}),
				);
				const spec = ws.spec({
					roots: [join(ws.project, "src"), join(ws.project, "docs")],
					write_allowed: [join(ws.project, "src")],
					read_only: false,
					delegate: { depth: 1 },
				});
				const result = (await runSpecWith(ws, runner, spec)) as TaskResult;
				expect(result.children).toBeUndefined();
				const answers = taskAnswers(result.auditDir);
				expect(answers).toHaveLength(2);
				for (const answer of answers) {
					expect(answer.isError).toBe(true);
					expect(answer.text).toContain("write_allowed[0]");
					expect(answer.text).toContain("outside the write_allowed of the child that asks");
					expect(answer.text).toContain(`ask only inside ${join(ws.project, "src")}`);
				}
			},
			TIMEOUT,
		);

		it(
			"a tree-wide dollar budget stops a grandchild that would spend more than remains of its parent's",
			async () => {
				const ws = workspace({});
				writeFileSync(
					join(ws.agentDir, "scripted.json"),
					JSON.stringify({
						prices: { input: 1, output: 0 },
						// $0.002 for the child's first response, then the grandchild's: $0.005 each.
						turns: [call("task", { goal: `${MARK} spend`, deliverable: "d" }, 2000), submit(["."], 2000), "done"],
						branches: [
							{
								when: MARK,
								turns: [
									call("bash", { command: "true" }, 5000),
									call("bash", { command: "true" }, 5000),
									call("bash", { command: "true" }, 5000),
									submit(),
								],
							},
						],
					}),
				);
				const spec = ws.spec({ roots: [ws.project], budget: { usd: 0.01 }, delegate: { depth: 1 } });
				const result = (await runSpecWith(ws, runner, spec)) as TaskResult;
				expect(result.children).toHaveLength(1);
				const grandchild = readResult(result.children![0]!);
				expect(grandchild.verdict).toBe("FAIL");
				expect(grandchild.problems.map((p) => p.code)).toContain("budget");
				// Given what remained ($0.008), it was stopped after its second response, not its third.
				expect(grandchild.metrics.usage.costUsd).toBeCloseTo(0.01, 6);
				// The tree spent more than the child's budget: the child is stopped too.
				expect(result.verdict).toBe("FAIL");
				expect(result.problems.map((p) => p.code)).toContain("budget");
			},
			TIMEOUT,
		);
	});
}

describe("the depth a spec may ask for", () => {
	it("a depth beyond the maxDelegateDepth setting is refused with the field, value and fix", async () => {
		const ws = workspace({ turns: ["done"] });
		const spec = ws.spec({ roots: [ws.project], delegate: { depth: 3 } });
		const error = await runSpecWith(ws, "in-process", spec).then(
			() => undefined,
			(e: Error) => e.message,
		);
		expect(error).toContain('"delegate"');
		expect(error).toContain('"depth"');
		expect(error).toContain("beyond the maxDelegateDepth setting (2, the default)");
		expect(error).toContain("ask for a depth of at most 2");
	});

	it("a child without delegate has no task tool", async () => {
		const ws = workspace({ turns: [submit(), "done"] });
		const spec = ws.spec({ roots: [ws.project] });
		const result = (await runSpecWith(ws, "in-process", spec)) as TaskResult;
		expect(planTools(result.auditDir)).not.toContain("task");
	});
});
