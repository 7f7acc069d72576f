/**
 * The workflow engine end to end with Pi's faux provider: every call planned and executed like a
 * task, results in order, limits held across children, one failure not hiding the others, a
 * refused call thrown to the script, a child stopped alone, result schemas, plain children.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RootLocks } from "../../src/run/root-lock.ts";
import type { CheckedResult } from "../../src/workflow/types.ts";
import { flat } from "../support/text.ts";
import { echo, fauxAssistantMessage, priced, sleep, submit, workflowHarness } from "./harness.ts";

const goalOf = (brief: string) => /## Goal\n([^\n]*)/.exec(brief)?.[1] ?? "";

async function launched(h: Awaited<ReturnType<typeof workflowHarness>>, source: string, more = {}) {
	const run = await h.launch(h.script("wf.ts", source), more);
	if (!run.ok) throw new Error(`${run.what}: ${JSON.stringify(run.problems)}`);
	return run;
}

describe("parallel and chain", () => {
	it("parallel returns results in the thunks' order and runs at most `concurrency` children at once", async () => {
		const h = await workflowHarness();
		h.respond(async (brief, _turn, signal) => {
			const goal = goalOf(brief);
			// Later children answer sooner: finishing order is the reverse of the thunks' order.
			await sleep(200 - Number(goal.slice(-1)) * 40, signal);
			return submit(`answer ${goal}`);
		});
		const run = await launched(
			h,
			`export default async function (wf) {
				const rs = await wf.parallel([1, 2, 3, 4].map((n) => () => wf.agent("child " + n)), { concurrency: 2 });
				return rs.map((r) => r.text).join(",");
			}`,
		);
		expect(run.summary.report).toBe("answer child 1,answer child 2,answer child 3,answer child 4");
		expect(run.summary.mostAtOnce).toBe(2);
		expect(run.summary.status).toBe("passed");
	});

	it("a child waits for a task of the session that holds its roots: one lock for every child", async () => {
		const h = await workflowHarness();
		const locks = new RootLocks();
		const release = await locks.acquire({ roots: [h.project], write: true });
		let releasedAt = Number.POSITIVE_INFINITY;
		let askedAt = 0;
		h.respond((brief) => {
			askedAt = performance.now();
			return echo(brief, 0, undefined);
		});
		const running = launched(h, "export default async (wf) => (await wf.agent('look')).text", { locks });
		await sleep(300, undefined);
		releasedAt = performance.now();
		release();
		const run = await running;
		expect(run.summary.status).toBe("passed");
		expect(askedAt).toBeGreaterThanOrEqual(releasedAt);
	});

	it("chain hands each step the one before's result, and the journal records what each call was given", async () => {
		const h = await workflowHarness();
		const run = await launched(
			h,
			`export default async function (wf) {
				return wf.chain(
					() => wf.agent("find the entry point"),
					(first) => wf.agent("explain this: " + first.text),
					(second) => second.text,
				);
			}`,
		);
		expect(run.summary.report).toBe("done: explain this: done: find the entry point");
		expect(run.summary.calls.map((c) => c.given)).toEqual([[], [1]]);
	});
});

describe("limits and failures", () => {
	it("stops every child once the run's dollars are spent — the one that spent them too; later calls throw", async () => {
		const h = await workflowHarness();
		h.respond(async (brief, _turn, signal) => {
			if (goalOf(brief).includes("costly")) return priced(submit("spent a lot"), 2);
			await sleep(20_000, signal);
			return submit("slow");
		});
		const run = await launched(
			h,
			`export const limits = { usd: 1 };
			export default async function (wf) {
				const rs = await wf.parallel([() => wf.agent("slow one"), () => wf.agent("costly one"), () => wf.agent("slow two")]);
				const verdicts = rs.map((r) => r.verdict).join(",");
				try { await wf.agent("after the stop"); } catch (e) { return verdicts + " | " + e.name; }
				return verdicts;
			}`,
		);
		expect(run.summary.status).toBe("stopped");
		expect(run.summary.stopReason).toMatch(/budget of \$1\.00 is spent \(\$2\.00\)/);
		expect(run.summary.report).toBe("FAIL,FAIL,FAIL | WorkflowStopped");
		for (const call of run.summary.calls) {
			expect((call.result as CheckedResult).problems.map((p) => p.message)).toContain(
				"cancelled by the caller before the child finished",
			);
			expect(call.interrupted).toBe(true);
		}
		expect(run.summary.spentUsd).toBeCloseTo(2, 6);
	});

	it("a failing child resolves to a FAIL result and does not hide its siblings' results", async () => {
		const h = await workflowHarness();
		h.respond((brief) =>
			goalOf(brief).includes("broken") ? fauxAssistantMessage("no envelope, just prose") : echo(brief, 0, undefined),
		);
		const run = await launched(
			h,
			`export default async function (wf) {
				const rs = await wf.parallel([() => wf.agent("good one"), () => wf.agent("broken one"), () => wf.agent("good two")]);
				return rs.map((r) => r.verdict + (r.verdict === "FAIL" ? ":" + r.problems[0].kind : "")).join(",");
			}`,
		);
		expect(run.summary.report).toBe("PASS,FAIL:envelope,PASS");
		expect(run.summary.status).toBe("failed");
	});

	it("a user stops one child: it alone resolves to FAIL, its siblings pass, and the run goes on", async () => {
		const h = await workflowHarness();
		h.respond(async (brief, _turn, signal) => {
			if (goalOf(brief).includes("stuck")) await sleep(20_000, signal);
			return echo(brief, 0, undefined);
		});
		h.children.subscribe((state, event) => {
			const child = state.children.find((c) => c.key === event.key);
			if (event.type === "started" && child?.id.startsWith("stuck")) setTimeout(() => h.children.stop(child.key), 50);
		});
		const run = await launched(
			h,
			`export default async function (wf) {
				const rs = await wf.parallel([() => wf.agent("stuck one"), () => wf.agent("quick one")]);
				const after = await wf.agent("after the stop");
				return [...rs, after].map((r) => r.verdict).join(",");
			}`,
		);
		expect(run.summary.report).toBe("FAIL,PASS,PASS");
		expect(run.summary.status).toBe("failed");
		expect(run.summary.calls.find((c) => c.id.startsWith("stuck"))?.interrupted).toBe(true);
		expect(h.children.state.children.map((c) => c.state)).toEqual(["FAIL", "PASS", "PASS"]);
	});
});

describe("refusals", () => {
	it("a refused call throws to the script with every problem, in the call's words, and nothing runs", async () => {
		const h = await workflowHarness();
		const run = await launched(
			h,
			`export default async function (wf) {
				try { await wf.agent("write it", { read_only: false, writeAllowed: [wf.cwd] }); }
				catch (e) { return e.name + "\\n" + e.message; }
			}`,
		);
		expect(run.summary.report).toMatch(/^WorkflowInputError\nagent\(1\) was refused/);
		expect(flat(String(run.summary.report))).toContain('unknown option "writeAllowed" (did you mean "write_allowed"?)');
		expect(h.requests).toEqual([]);
	});

	it("an invalid spec is refused with its problems named as the call's options; uncaught, the run is an error", async () => {
		const h = await workflowHarness();
		const run = await launched(h, `export default async (wf) => wf.agent("read", { roots: ["relative/dir"] });`);
		expect(run.summary.status).toBe("error");
		expect(run.summary.error).toContain("agent(1).options.roots[0]");
		expect(h.requests).toEqual([]);
	});

	it("reading the clock ends the run as an error, even from inside a parallel thunk", async () => {
		const h = await workflowHarness();
		const run = await launched(
			h,
			`export default async function (wf) {
				await wf.agent("before");
				await wf.parallel([() => wf.agent("fine"), async () => wf.agent("at " + Date.now())]);
			}`,
		);
		expect(run.summary.status).toBe("error");
		expect(run.summary.error).toMatch(/Date\.now\(\) is refused while a workflow script runs.*\(at wf\.ts:3:\d+\)/);
	});
});

describe("result schemas and plain children", () => {
	const COUNT = `{ type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false }`;

	it("a deliverable that satisfies the schema comes back parsed as `value`", async () => {
		const h = await workflowHarness();
		h.respond(() => submit('{"n": 3}'));
		const run = await launched(
			h,
			`export default async (wf) => (await wf.agent("count", { schema: ${COUNT} })).value;`,
		);
		expect(run.summary.report).toEqual({ n: 3 });
		expect(h.requests[0]).toContain('"required":["n"]');
	});

	it("one that does not makes the call FAIL, and the task's own record says FAIL too", async () => {
		const h = await workflowHarness();
		h.respond(() => submit('{"n": "three"}'));
		const run = await launched(h, `export default async (wf) => wf.agent("count", { schema: ${COUNT} });`);
		const result = run.summary.report as CheckedResult;
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toMatch(/^the deliverable does not satisfy the result schema: \/n/);
		const recorded = JSON.parse(readFileSync(join(result.auditDir, "result.json"), "utf8")) as CheckedResult;
		expect(recorded.verdict).toBe("FAIL");
		expect(run.summary.status).toBe("failed");
	});

	it("a deliverable that is not JSON says where it breaks, in plain words", async () => {
		const h = await workflowHarness();
		h.respond(() => submit('{"n": 3,}'));
		const run = await launched(h, `export default async (wf) => wf.agent("count", { schema: ${COUNT} });`);
		const result = run.summary.report as CheckedResult;
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toMatch(
			/^the deliverable is not the JSON the result schema asks for: not valid JSON at line 1, column 9: /,
		);
		expect(result.problems[0]?.message).not.toMatch(/Unexpected|position \d/);
	});

	it("check: false gives a plain child: text, no envelope, no boundary, reading tools only, and a record that says so", async () => {
		const h = await workflowHarness();
		const run = await launched(h, `export default async (wf) => wf.agent("say hello", { check: false });`);
		const result = run.summary.report as {
			kind: string;
			checked: boolean;
			status: string;
			text: string;
			auditDir: string;
		};
		expect(result).toMatchObject({ kind: "unchecked", checked: false, status: "done", text: "plain: say hello" });
		expect(h.requests[0]).toBe("say hello");
		expect(existsSync(join(result.auditDir, "boundary-before.snapshot.gz"))).toBe(false);
		const view = JSON.parse(readFileSync(join(result.auditDir, "view.json"), "utf8")) as { tools: string[] };
		expect(view.tools).toEqual(["read", "grep", "find", "ls", "submit_result"]);
		expect(JSON.parse(readFileSync(join(result.auditDir, "result.json"), "utf8")).kind).toBe("unchecked");
	});
});

describe("options choose the child", () => {
	it("with the usual precedence: per-call field > per-call mode > agent file > run-level mode", async () => {
		const h = await workflowHarness();
		const run = await launched(
			h,
			`export default async (wf) => Promise.all([
				wf.agent("plain call"),
				wf.agent("mode call", { contextMode: "isolated" }),
				wf.agent("field call", { contextMode: "isolated", systemPromptMode: "append", skills: [] }),
				wf.agent("agent call", { agentType: "reviewer" }),
			]);`,
			{ mode: "legacy" },
		);
		const decisions = (run.summary.report as CheckedResult[]).map((r) => {
			const view = JSON.parse(readFileSync(join(r.auditDir, "view.json"), "utf8")) as {
				context: { decisions: Record<string, { layer: string; value: unknown }>; skills: { value?: unknown } };
			};
			return [
				view.context.decisions.systemPromptMode?.layer,
				view.context.decisions.inheritMainRules?.value,
				view.context.skills.value,
			];
		});
		expect(decisions).toEqual([
			["run-mode", true, undefined],
			["call-mode", false, undefined],
			["call-field", false, []],
			["run-mode", true, undefined],
		]);
		const agent = JSON.parse(
			readFileSync(join((run.summary.report as CheckedResult[])[3]!.auditDir, "launch.json"), "utf8"),
		);
		expect(agent.agent.label).toContain("reviewer");
	});
});
