/**
 * What the `task` and `fork` tool rows say: a blocked fork reads as blocked with the call to make
 * instead; a stopped child is stopped, not FAIL; a prevented write shows on a PASS's row; a parallel
 * call's live lines end one by one; a fork says "answered" with its time and dollars; separators, one
 * ellipsis, changed files named, a blank line under the call. The widths are test/pi/rows-width.test.ts.
 */
import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import type { TObject } from "typebox";
import { describe, expect, it } from "vitest";
import type { EnvelopeParse } from "../../src/envelope/parse.ts";
import { FORK_TOOL_NAME } from "../../src/pi/fork-brief.ts";
import { forkGateDecision } from "../../src/pi/fork-gate-decision.ts";
import { renderForkResult } from "../../src/pi/fork-render.ts";
import { registerForkTool } from "../../src/pi/fork-tool.ts";
import { liveRows, type ProgressUpdate } from "../../src/pi/live-rows.ts";
import { unveil, veil } from "../../src/pi/screen-marks.ts";
import { renderTaskResult } from "../../src/pi/task-render.ts";
import { registerTaskTool } from "../../src/pi/task-tool.ts";
import { renderForkModelReport, renderForkReport } from "../../src/report/fork-report.ts";
import { renderModelReport, renderReport } from "../../src/report/task-report.ts";
import { judgeRun } from "../../src/run/outcome/verdict.ts";
import { type ChildOutcome, ZERO_USAGE } from "../../src/run/types.ts";
import { CANCELLED, forkResult, forkSummary, problem, taskResult, TAG_THEME as theme } from "../support/row-results.ts";

const text = (component: { render(width: number): readonly string[] }, width = 200) =>
	component
		.render(width)
		.map((l) => l.trimEnd())
		.join("\n");

const none = { text: "", isError: false };

describe("a fork the gate blocked (point 2)", () => {
	const RISKY = "Fix the typo in README.md and do not touch anything else.";
	const decision = forkGateDecision(FORK_TOOL_NAME, { brief: RISKY }, { cwd: "/repo" });
	if (!decision.block) throw new Error("the gate let the risky brief through");
	const reason = decision.reason;

	// Pi stores `details: {}` for a blocked call and for a thrown error (pi-agent-core's
	// createErrorToolResult); an old or foreign session may hold none, or a partial one.
	const shapes: Array<[string, unknown]> = [
		["{}", {}],
		["undefined", undefined],
		["a kind it does not know", { kind: "mystery" }],
		["forks without results", { kind: "forks" }],
	];
	for (const [name, details] of shapes) {
		for (const expanded of [false, true]) {
			it(`reads as blocked, in the error colour, with the reason and the task call (details ${name}, ${expanded ? "expanded" : "collapsed"})`, () => {
				const out = text(renderForkResult(details as never, reason, expanded, theme, true));
				expect(out.split("\n")[0]).toBe("<error>*BLOCKED · a task, not a fork*</error>");
				expect(out).toContain(`<error>${reason.split("\n")[0]}</error>`);
				expect(out).toContain("<accent>task({</accent>");
				expect(out).toContain('<accent>  roots: ["/repo"],</accent>');
				expect(out).toContain("<accent>})</accent>");
			});
		}
	}

	it("a call of several briefs shows which were blocked and each call to make", () => {
		const several = forkGateDecision(FORK_TOOL_NAME, { briefs: ["What does a.ts do?", RISKY] }, { cwd: "/repo" });
		if (!several.block) throw new Error("the gate let the risky brief through");
		const out = text(renderForkResult({} as never, several.reason, false, theme, true));
		expect(out).toContain("1 of 2 briefs must be tasks (brief 2)");
		expect(out).toContain("<accent>task({</accent>");
	});

	it("a thrown fork error (nothing ran) is the error colour, its first problem shown collapsed", () => {
		const thrown = "Cannot fork: the fork call is invalid; nothing ran.\n✗ brief: missing\n  fix: give a brief";
		const out = text(renderForkResult({} as never, thrown, false, theme, true));
		expect(out.split("\n")[0]).toBe("<error>*Cannot fork: the fork call is invalid; nothing ran.*</error>");
		expect(out).toContain("<error>✗ brief: missing</error>");
	});
});

