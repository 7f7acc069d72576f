/**
 * Resume with Pi's faux provider: a rerun replays the longest unchanged prefix of calls without a
 * model request, reruns from the first changed call on, and a crashed run resumes from its journal.
 */
import { describe, expect, it } from "vitest";
import { workflowHarness } from "./harness.ts";

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
