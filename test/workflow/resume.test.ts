/**
 * Resume with Pi's faux provider: a rerun replays the longest unchanged prefix of calls without a
 * model request, reruns from the first changed call on, and a crashed run resumes from its journal.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { echo, fauxAssistantMessage, sleep, workflowHarness } from "./harness.ts";

const FOUR_CALLS = `
export default async function (wf, args) {
	const a = await wf.agent("first question");
	const b = await wf.agent("second question");
	const c = await wf.agent("third question " + (args[0] ?? ""));
	const d = await wf.agent("fourth question");
	return [a, b, c, d].map((r) => r.verdict + " " + r.text).join("\\n");
}
`;

describe("resume", () => {
	it("changing the third call's prompt reruns the third call and every call after it, never the first two", async () => {
		const h = await workflowHarness();
		const file = h.script("four.ts", FOUR_CALLS);
		const first = await h.launch(file, { args: ["v1"] });
		if (!first.ok) throw new Error(first.what);
		expect(first.summary.status).toBe("passed");
		expect(h.requests).toHaveLength(4);
		const second = await h.launch(file, { args: ["v2"], resume: first.summary.runId });
		if (!second.ok) throw new Error(second.what);
		expect(second.summary.status).toBe("passed");
		expect(second.summary.calls.map((c) => c.replayed)).toEqual([true, true, false, false]);
		expect(h.requests).toHaveLength(6);
		expect(h.requests.slice(4).map((r) => /## Goal\n(.*)/.exec(r)?.[1])).toEqual([
			"third question v2",
			"fourth question",
		]);
		expect(second.summary.report).toContain("done: first question");
	});
});

describe("resume after a crash", () => {
	it("a run that died mid-way resumes from its journal: the calls that ended replay, the rest run", async () => {
		const h = await workflowHarness();
		const file = h.script("four.ts", FOUR_CALLS);
		const whole = await h.launch(file, { args: ["v1"] });
		if (!whole.ok) throw new Error(whole.what);
		// What a kill after the second call leaves: its header, two call lines, and half of a third.
		const journal = join(whole.summary.dir, "journal.ndjson");
		const lines = readFileSync(journal, "utf8").split("\n");
		writeFileSync(journal, `${lines.slice(0, 3).join("\n")}\n${(lines[3] ?? "").slice(0, 40)}`);
		rmSync(join(whole.summary.dir, "result.json"));
		const before = h.requests.length;
		const resumed = await h.launch(file, { args: ["v1"], resume: journal });
		if (!resumed.ok) throw new Error(resumed.what);
		expect(resumed.summary.calls.map((c) => c.replayed)).toEqual([true, true, false, false]);
		expect(h.requests.length - before).toBe(2);
		expect(resumed.summary.status).toBe("passed");
	});

	it("a child the run stopped is never replayed: a resume runs it", async () => {
		const h = await workflowHarness();
		h.respond(async (brief, _turn, signal) => {
			if (brief.includes("slow") && !brief.includes("resumed")) await sleep(20_000, signal);
			return echo(brief, 0, undefined);
		});
		const file = h.script(
			"stop.ts",
			`export const limits = { wall_s: 6 };
			export default async (wf) => [await wf.agent("quick"), await wf.agent("slow")].map((r) => r.verdict).join(",");`,
		);
		const first = await h.launch(file);
		if (!first.ok) throw new Error(first.what);
		expect(first.summary.status).toBe("stopped");
		expect(first.summary.report).toBe("PASS,FAIL");
		h.respond(echo);
		const second = await h.launch(file, { resume: first.summary.runId });
		if (!second.ok) throw new Error(second.what);
		expect(second.summary.calls.map((c) => [c.replayed, c.result.kind === "task" && c.result.verdict])).toEqual([
			[true, "PASS"],
			[false, "PASS"],
		]);
		expect(h.logs.some((l) => l.includes("runs: its recorded result was interrupted"))).toBe(true);
	});
});

describe("what a resume compares", () => {
	it("a run-level mode that changes what children see reruns them", async () => {
		const h = await workflowHarness();
		const file = h.script("one.ts", `export default async (wf) => (await wf.agent("look")).verdict;`);
		const first = await h.launch(file);
		if (!first.ok) throw new Error(first.what);
		const same = await h.launch(file, { resume: first.summary.runId });
		const isolated = await h.launch(file, { resume: first.summary.runId, mode: "isolated" });
		if (!same.ok || !isolated.ok) throw new Error("refused");
		expect(same.summary.calls[0]?.replayed).toBe(true);
		expect(isolated.summary.calls[0]?.replayed).toBe(false);
		expect(h.requests).toHaveLength(2);
		expect(
			h.logs.some((l) => /runs: its system prompt, tools, model or Pi version, its context primitives/.test(l)),
		).toBe(true);
	});

	it("--rerun-failed runs again what failed, and replays what passed", async () => {
		const h = await workflowHarness();
		h.respond((brief) => (brief.includes("flaky") ? fauxAssistantMessage("prose") : echo(brief, 0, undefined)));
		const file = h.script(
			"two.ts",
			`export default async (wf) => [await wf.agent("steady"), await wf.agent("flaky")].map((r) => r.verdict).join(",");`,
		);
		const first = await h.launch(file);
		if (!first.ok) throw new Error(first.what);
		expect(first.summary.report).toBe("PASS,FAIL");
		h.respond(echo);
		const replayed = await h.launch(file, { resume: first.summary.runId });
		const rerun = await h.launch(file, { resume: first.summary.runId, rerunFailed: true });
		if (!replayed.ok || !rerun.ok) throw new Error("refused");
		expect(replayed.summary.report).toBe("PASS,FAIL");
		expect(rerun.summary.report).toBe("PASS,PASS");
		expect(rerun.summary.calls.map((c) => c.replayed)).toEqual([true, false]);
	});

	it("a RUN that is not a run is refused with the runs there are, and nothing is written", async () => {
		const h = await workflowHarness();
		const file = h.script("one.ts", `export default async (wf) => (await wf.agent("look")).verdict;`);
		const first = await h.launch(file);
		if (!first.ok) throw new Error(first.what);
		const runs = readdirSync(h.runsDir).length;
		const bad = await h.launch(file, { resume: `${first.summary.runId}x` });
		expect(bad.ok).toBe(false);
		if (bad.ok) return;
		expect(bad.problems[0]?.message).toContain(`(did you mean "${first.summary.runId}"?)`);
		expect(readdirSync(h.runsDir)).toHaveLength(runs);
	});
});
