import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { renderTaskCall, renderTaskResult } from "../../src/pi/task-render.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";
import { problem, taskResult, TAG_THEME as theme } from "../support/row-results.ts";

const lines = (text: { render(width: number): readonly string[] }) =>
	text
		.render(200)
		.map((l) => l.trimEnd())
		.join("\n");

/** A task's result with `problems`, at no cost in 1.5 s (the figures these rows show). */
function result(verdict: "PASS" | "FAIL", problems: string[] = []): TaskResult {
	const { metrics } = taskResult();
	return taskResult({
		verdict,
		problems: problems.map(problem),
		metrics: { ...metrics, usage: ZERO_USAGE, elapsedS: 1.5 },
	});
}

const none = { text: "", isError: false };

describe("the task row", () => {
	it("shows a PASS as one quiet line with the deliverable's first line", () => {
		const out = lines(
			renderTaskResult({ kind: "result", result: result("PASS"), report: "PASS  task t\n…" }, none, false, theme),
		);
		expect(out).toContain("<success>*PASS*</success>");
		expect(out).toContain("the answer");
		expect(out).not.toContain("more");
	});

	it("shows a FAIL in the error colour with its first problems, collapsed, and the whole report expanded", () => {
		const failed = result("FAIL", ["one", "two", "three", "four"]);
		const collapsed = lines(
			renderTaskResult({ kind: "result", result: failed, report: "FAIL  task t\nbody" }, none, false, theme),
		);
		expect(collapsed).toContain("<error>*FAIL · 4 problems*</error>");
		expect(collapsed).toContain("✗ three");
		expect(collapsed).not.toContain("✗ four");
		expect(collapsed).toContain("…and 1 more");
		const expanded = lines(
			renderTaskResult({ kind: "result", result: failed, report: "FAIL  task t\nbody" }, none, true, theme),
		);
		expect(expanded).toContain("<error>*FAIL  task t · 4 problems*</error>");
		expect(expanded).toContain("  ✗ four");
	});

	it("shows a result without details (thrown: an invalid spec, or a FAIL on an old Pi) by its text, in the error colour", () => {
		const out = lines(
			renderTaskResult(undefined, { text: "FAIL task t (1 problem)\n✗ x", isError: true }, false, theme),
		);
		expect(out).toBe("<error>*FAIL task t (1 problem)*</error>\n<error>✗ x</error>\n<dim>(ctrl+o for all of it)</dim>");
		const full = lines(
			renderTaskResult({} as never, { text: "FAIL task t (1 problem)\n✗ x", isError: true }, true, theme),
		);
		expect(full).toContain("✗ x");
	});

	it("follows the terminal's width: the goal line is cut to it, the audit path is wrapped, never cut", () => {
		const long = `/tmp/${"deep/".repeat(30)}20261201T000000Z-t`;
		const row = renderTaskResult(
			{ kind: "result", result: { ...result("PASS"), auditDir: long }, report: "" },
			{ text: "", isError: false },
			false,
			theme,
		);
		const narrow = row.render(80);
		expect(narrow.every((line) => visibleWidth(line) <= 80)).toBe(true);
		// Broken after a separator, the pieces under a hanging indent: joined again, the path is whole.
		expect(narrow.map((line) => line.replace(/<\/?dim>/g, "").trim()).join("")).toContain(long);
		const call = renderTaskCall({ id: "t", goal: `${"word ".repeat(60)}\nsecond line` }, theme);
		expect(call.render(60).every((line) => visibleWidth(line) <= 60)).toBe(true);
		expect(visibleWidth(call.render(200)[1] ?? "")).toBeGreaterThan(100);
		expect(call.render(200).join("\n")).not.toContain("second line");
	});
});

describe("the combined row of a call with several tasks", () => {
	const pass = { ...result("PASS"), id: "lexer" };
	const fail = { ...result("FAIL", ["boundary violation: added x", "second"]), id: "parser" };

	it("collapsed: the FAIL count first in the error colour, then a verdict line per task, a FAIL's first problem under it", () => {
		const out = lines(renderTaskResult({ kind: "results", results: [pass, fail], report: "r" }, none, false, theme));
		expect(out.split("\n")).toEqual([
			"<error>*1 of 2 FAIL*</error> <muted>· $0.00</muted>",
			"<success>PASS</success> <accent>lexer</accent> <muted>· 1.5 s · 2 turns · $0.00 · p/m</muted>",
			"<error>*FAIL*</error> <accent>parser</accent> <muted>· 1.5 s · 2 turns · $0.00 · p/m</muted>",
			"<error>  ✗ boundary violation: added x (+1)</error>",
		]);
	});

	it("all passed: one quiet tally; expanded: the full report", () => {
		const collapsed = lines(renderTaskResult({ kind: "results", results: [pass], report: "r" }, none, false, theme));
		expect(collapsed.split("\n")[0]).toBe("<success>*1 PASS*</success> <muted>· $0.00</muted>");
		const expanded = lines(
			renderTaskResult({ kind: "results", results: [pass, fail], report: "2 tasks\nbody" }, none, true, theme),
		);
		expect(expanded.split("\n")[0]).toBe("<error>*2 tasks: 1 PASS, 1 FAIL · $0.00*</error>");
		expect(expanded).toContain("FAIL  task parser · 2 problems");
	});

	it("the call: how many tasks, then each goal's first line", () => {
		const out = lines(
			renderTaskCall({ tasks: [{ goal: "Check the lexer\nmore" }, { id: "p", goal: "Check it" }] }, theme),
		);
		expect(out).toBe(
			"<toolTitle>*task *</toolTitle><accent>2 tasks</accent>\n<dim>Check the lexer</dim>\n<dim>p: Check it</dim>",
		);
	});
});

describe("the call row of one task", () => {
	it("names a task without an id by the id its goal will give it", () => {
		const out = lines(renderTaskCall({ goal: "Review the parser" }, theme));
		expect(out.split("\n")[0]).toContain("<accent>review-parser</accent>");
	});
});