const stoppedTask = () =>
	taskResult({ verdict: "FAIL", problems: [CANCELLED], envelope: undefined, finalText: "halfway" });

describe("a child its caller stopped (point 5)", () => {
	const outcome: ChildOutcome = {
		runner: "in-process",
		completed: false,
		stopReason: "aborted",
		errors: [],
		stoppedBy: "cancelled",
		submissions: [],
		finalText: "",
		commandsRun: [],
		toolCalls: 1,
		turns: 1,
		usage: { ...ZERO_USAGE },
	} as unknown as ChildOutcome;
	const missing: EnvelopeParse = { ok: false, reason: "submit_result was never called" } as EnvelopeParse;
	const budget = { wall_s: 60, usd: 1, turns: 10 } as never;

	it("is no PASS, and is not blamed for the envelope it had no time to hand in", () => {
		const { verdict, problems } = judgeRun({ outcome, envelope: missing, claims: [], violations: [], budget });
		expect(verdict).toBe("FAIL");
		expect(problems.map((p) => p.message)).toEqual(["cancelled by the caller before the child finished"]);
	});

	it("still fails on what it changed outside the boundary before the stop", () => {
		const violation = { root: "/r", path: "x", kind: "added", detail: "new file" } as const;
		const { problems } = judgeRun({ outcome, envelope: missing, claims: [], violations: [violation], budget });
		expect(problems.map((p) => p.code)).toEqual(["child", "boundary"]);
	});

	it("reads as stopped on the task row, collapsed and in the expanded report, and in the model's report", () => {
		const collapsed = text(renderTaskResult({ kind: "result", result: stoppedTask(), report: "" }, none, false, theme));
		expect(collapsed.split("\n")[0]).toBe(
			"<warning>*stopped*</warning> <muted>· 4.3 s · 2 turns · $0.0123 · p/m</muted>",
		);
		expect(collapsed).not.toContain("FAIL");
		expect(collapsed).not.toContain("✗");
		const expanded = text(renderTaskResult({ kind: "result", result: stoppedTask(), report: "" }, none, true, theme));
		expect(expanded.split("\n")[0]).toBe(
			"<warning>*stopped  task t · cancelled by the caller before the child finished*</warning>",
		);
		expect(renderReport(stoppedTask())).not.toContain("FAIL");
		expect(renderModelReport(stoppedTask()).split("\n")[0]).toBe("stopped task t");
	});

	it("a parallel call counts it apart from its FAILs", () => {
		const out = text(
			renderTaskResult(
				{ kind: "results", results: [taskResult({ id: "a" }), { ...stoppedTask(), id: "b" }], report: "" },
				none,
				false,
				theme,
			),
		);
		expect(out.split("\n")[0]).toBe("<warning>*1 of 2 stopped*</warning> <muted>· $0.0246</muted>");
		expect(out).toContain("<warning>stopped</warning> <accent>b</accent>");
	});

	it("reads as stopped on the fork row and in the fork's reports", () => {
		const out = text(
			renderForkResult(
				{ kind: "forks", results: [forkSummary({ verdict: "FAIL", stopped: true })], report: "" },
				"",
				false,
				theme,
			),
		);
		expect(out.split("\n")[0]).toBe(
			"<warning>stopped</warning> <accent>fork-1</accent> <muted>· 2.5 s · $0.0042</muted>",
		);
		const stopped = forkResult({ verdict: "FAIL", problems: [CANCELLED] });
		expect(renderForkModelReport([stopped]).split("\n")[0]).toBe(
			'Fork 1 of 1 · stopped · "Which of the two parsers handles empty input?"',
		);
		expect(renderForkReport([stopped]).split("\n")[0]).toBe("stopped  fork fork-1 (1 of 1)");
	});
});

