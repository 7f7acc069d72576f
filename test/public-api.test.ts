/**
 * The public API, used as an embedding program would use it: validate a spec, plan its child, execute
 * the plan with a runner of one's own, read the report and the record back — every step through
 * what src/index.ts exports, so a missing or renamed export fails here.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../src/index.ts";
import { tempDir } from "./support/temp.ts";

const outcome = (pointer: string): api.ChildOutcome => ({
	runner: "subprocess",
	completed: true,
	stopReason: "stop",
	errors: [],
	stoppedBy: undefined,
	submissions: [
		{ status: "ok", deliverable: "read it", evidence: [{ claim: "it says hi", pointer }], unsure: [], did_not_do: [] },
	],
	finalText: "",
	commandsRun: [],
	toolCalls: 1,
	turns: 1,
	usage: {
		input: 1,
		output: 1,
		cacheRead: 0,
		cacheWrite: 0,
		costUsd: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	},
	sessionFile: undefined,
	sent: undefined,
	elapsedMs: 1,
});

describe("the public API", () => {
	it("takes a spec through plan and execution to a checked, recorded verdict", async () => {
		const root = tempDir();
		writeFileSync(join(root, "a.txt"), "hi\n");
		const home = tempDir();
		const spec = api.loadSpecObject({ id: "embed", goal: "Read a.txt", deliverable: "What it says", roots: [root] });
		if (!spec.ok) throw new Error(api.formatProblems(spec.problems));
		const planned = api.planChild({
			request: {
				kind: "task",
				spec: spec.spec,
				layer: { model: "acme/m1", runner: "subprocess", extensions: [] },
				defaults: [],
			},
			entry: "cli",
			cwd: root,
			home,
			agentDir: home,
			settings: api.readSettings({ cwd: root, home, agentDir: home, projectTrusted: false }),
			agents: api.loadAgents({ cwd: root, home, agentDir: home, projectTrusted: false }),
			parent: { options: { cwd: root, contextFiles: [], skills: [] } },
			models: [{ provider: "acme", id: "m1", authenticated: true }],
			tools: ["read", "grep", "find", "ls", "bash", "edit", "write"],
			piVersion: "1.6.0",
			sandbox: api.sandboxSupport(),
			runsDirOverride: join(home, "runs"),
		});
		if (!planned.ok) throw new Error(api.formatProblems(planned.problems));
		const { plan } = planned;
		if (plan.kind !== "task") throw new Error("a task's request planned another kind of child");
		expect(plan.child.tools).toEqual(["read", "grep", "find", "ls", "submit_result"]);
		expect(plan.model).toMatchObject({ provider: "acme", id: "m1", reason: "--model" });
		const launches: api.ChildLaunch[] = [];
		const result = await api.executeChild(
			plan,
			api.realPorts(
				plan,
				{},
				{
					runner: async (launch) => {
						launches.push(launch);
						return outcome(`${root}/a.txt:1`);
					},
				},
			),
		);
		expect(launches[0]?.firstMessage).toBe(api.taskBrief(spec.spec));
		if (result.kind !== "task") throw new Error("a task's plan came back as another kind of result");
		expect(result.verdict).toBe("PASS");
		expect(api.renderReport(result)).toMatch(/^PASS {2}task embed/);
		expect(api.listRuns(join(home, "runs")).map((r) => r.result?.verdict)).toEqual(["PASS"]);
	});

	it("reports a bad spec's problems with a code and a structured place a program can test", () => {
		const spec = api.loadSpecObject({ id: "embed", goal: "g", deliverable: "d", roots: [], effort: "huge" });
		if (spec.ok) throw new Error("a bad spec passed");
		const found = spec.problems.map((p) => [p.code, p.path, api.formatPath(p)]);
		expect(found).toEqual([
			["invalid_value", ["effort"], "effort"],
			["too_small", ["roots"], "roots"],
		]);
		for (const p of spec.problems) expect(Object.hasOwn(api.PROBLEM_CODES, p.code)).toBe(true);
		const printed = JSON.parse(JSON.stringify(spec.problems, api.problemReplacer)) as api.ProblemJson[];
		expect(printed.map((p) => p.at)).toEqual(["effort", "roots"]);
		expect(printed[0]).toEqual(api.problemJson(spec.problems[0]!));
	});
});
