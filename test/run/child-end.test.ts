/**
 * How a child's run ends, at the request level, on both runners: the request the model answers
 * with an accepted `submit_result` is the child's last. The tool's result ends Pi's loop
 * (`terminate`), so no request follows it that would write a cache entry nothing reads; the
 * envelope is still checked (its pointer verified) before it is accepted. A rejected submission is
 * followed by one more request (the model fixes it), and that request is the last.
 */
import { describe, expect, it } from "vitest";
import { bothChild, RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";

const files = { "data.txt": "line 1: the measured value is 0\nline 2\n" };
const read = { tools: [{ name: "read", args: { path: "data.txt" } }] };
const never = { text: "a request after the accepted submit_result" };

for (const kind of RUNNERS) {
	describe(`${kind} runner: the end of a child's run`, () => {
		it("sends no request after the accepted submit_result", async () => {
			const child = await bothChild(kind, [read, submitTurn(envelope(["data.txt:1"])), never], { files });
			const { outcome } = await child.run();
			expect(outcome.submissions).toHaveLength(1);
			expect(outcome.finalText).not.toContain("a request after");
			expect(child.requests()).toBe(2);
		});

		it("asks once more after a rejected submission, and not after the corrected one", async () => {
			const turns = [read, submitTurn(envelope(["data.txt:9"])), submitTurn(envelope(["data.txt:1"])), never];
			const child = await bothChild(kind, turns, { files });
			const { outcome } = await child.run();
			expect(child.requests()).toBe(3);
			expect(outcome.finalText).not.toContain("a request after");
		});
	});
}
