/**
 * What steered a child is in its audit record: each message an event of events.ndjson as it was
 * handed over, the list in result.json, and the count in the report — on both runners, through the
 * one planner and execution.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderModelReport, renderReport } from "../../src/report/task-report.ts";
import { createMailbox } from "../../src/run/inbox.ts";
import { MESSAGE_EVENT } from "../../src/run/runners/steering.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { runSpecWith } from "../support/delegate-run.ts";

for (const runner of RUNNERS) {
	describe(`the record of a steered task (${runner})`, () => {
		it("names the message in events.ndjson, result.json and the report", async () => {
			const ws = runWorkspace({
				turns: [
					{ tools: [{ name: "bash", args: { command: "sleep 1" } }] },
					{ tools: [{ name: "bash", args: { command: "touch {{last_user_message}}" } }] },
					{ tools: [{ name: "submit_result", args: envelope(["steered.txt"]) as never }] },
					"done",
				],
			});
			const spec = ws.spec({ roots: [ws.project], write_allowed: [ws.project], read_only: false });
			const inbox = createMailbox();
			let sent = false;
			const result = await runSpecWith(ws, runner, spec, {
				inbox,
				progress: (p) => {
					if (p.type === "tool_start" && !sent) sent = inbox.send("steered.txt");
				},
			});
			if (result.kind !== "task") throw new Error(result.kind);
			expect(result.verdict).toBe("PASS");
			expect(result.messages?.map((m) => m.text)).toEqual(["steered.txt"]);
			const onDisk = JSON.parse(readFileSync(join(result.auditDir, "result.json"), "utf8"));
			expect(onDisk.messages).toEqual(result.messages);
			const events = readFileSync(join(result.auditDir, "events.ndjson"), "utf8")
				.split("\n")
				.filter((line) => line !== "")
				.map((line) => JSON.parse(line) as Record<string, unknown>);
			expect(events.filter((e) => e.type === MESSAGE_EVENT)).toEqual([
				expect.objectContaining({ text: "steered.txt", delivered: true }),
			]);
			expect(renderReport(result)).toContain("steered  1 message sent to the child");
			expect(renderModelReport(result)).toContain("1 message sent to the child");
		}, 60_000);
	});
}
