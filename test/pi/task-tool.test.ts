import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { REPO, runPi } from "../support/pi.ts";
import { gitRepo } from "../support/task-fixture.ts";

/** A parent turn calling the task tool (one call per spec). */
const taskCall = (...specs: Array<Record<string, unknown>>) => ({
	tools: specs.map((spec) => ({ name: "task", args: { goal: "g", deliverable: "d", ...spec } })),
});

type ToolEnd = {
	type: string;
	toolName: string;
	isError: boolean;
	result: {
		content?: Array<{ text?: string }>;
		details?: { kind: string; result?: TaskResult };
		usage?: { cost?: { total: number } };
	};
};

function taskResults(events: Array<Record<string, unknown>>): ToolEnd[] {
	return events.filter((e) => e.type === "tool_execution_end" && e.toolName === "task") as unknown as ToolEnd[];
}

describe("the task tool in a real pi", () => {
	it("runs a child in-process and returns the checked report, with the child's usage", () => {
		const a = gitRepo({ "a.txt": "one\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate it"], {
			turns: [
				taskCall({ id: "look", roots: [a], files: [`${a}/a.txt`] }),
				submitTurn(envelope([`${a}/a.txt:1`])),
				"The task passed.",
			],
		});
		expect(run.stderr).not.toMatch(/Failed to load extension/);
		const [end] = taskResults(run.events);
		expect(end?.isError).toBe(false);
		expect(end?.result.details?.result?.verdict).toBe("PASS");
		expect(JSON.stringify(end?.result)).toContain("PASS  task look");
		expect(end?.result.usage).toBeDefined();
	});

	it("returns a FAIL as an error result the model cannot miss", () => {
		const a = gitRepo({ "a.txt": "one\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate it"], {
			turns: [
				taskCall({ id: "look", roots: [a] }),
				submitTurn(envelope([`${a}/a.txt:7`])),
				submitTurn(envelope([`${a}/a.txt:7`])),
				submitTurn(envelope([`${a}/a.txt:7`])),
				"It failed.",
			],
		});
		const [end] = taskResults(run.events);
		expect(end?.isError).toBe(true);
		// What the model reads: the compact report, verdict first (on every supported Pi).
		const forModel = end?.result.content?.[0]?.text ?? "";
		expect(forModel.startsWith("FAIL task look (1 problem)\n✗ evidence[0]")).toBe(true);
		expect(forModel).toContain("not verified");
	});

	it("rejects an invalid spec before anything runs, listing every problem", () => {
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate it"], {
			turns: [taskCall({ id: "bad id", roots: ["relative"], read_only: false }), "Noted."],
		});
		const [end] = taskResults(run.events);
		expect(end?.isError).toBe(true);
		const text = JSON.stringify(end?.result);
		expect(text).toContain("The task spec is invalid (3 problems); nothing ran.");
		expect(text).toContain("id:");
		expect(text).toContain("roots[0]");
		expect(text).toContain("write_allowed");
	});

	it("runs direct writing tasks on overlapping roots one after the other, and disjoint ones at the same time", () => {
		const a = gitRepo({ "a.txt": "one\n" });
		const b = gitRepo({ "b.txt": "two\n" });
		const sub = `${a}`;
		const submit = submitTurn(envelope());
		const overlapping = runPi(["-e", REPO, "--mode", "json", "-p", "go"], {
			turns: [
				taskCall(
					// Under on-pass (the default) each works on a copy of its own, and they run at once
					// (test/run/apply-parallel.test.ts); direct writers share the real root, so one waits.
					{ id: "first", roots: [a], read_only: false, write_allowed: [a], apply: "direct" },
					{ id: "second", roots: [sub], read_only: false, write_allowed: [sub], apply: "direct" },
				),
				submit,
				submit,
				"done",
			],
		});
		const [o1, o2] = taskResults(overlapping.events).map((e) => e.result.details?.result as TaskResult);
		const [firstO, secondO] = [o1!, o2!].sort((x, y) => x.startedAt.localeCompare(y.startedAt));
		expect(secondO!.startedAt >= firstO!.finishedAt).toBe(true);

		const disjoint = runPi(["-e", REPO, "--mode", "json", "-p", "go"], {
			turns: [
				taskCall({ id: "left", roots: [a] }, { id: "right", roots: [b] }),
				{ ...submit, delayMs: 400 },
				{ ...submit, delayMs: 400 },
				"done",
			],
		});
		const [d1, d2] = taskResults(disjoint.events).map((e) => e.result.details?.result as TaskResult);
		const [firstD, secondD] = [d1!, d2!].sort((x, y) => x.startedAt.localeCompare(y.startedAt));
		expect(secondD!.startedAt < firstD!.finishedAt).toBe(true);
	});
});

