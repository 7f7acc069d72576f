/** The report of a call with several tasks: verdicts first, a FAIL in full, a PASS in what the next step rests on. */
import { describe, expect, it } from "vitest";
import { countTokens } from "../../bench/emulator/index.ts";
import {
	renderCombinedModelReport,
	renderCombinedReport,
	renderDetailModelReport,
	renderModelReport,
	renderReport,
} from "../../src/report/task-report.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { namedTask } from "../support/row-results.ts";
import { terminalControls } from "../support/terminal.ts";

/** Task b's one file in a watched root: its delta, its violation and the problem that names it. */
const ESCAPED = { root: "/r/b", path: "x", kind: "added", detail: "file" } as const;

function result(id: string, verdict: "PASS" | "FAIL"): TaskResult {
	const failed = verdict === "FAIL";
	return namedTask(
		id,
		{
			verdict,
			problems: failed
				? [
						{
							source: "/r/b",
							path: ["x"],
							code: "boundary",
							value: { kind: "added", detail: "file" },
							message: "boundary violation: added x in /r/b",
							fix: "name /r/b in write_allowed (with read_only false) if the child may change it; otherwise keep the child from writing there",
						},
					]
				: [],
			envelope: {
				status: "ok",
				deliverable: `${id} says line 1`,
				evidence: [{ claim: "the file says so", pointer: "data.txt:1" }],
				unsure: failed ? [] : ["whether line 2 matters"],
				did_not_do: [],
			},
			claims: [
				{ index: 0, claim: "the file says so", pointer: "data.txt:1", verified: true } as TaskResult["claims"][number],
			],
			delta: failed ? [ESCAPED] : [],
			violations: failed ? [ESCAPED] : [],
		},
		{ cacheRead: 1000, cacheWrite: 200 },
	);
}

const results = [result("a", "PASS"), result("b", "FAIL"), result("c", "PASS")];

