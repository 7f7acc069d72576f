/** The example workflows run as documented, so they cannot rot: real planner, real executor, faux model. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";
import { fauxAssistantMessage, fauxToolCall, submit, workflowHarness } from "./harness.ts";

const example = (name: string) => join(REPO, "examples/workflows", name);

describe("examples/workflows", () => {
	it("todo-triage lists, judges in parallel and summarises, each ruling citing a verified line", async () => {
		const h = await workflowHarness({
			files: { "src/cache.ts": "// TODO: evict old entries\nexport const cache = new Map();\n", "README.md": "x\n" },
		});
		h.respond((brief) => {
			if (brief.includes("List every TODO comment")) {
				return submit(JSON.stringify({ todos: [{ file: "src/cache.ts", line: 1, text: "evict old entries" }] }), [
					{ claim: "the TODO", pointer: "src/cache.ts:1" },
				]);
			}
			if (brief.includes("Does this TODO still apply?")) {
				return submit(JSON.stringify({ keep: true, why: "nothing evicts" }), [
					{ claim: "no eviction", pointer: "src/cache.ts:2" },
				]);
			}
			return fauxAssistantMessage("Keep it.");
		});
		const run = await h.launch(example("todo-triage.ts"), { args: ["src"] });
		if (!run.ok) throw new Error(run.what);
		expect(run.summary.status).toBe("passed");
		expect(run.summary.report).toBe("1 TODO in src\n\nkeep  src/cache.ts:1  nothing evicts\n\nKeep it.");
		expect(run.summary.calls.map((c) => c.kind)).toEqual(["task", "task", "unchecked"]);
	});

	it("fix-and-review makes the change inside its root only, then has it reviewed by another child", async () => {
		const h = await workflowHarness({ files: { "README.md": "teh typo\n" } });
		h.respond((brief, turn) => {
			if (brief.includes("Review this change"))
				return submit("looks right", [{ claim: "typo fixed", pointer: `${h.project}/README.md:1` }]);
			if (turn === 0) {
				return fauxAssistantMessage(
					[fauxToolCall("edit", { path: `${h.project}/README.md`, edits: [{ oldText: "teh", newText: "the" }] })],
					{ stopReason: "toolUse" },
				);
			}
			return submit("fixed", [{ claim: "fixed", pointer: `${h.project}/README.md:1` }]);
		});
		const run = await h.launch(example("fix-and-review.ts"), { args: [h.project, "fix", "the", "typo"] });
		if (!run.ok) throw new Error(run.what);
		expect(run.summary.status).toBe("passed");
		expect(readFileSync(join(h.project, "README.md"), "utf8")).toBe("the typo\n");
		expect(run.summary.report).toMatch(/^Change: modified README\.md\nReview: PASS\n- typo fixed \(/);
	});
});
