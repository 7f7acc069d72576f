/**
 * A child that may delegate asks for its grandchildren, and what it asks is hostile: everything
 * that bounds a grandchild is decided by the one that runs the child. A link the child made in its
 * copy does not lead a grandchild's write_allowed out of the child's; a budget, a depth, a sandbox,
 * the network asked for in the call are not the grandchild's — its budget is at most what remains,
 * its depth one less, its sandbox, network and git writes its parent's. Both runners.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskPlan } from "../../src/plan/types.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { runSpecWith } from "../support/delegate-run.ts";
import type { ScriptTurn } from "../support/scripted-provider.ts";
import { tempDir } from "../support/temp.ts";
import { taskAnswers } from "../support/tool-answers.ts";

const TIMEOUT = 120_000;
const call = (name: string, args: Record<string, unknown>): ScriptTurn => ({ tools: [{ name, args: args as never }] });
const submit = call("submit_result", envelope());

for (const runner of RUNNERS) {
	describe(`a child's task calls are bounded by its parent (${runner})`, () => {
		it(
			"a link the child made in its copy does not take a grandchild's write_allowed out of the child's",
			async () => {
				const ws = runWorkspace({});
				const src = join(ws.project, "src");
				mkdirSync(src);
				const outside = tempDir("pi-delegate-outside-");
				writeFileSync(
					join(ws.agentDir, "scripted.json"),
					JSON.stringify({
						turns: [
							call("bash", { command: `ln -s ${outside} ${join(src, "link")}` }),
							call("task", {
								goal: "g",
								deliverable: "d",
								roots: [join(src, "link")],
								write_allowed: [join(src, "link")],
							}),
							submit,
							"done",
						],
					}),
				);
				const spec = ws.spec({ roots: [src], write_allowed: [src], read_only: false, delegate: { depth: 1 } });
				const result = (await runSpecWith(ws, runner, spec)) as TaskResult;
				expect(result.children).toBeUndefined();
				const [answer] = taskAnswers(result.auditDir);
				expect(answer?.isError).toBe(true);
				expect(answer?.text).toContain("write_allowed[0]: is outside the write_allowed of the child that asks");
			},
			TIMEOUT,
		);

		it(
			"a budget, depth, sandbox or network asked for in the call is not the grandchild's",
			async () => {
				const ws = runWorkspace({});
				writeFileSync(
					join(ws.agentDir, "scripted.json"),
					JSON.stringify({
						turns: [
							call("task", {
								goal: "GRANDCHILD",
								deliverable: "d",
								budget: { usd: 100, wall_s: 100000, turns: 100000 },
								delegate: { depth: 5 },
								sandbox: "off",
								network: true,
								git_writes: true,
							}),
							submit,
							"done",
						],
						branches: [{ when: "GRANDCHILD", turns: [submit, "done"] }],
					}),
				);
				const spec = ws.spec({
					roots: [ws.project],
					budget: { usd: 0.5, wall_s: 120, turns: 20 },
					delegate: { depth: 1 },
				});
				const result = (await runSpecWith(ws, runner, spec)) as TaskResult;
				expect(result.children).toHaveLength(1);
				const plan = JSON.parse(readFileSync(join(result.children![0]!, "launch.json"), "utf8")) as TaskPlan;
				expect(plan.budget.usd).toBeLessThanOrEqual(0.5);
				expect(plan.budget.wall_s).toBeLessThanOrEqual(120);
				expect(plan.budget.turns).toBeLessThanOrEqual(20);
				expect(plan.delegate).toBeUndefined();
				expect(plan.child.tools).not.toContain("task");
				expect(plan.spec.network).toBe(false);
				expect(plan.spec.git_writes).toBe(false);
				const parent = JSON.parse(readFileSync(join(result.auditDir, "launch.json"), "utf8")) as TaskPlan;
				expect(plan.sandbox.mode).toBe(parent.sandbox.mode);
			},
			TIMEOUT,
		);
	});
}