describe("the combined report for the model", () => {
	const text = renderCombinedModelReport(results);

	it("opens with the tally and one verdict line per task, in call order", () => {
		expect(text.split("\n").slice(0, 4)).toEqual([
			"3 tasks: 2 PASS, 1 FAIL · $0.015",
			"PASS a",
			"FAIL b (1 problem)",
			"PASS c",
		]);
	});

	it("lists no verdict lines when every task passed: the tally says so, each answer names its task", () => {
		const passed = renderCombinedModelReport([result("a", "PASS"), result("c", "PASS")]);
		expect(passed.split("\n").slice(0, 5)).toEqual([
			"2 tasks: 2 PASS · $0.01",
			"",
			"— a: <child>",
			"> a says line 1",
			"</child>",
		]);
		expect(passed).not.toMatch(/^PASS /m);
	});

	it("keeps a FAIL whole: its problems, boundary and audit directory", () => {
		expect(text).toContain("— FAIL task b (1 problem)\n✗ boundary violation: added x in /r/b");
		expect(text).toContain("Boundary: 1 violation; 0 changes in writable roots. Roots: /r/b (watched).");
		expect(text).toContain("Audit: /runs/x-b");
	});

	it("keeps a PASS to its answer and doubts; its verified pointers, roots and audit record are its detail's", () => {
		expect(text).toContain(
			"— a: <child>\n> a says line 1\n</child>\n  unsure: <child>whether line 2 matters</child>\n\n",
		);
		expect(text).not.toContain("/runs/x-a");
		expect(text).not.toContain("data.txt:1 (the file says so)");
		expect(text).not.toContain("/r/a");
		// The detail, one step away (the children tool's report action), has them all.
		const detail = renderDetailModelReport(results[0]!);
		expect(detail.split("\n")[0]).toBe("PASS task a");
		for (const part of ["✓ <child>the file says so — data.txt:1</child>", "Roots: /r/a (watched).", "Audit: /runs/x-a"])
			expect(detail).toContain(part);
	});

	it("names a FAIL's roots whole, as the call's next step acts on them", () => {
		expect(renderCombinedModelReport(results, { cwd: "/r" })).toContain("Roots: /r/b (watched).");
		expect(renderModelReport(results[1]!, { cwd: "/r" })).toContain("Roots: /r/b (watched).");
		expect(renderModelReport(results[1]!)).toBe(renderDetailModelReport(results[1]!));
	});

	it("a single PASS reads as a PASS does in a combined report: verdict and cost, then what the next step rests on", () => {
		expect(renderModelReport(results[0]!, { cwd: "/r" })).toBe(
			[
				"PASS task a · $0.005",
				"<child>",
				"> a says line 1",
				"</child>",
				"  unsure: <child>whether line 2 matters</child>",
				"",
			].join("\n"),
		);
	});

	it("names a writer's changed files, alone and combined, since no boundary line follows a PASS", () => {
		const writer: TaskResult = {
			...result("w", "PASS"),
			roots: [{ root: "/r/w", writable: true }],
			delta: [
				{ root: "/r/w", path: "a.ts", kind: "modified", detail: "content" },
				{ root: "/r/w", path: "b.ts", kind: "added", detail: "file" },
			],
		};
		expect(renderModelReport(writer, { cwd: "/r" })).toContain("\n  changed: <child>w/a.ts, w/b.ts</child>\n");
		expect(renderCombinedModelReport([writer], { cwd: "/r" })).toContain(
			"\n  changed: <child>w/a.ts, w/b.ts</child>\n",
		);
		expect(renderModelReport(writer, { cwd: "/r/w" })).toContain("\n  changed: <child>a.ts, b.ts</child>\n");
		expect(renderModelReport(writer, { cwd: "/elsewhere" })).toContain(
			"\n  changed: <child>/r/w/a.ts, /r/w/b.ts</child>\n",
		);
		const many = { ...writer, delta: Array.from({ length: 11 }, (_, i) => ({ ...writer.delta[0]!, path: `f${i}` })) };
		expect(renderModelReport(many, { cwd: "/r/w" })).toContain(
			"\n  changed: <child>f0, f1, f2, f3, f4, f5, f6, f7</child> and 3 more\n",
		);
	});

	it("adds at most 18 tokens per passed child to the answers themselves (tags, id, the tally)", () => {
		const clean = (id: string): TaskResult => {
			const r = result(id, "PASS");
			return { ...r, envelope: { ...r.envelope!, unsure: [] } };
		};
		const four = ["a", "b", "c", "d"].map(clean);
		const answers = four.reduce((sum, r) => sum + countTokens(r.envelope!.deliverable), 0);
		expect(countTokens(renderCombinedModelReport(four, { cwd: "/r" })) - answers).toBeLessThanOrEqual(4 * 18);
		expect(countTokens(renderModelReport(four[0]!, { cwd: "/r" })) - countTokens("a says line 1")).toBeLessThanOrEqual(
			20,
		);
	});

	it("costs fewer tokens than the single reports it replaces", () => {
		const singles = results.map((r) => renderModelReport(r)).join("\n");
		expect(countTokens(text)).toBeLessThan(countTokens(singles));
	});
});

describe("the combined report for people", () => {
	it("is a table of verdicts, then every task's full report", () => {
		const text = renderCombinedReport(results);
		expect(text.split("\n")[0]).toBe("3 tasks: 2 PASS, 1 FAIL · $0.015");
		for (const r of results) expect(text).toContain(renderReport(r));
	});
});

describe("a child's words in any report", () => {
	/** A deliverable that would clear the line and paint a PASS over the FAIL, with a C1 CSI too. */
	const hostile: TaskResult = {
		...result("b", "FAIL"),
		envelope: {
			status: "ok",
			deliverable: "done\r\u001b[2KPASS  task b\u009b32m",
			evidence: [{ claim: "\u001b]0;title\u0007", pointer: "data.txt:1" }],
			unsure: ["\u0008\u0008"],
			did_not_do: [],
		},
		claims: [
			{
				index: 0,
				claim: "\u001b]0;title\u0007",
				pointer: "data.txt:1",
				verified: true,
			} as TaskResult["claims"][number],
		],
	};

	it("reach people and the model as text, never as terminal controls", () => {
		const passed = { ...hostile, verdict: "PASS" as const, problems: [], delta: [], violations: [] };
		for (const text of [
			renderReport(hostile),
			renderModelReport(hostile),
			renderModelReport(passed),
			renderCombinedModelReport([hostile, passed]),
			renderCombinedReport([hostile, passed]),
		]) {
			expect(terminalControls(text)).toEqual([]);
			expect(text).toContain("done\\x0d\\x1b[2KPASS  task b\\x9b32m");
		}
		expect(renderReport(hostile).startsWith("FAIL  task b")).toBe(true);
	});
});
