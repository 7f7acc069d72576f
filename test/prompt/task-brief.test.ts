/**
 * The first message of a task child, byte for byte: golden files for the shapes a brief takes (a
 * read-only task; a writer with a watched-only root, files, commands, facts and relaxed evidence),
 * and the rules that keep it short — it is the one part of a child's prompt siblings do not share.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUBMIT_RESULT_TOOL_DESCRIPTION } from "../../src/envelope/schema.ts";
import { BRIEF_HEAD } from "../../src/prompt/brief-head.ts";
import { taskBrief } from "../../src/prompt/task-brief.ts";
import { expectGolden } from "../support/golden.ts";
import { REPO } from "../support/pi.ts";
import { gitRepo, spec } from "../support/task-fixture.ts";

const GOLDEN = join(REPO, "test/fixtures/briefs-golden");

// Roots must exist; the briefs are compared with the temporary directory written as /repo.
const repo = gitRepo({ "src/parse.ts": "export {};\n", "test/parse.test.ts": "\n" });
const at = (spec: Record<string, unknown>) => JSON.parse(JSON.stringify(spec).replaceAll("/repo", repo));
const brief = (taskSpec: ReturnType<typeof spec>) => taskBrief(taskSpec).replaceAll(repo, "/repo");

const readOnly = spec(at({ id: "count-todos", goal: "Count the TODO comments in src/.", roots: ["/repo/src"] }));
const writer = spec(
	at({
		id: "fix-parser",
		goal: "Make the parser accept trailing commas.",
		deliverable: "What you changed, file by file.",
		read_only: false,
		roots: ["/repo/src", "/repo/test"],
		write_allowed: ["/repo/src"],
		evidence: "optional",
		context: {
			files: ["/repo/src/parse.ts"],
			commands: ["npm test"],
			facts: ["The tests in test/parse.test.ts pass today."],
		},
	}),
);

describe("taskBrief", () => {
	it("gives a read-only task its goal, deliverable, roots and budget (golden)", () => {
		expectGolden(join(GOLDEN, "read-only.txt"), brief(readOnly));
	});

	it("gives a writer its writable and watched roots, files, commands, facts and the relaxed evidence rule (golden)", () => {
		expectGolden(join(GOLDEN, "writer.txt"), brief(writer));
	});

	it("states the evidence rule only when the task relaxes it: the default is in submit_result's definition", () => {
		expect(brief(readOnly)).not.toContain("## Evidence");
		expect(brief(writer)).toContain("## Evidence\nThis task needs no evidence");
		expect(SUBMIT_RESULT_TOOL_DESCRIPTION).toContain("a task not finished with it fails");
		// The one instruction about it that stays in the brief, where a model reads its orders.
		expect(brief(readOnly)).toContain("Finish with one `submit_result` call.");
		expect(brief(readOnly)).toMatch(/\nBudget: 100 turns, \$2, 900 s; the run stops when one runs out\.\n$/);
	});

	it("starts with the opening every task shares, word for word, so it can be cached with the prefix", () => {
		for (const text of [brief(readOnly), brief(writer)]) expect(text.startsWith(BRIEF_HEAD)).toBe(true);
		// Nothing of a task in it: the id, goal and roots come after.
		expect(BRIEF_HEAD).not.toMatch(/count-todos|fix-parser|\/repo/);
		expect(brief(readOnly).slice(BRIEF_HEAD.length)).toMatch(/^# Task: count-todos\n/);
	});

	it("names every root, and says incidental changes count, in both shapes", () => {
		for (const text of [brief(readOnly), brief(writer)]) {
			expect(text).toContain("build output, caches, lock files, bytecode such as __pycache__");
		}
		expect(brief(readOnly)).toContain("change nothing under these roots:\n- /repo/src\n");
		expect(brief(writer)).toContain("You may create, change and delete files under:\n- /repo/src\n");
		expect(brief(writer)).toContain("You may read, but change nothing under:\n- /repo/test\n");
	});
});