describe("a PASS whose sandbox prevented a write (point 3)", () => {
	const isolation = {
		containment: "namespace" as const,
		sandbox: "enforce" as const,
		reason: "r",
		notes: [],
		prevented: [{ tool: "write", path: "/etc/x", reason: "read-only file system" }],
	};

	it("says so on the collapsed row, and in the parallel call's line", () => {
		const pass = taskResult({ isolation });
		const row = text(renderTaskResult({ kind: "result", result: pass, report: "" }, none, false, theme));
		expect(row.split("\n")[0]).toContain("<warning>· 1 write prevented</warning>");
		const call = text(renderTaskResult({ kind: "results", results: [pass], report: "" }, none, false, theme));
		expect(call).toContain("<warning>· 1 write prevented</warning>");
		const refused = taskResult({
			isolation: { ...isolation, prevented: [{ tool: "bash", reason: "r", refusedBy: "commands" }] },
		});
		expect(text(renderTaskResult({ kind: "result", result: refused, report: "" }, none, false, theme))).not.toContain(
			"prevented",
		);
	});
});

/** Live rows for `ids` on a clock the test sets with `at(ms)`, every update they send kept in order. */
function rowsAt(ids: readonly string[]) {
	let clock = 0;
	const updates: ProgressUpdate[] = [];
	const rows = liveRows(
		ids,
		(u) => updates.push(u),
		() => clock,
	);
	const at = (ms: number) => {
		clock = ms;
	};
	return { rows, updates, at };
}

describe("the live lines of a parallel call (point 4)", () => {
	it("shows each child's own end as soon as it ends, its clock stopped, while the others run on", () => {
		const { rows, updates, at } = rowsAt(["lexer", "parser"]);
		try {
			at(7_500);
			rows.onProgress(0, { type: "phase", phase: "checking" });
			rows.onEnd(0, "PASS", 0.0123);
			at(12_000);
			rows.onProgress(1, { type: "phase", phase: "running" });
			rows.onProgress(0, { type: "phase", phase: "checking" });
		} finally {
			rows.stop();
		}
		const last = updates.at(-1)?.details.line.split("\n") ?? [];
		expect(last[0]).toBe("lexer · PASS · 7.5 s · $0.0123");
		expect(last[1]).toBe("parser · running · 12.0 s");
	});

	it("says a running child is stopping when the person quits Pi (the row outlives Pi), and runs on if Pi does", () => {
		const { rows, updates, at } = rowsAt(["lexer", "parser"]);
		try {
			at(4_000);
			rows.onEnd(0, "PASS", 0.01);
			rows.onProgress(1, { type: "phase", phase: "running" });
			veil();
			expect(updates.at(-1)?.details.line.split("\n")).toEqual([
				"lexer · PASS · 4.0 s · $0.01",
				"parser · stopping · Pi quits · 4.0 s",
			]);
			at(5_000);
			unveil();
			expect(updates.at(-1)?.details.line.split("\n")[1]).toBe("parser · running · 5.0 s");
		} finally {
			unveil();
			rows.stop();
		}
	});
});

describe("the fork row (point 9)", () => {
	it("shows time and dollars, and says answered — not PASS — for prose nothing verified", () => {
		const out = text(renderForkResult({ kind: "forks", results: [forkSummary()], report: "" }, "", false, theme));
		expect(out).toBe(
			"<accent>answered</accent> <accent>fork-1</accent> <muted>· 2.5 s · $0.0042 · unverified prose</muted>",
		);
		expect(renderForkModelReport([forkResult()]).split("\n")[0]).toBe(
			'Fork 1 of 1 · answered · "Which of the two parsers handles empty input?"',
		);
		expect(renderForkReport([forkResult()]).split("\n")[0]).toBe("answered  fork fork-1 (1 of 1)");
	});

	it("a FAIL shows its first problem under its line", () => {
		const failed = forkSummary({ verdict: "FAIL", problems: ["the fork changed a.txt", "second"] });
		const out = text(renderForkResult({ kind: "forks", results: [failed], report: "" }, "", false, theme));
		expect(out).toContain("<error>*FAIL*</error> <accent>fork-1</accent> <muted>· 2.5 s · $0.0042</muted>");
		expect(out).toContain("<error>  ✗ the fork changed a.txt (+1)</error>");
	});
});