describe("the task tool's context fields", () => {
	it("takes per-call context fields, and shows an unknown mode's fallback as a warning in the report", () => {
		const a = gitRepo({ "a.txt": "one\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate it"], {
			turns: [
				taskCall({ id: "look", roots: [a], contextMode: "focussed", skills: [], inheritPrompt: "portable" }),
				submitTurn(envelope([`${a}/a.txt:1`])),
				"ok",
			],
		});
		const [end] = taskResults(run.events);
		const result = end?.result.details?.result;
		expect(result?.verdict).toBe("PASS");
		expect(result?.warnings.join("\n")).toMatch(/unknown context mode "focussed".*focused/);
		expect(JSON.stringify(end?.result.details)).toContain("Warnings\\n  - ");
		// The fields the schema sent to the model does not list reach the plan all the same.
		const plan = JSON.parse(readFileSync(join(result?.auditDir ?? "", "launch.json"), "utf8"));
		expect(plan.child.strategy).toMatchObject({ value: "portable", reason: "per-call strategy" });
		expect(plan.child.context.skills).toMatchObject({ value: [], layer: "call-field" });
	});

	it("passes the fields the schema only names (exclude, network, git_writes, evidence, budget's keys) to the spec", () => {
		const a = gitRepo({ "a.txt": "one\n", "dist/b.txt": "two\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate it"], {
			turns: [
				taskCall({
					id: "look",
					roots: [a],
					exclude: [`${a}/dist`],
					network: false,
					git_writes: false,
					evidence: "optional",
					budget: { turns: 7, wall_s: 120 },
				}),
				submitTurn(envelope([`${a}/a.txt:1`])),
				"ok",
			],
		});
		const result = taskResults(run.events)[0]?.result.details?.result;
		expect(result?.verdict).toBe("PASS");
		const spec = JSON.parse(readFileSync(join(result?.auditDir ?? "", "spec.json"), "utf8"));
		expect(spec).toMatchObject({
			exclude: [`${a}/dist`],
			network: false,
			git_writes: false,
			evidence: "optional",
			budget: { turns: 7, wall_s: 120 },
		});
	});
});

describe("several tasks in one task call", () => {
	it("plans every task first, runs them at once, and answers with one combined report", () => {
		// The scripted model answers in order of arrival, so either child may get either turn: one pointer fits both.
		const a = gitRepo({ "f.txt": "one\n" });
		const b = gitRepo({ "f.txt": "two\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate both"], {
			turns: [
				{
					tools: [
						{
							name: "task",
							args: {
								deliverable: "d",
								tasks: [
									{ goal: "Check the lexer", roots: [a] },
									{ goal: "Check the parser", roots: [b] },
								],
							},
						},
					],
				},
				submitTurn(envelope(["f.txt:1"])),
				submitTurn(envelope(["f.txt:1"])),
				"Both passed.",
			],
		});
		const [end] = taskResults(run.events);
		expect(end?.isError).toBe(false);
		const details = end?.result.details as { kind: string; results?: TaskResult[] } | undefined;
		expect(details?.kind).toBe("results");
		expect(details?.results?.map((r) => [r.id, r.verdict])).toEqual([
			["check-lexer", "PASS"],
			["check-parser", "PASS"],
		]);
		const forModel = end?.result.content?.[0]?.text ?? "";
		expect(forModel.split("\n").slice(0, 3)).toEqual([
			expect.stringMatching(/^2 tasks: 2 PASS · \$/),
			"",
			expect.stringMatching(/^— check-lexer: /),
		]);
		expect(forModel).toMatch(/^— check-parser: /m);
		// A PASS's roots are its detail's (the children tool's report action), not the compact report's.
		expect(forModel).not.toContain(`${a} (watched)`);
		// One usage for the call, every child in it; and a session entry per child.
		expect(end?.result.usage).toBeDefined();
		const links = run.events.filter(
			(e) => e.type === "entry_appended" && (e.entry as { customType?: string }).customType === "pi-delegate.child",
		);
		expect(links).toHaveLength(2);
	});

	it("refuses the whole call when one spec is invalid, naming every problem under its task, and runs nothing", () => {
		const a = gitRepo({ "a.txt": "one\n" });
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "delegate"], {
			turns: [
				{
					tools: [
						{
							name: "task",
							args: {
								deliverable: "d",
								tasks: [
									{ goal: "fine", roots: [a] },
									{ goal: "bad", roots: ["missing-dir"], id: "bad id" },
								],
							},
						},
					],
				},
				"Noted.",
			],
		});
		const [end] = taskResults(run.events);
		expect(end?.isError).toBe(true);
		const text = JSON.stringify(end?.result);
		expect(text).toContain("The task spec is invalid (");
		expect(text).toContain("tasks[1].roots[0]");
		expect(text).toContain("tasks[1].id");
		expect(text).not.toContain("tasks[0].");
		// Nothing ran: the model was asked twice (the call, then its answer), no child at all.
		expect(
			run.events.filter((e) => e.type === "message_end" && (e.message as { role?: string }).role === "assistant"),
		).toHaveLength(2);
	});
});