/** The tool Pi would hold after the extension registered it. */
function registered(register: (pi: ExtensionAPI) => void): ToolDefinition<TObject, unknown> {
	let tool: ToolDefinition<TObject, unknown> | undefined;
	const pi = { registerTool: (t: typeof tool) => (tool = t), on: () => () => {}, appendEntry: () => {} };
	register(pi as unknown as ExtensionAPI);
	if (!tool) throw new Error("nothing registered");
	return tool;
}

async function drawResult(tool: ToolDefinition<TObject, unknown>, details: unknown, content: string, isError = false) {
	const draw = () =>
		tool.renderResult?.(
			{ content: [{ type: "text", text: content }], details },
			{ expanded: false, isPartial: false },
			theme,
			{ isError, invalidate: () => {} } as never,
		);
	draw();
	// The renderers load on the first render; the second draws the real row.
	await new Promise((resolve) => setTimeout(resolve, 50));
	for (let i = 0; i < 50 && (draw()?.render(120).length ?? 0) === 0; i++) await new Promise((r) => setTimeout(r, 20));
	return draw()?.render(120) ?? [];
}

describe("small things (point 10)", () => {
	it("separates the word, the count and the figures with ' · ', and cuts with one ellipsis", () => {
		const failed = taskResult({ verdict: "FAIL", problems: [problem("x")] });
		const row = text(renderTaskResult({ kind: "result", result: failed, report: "" }, none, false, theme));
		expect(row.split("\n")[0]).toBe(
			"<error>*FAIL · 1 problem*</error> <muted>· 4.3 s · 2 turns · $0.0123 · p/m</muted>",
		);
		const three = [taskResult({ id: "a" }), taskResult({ id: "b" }), taskResult({ id: "c" })];
		const tally = text(renderTaskResult({ kind: "results", results: three, report: "" }, none, false, theme));
		expect(tally.split("\n")[0]).toBe("<success>*3 PASS*</success> <muted>· $0.0369</muted>");
		const long = taskResult({
			envelope: { status: "ok", deliverable: "word ".repeat(40), evidence: [], unsure: [], did_not_do: [] },
		});
		const cut = renderTaskResult({ kind: "result", result: long, report: "" }, none, false, theme)
			.render(60)
			.join("\n");
		expect(cut).toContain("…");
		expect(cut).not.toContain("...");
	});

	it("an expanded PASS with changes names the files it changed", () => {
		const delta = [
			{ root: "/repo", path: "src/lexer.ts", kind: "modified", detail: "size 1 → 2" },
			{ root: "/repo", path: "test/lexer.test.ts", kind: "added", detail: "new file" },
		] as const;
		const pass = taskResult({ delta: [...delta], roots: [{ root: "/repo", writable: true }] });
		const out = text(renderTaskResult({ kind: "result", result: pass, report: "" }, none, true, theme));
		expect(out).toContain("Changed (2 changes):");
		expect(out).toContain("modified src/lexer.ts in /repo");
		expect(out).toContain("added test/lexer.test.ts in /repo");
	});

	it("draws a result one blank line under its call, as Pi's own tools do", async () => {
		const task = registered((pi) => registerTaskTool(pi, {} as never));
		const taskLines = await drawResult(task, { kind: "result", result: taskResult(), report: "" }, "");
		expect(taskLines[0]).toBe("");
		expect(taskLines[1]).toContain("PASS");
		const fork = registered((pi) => registerForkTool(pi, {} as never));
		const forkLines = await drawResult(fork, { kind: "forks", results: [forkSummary()], report: "" }, "");
		expect(forkLines[0]).toBe("");
		expect(forkLines[1]).toContain("answered");
	});
});
