/**
 * Every tool row pi-delegate draws — the `task` and `fork` calls and results, collapsed and
 * expanded, PASS, FAIL, stopped, answered and blocked, one child and a parallel call, and the live
 * lines while they run — at 80 and 120 columns, with 60-character-plus paths, 35-character ids and
 * long deliverables. Pi draws a row in a box with one column of padding each side, so a row gets
 * the terminal's width less two: no line may be wider. The screens are kept as golden files
 * (test/fixtures/rows-golden/<case>.<columns>.txt, colour codes removed; UPDATE_GOLDEN=1 rewrites
 * them) to be read: a path breaks after a `/` under a hanging indent, never mid-name.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { visibleWidth } from "@earendil-works/pi-tui";
import { describe, expect, it } from "vitest";
import { FORK_TOOL_NAME } from "../../src/pi/fork-brief.ts";
import { forkGateDecision } from "../../src/pi/fork-gate-decision.ts";
import { renderForkCall, renderForkResult } from "../../src/pi/fork-render.ts";
import { liveRows, type ProgressUpdate } from "../../src/pi/live-rows.ts";
import { renderTaskCall, renderTaskResult } from "../../src/pi/task-render.ts";
import { renderForkReport } from "../../src/report/fork-report.ts";
import { renderCombinedReport, renderReport } from "../../src/report/task-report.ts";
import type { ForkResult, TaskResult } from "../../src/run/outcome/result.ts";
import {
	CANCELLED,
	forkResult,
	forkSummary,
	problem,
	taskResult,
	ANSI_THEME as theme,
} from "../support/row-results.ts";

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/rows-golden");

const ROOT = "/home/somebody/projects/the-ledger-service-monorepo/packages/ledger-core"; // 71 characters
const AUDIT = `/home/somebody/.pi/agent/pi-delegate/runs/20261206T231500Z-${"review-the-parser-for-empty-input".slice(0, 35)}`;
const ID = "review-parser-handles-empty-input-x"; // 35 characters
const DELIVERABLE = `The parser now accepts empty input and returns an empty ledger; ${"every caller was checked against the new contract and ".repeat(3)}nothing else changed.`;
const FILE = "src/parsing/ledger-entries/normalise-whitespace-before-tokenising.ts";

const delta = [
	{ root: ROOT, path: FILE, kind: "modified", detail: "size 1200 → 1310" },
	{ root: ROOT, path: "test/parsing/ledger-entries/empty-input.test.ts", kind: "added", detail: "new file" },
] as TaskResult["delta"];

const base = (change: Partial<TaskResult> = {}) =>
	taskResult({
		id: ID,
		auditDir: AUDIT,
		roots: [{ root: ROOT, writable: true }],
		envelope: { status: "ok", deliverable: DELIVERABLE, evidence: [], unsure: [], did_not_do: [] },
		...change,
	});

const pass = base({
	delta,
	claims: [
		{
			index: 0,
			claim: "empty input returns an empty ledger and every caller handles an empty ledger",
			pointer: `${ROOT}/${FILE}:42-57`,
			verified: true,
			detail: "lines exist",
		},
	],
	isolation: {
		containment: "namespace",
		sandbox: "enforce",
		reason: "the sandbox makes every root but the writable ones read-only",
		notes: [],
		prevented: [{ tool: "bash", path: `${ROOT}/../shared-config/ledger.toml`, reason: "read-only file system" }],
	},
});

const fail = base({
	verdict: "FAIL",
	delta,
	violations: [delta[1]!],
	roots: [
		{ root: ROOT, writable: false },
		{ root: `${ROOT}-fixtures`, writable: true },
	],
	problems: [
		problem(
			`boundary violation: added test/parsing/ledger-entries/empty-input.test.ts in ${ROOT}, which is watched, not writable (new file)`,
		),
		problem(`evidence[0] "${ROOT}/${FILE}:420" not verified: the file has 80 lines`),
	],
	claims: [
		{
			index: 0,
			claim: "the tokeniser trims whitespace before it splits every ledger entry into fields",
			pointer: `${ROOT}/${FILE}:420`,
			verified: false,
			reason: "the file has 80 lines",
		},
	],
});

const stopped = base({ verdict: "FAIL", problems: [CANCELLED], envelope: undefined, finalText: DELIVERABLE, delta });

const forkLong = (change: Partial<ForkResult> = {}) =>
	forkResult({
		id: ID,
		auditDir: AUDIT,
		brief: `Which of the two parsers handles empty input, and why? ${DELIVERABLE}`,
		text: DELIVERABLE,
		roots: [{ root: ROOT, writable: false }],
		sessionFile: `${AUDIT}/session.jsonl`,
		...change,
	});

const summaryOf = (r: ForkResult) =>
	forkSummary({
		id: r.id,
		verdict: r.verdict,
		auditDir: r.auditDir,
		...(r.problems.some((p) => p.value === "cancelled") && { stopped: true as const }),
		...(r.verdict === "FAIL" && { problems: r.problems.filter((p) => p.value !== "cancelled").map((p) => p.message) }),
	});
const forks = [
	forkLong(),
	forkLong({ index: 2, of: 3, verdict: "FAIL", problems: [problem(`the fork changed ${ROOT}/${FILE}`)] }),
	forkLong({ index: 3, of: 3, verdict: "FAIL", problems: [CANCELLED] }),
];
const forkDetails = { kind: "forks" as const, results: forks.map(summaryOf), report: renderForkReport(forks) };

const blocked = forkGateDecision(
	FORK_TOOL_NAME,
	{ brief: `Fix the typo in ${FILE} and do not touch anything else.` },
	{ cwd: ROOT },
);
if (!blocked.block) throw new Error("the gate let a file-changing brief through");

/** The live lines of a parallel call after the first child ended. */
function liveLines(): ProgressUpdate["details"] {
	let clock = 0;
	let last: ProgressUpdate | undefined;
	const rows = liveRows(
		[ID, `${ID}-b`, "short"],
		(u) => (last = u),
		() => clock,
	);
	clock = 7_500;
	rows.onProgress(1, { type: "tool_start", summary: `bash: npm test -- ${ROOT}/${FILE}` } as never);
	rows.onEnd(0, "PASS", 0.0123);
	clock = 9_000;
	rows.onProgress(2, { type: "phase", phase: "checking" });
	rows.stop();
	if (!last) throw new Error("no update");
	return last.details;
}

type Drawable = { render(width: number): readonly string[] };
const none = { text: "", isError: false };
const task = (details: unknown, expanded: boolean) => renderTaskResult(details as never, none, expanded, theme);
/** The details the task tool keeps, its report made as the tool makes it. */
const one = (result: TaskResult) => ({ kind: "result", result, report: renderReport(result) });
const all = (results: TaskResult[]) => ({ kind: "results", results, report: renderCombinedReport(results) });

/** Every component the rows draw, by name. */
const CASES: Record<string, () => Drawable> = {
	"task-call": () =>
		renderTaskCall({ id: ID, goal: DELIVERABLE, read_only: false, roots: [ROOT], write_allowed: [ROOT] }, theme),
	"task-call-parallel": () => renderTaskCall({ tasks: [{ id: ID, goal: DELIVERABLE }, { goal: "Check it" }] }, theme),
	"task-pass": () => task(one(pass), false),
	"task-pass-expanded": () => task(one(pass), true),
	"task-fail": () => task(one(fail), false),
	"task-fail-expanded": () => task(one(fail), true),
	"task-stopped": () => task(one(stopped), false),
	"task-stopped-expanded": () => task(one(stopped), true),
	"task-parallel": () => task(all([pass, fail, stopped]), false),
	"task-parallel-expanded": () => task(all([pass, { ...fail, id: `${ID}-b` }]), true),
	"task-live": () => task(liveLines(), false),
	"fork-call": () => renderForkCall({ briefs: forks.map((f) => f.brief), from: "entry-42" }, theme),
	"fork-results": () => renderForkResult(forkDetails, "", false, theme),
	"fork-results-expanded": () => renderForkResult(forkDetails, "", true, theme),
	"fork-blocked": () => renderForkResult({}, blocked.reason, false, theme, true),
	"fork-blocked-expanded": () => renderForkResult({}, blocked.reason, true, theme, true),
	"fork-live": () => renderForkResult(liveLines(), "", false, theme),
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing colour codes is the point
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, "").trimEnd();

describe("every tool row fits the terminal", () => {
	for (const columns of [80, 120]) {
		const width = columns - 2;
		for (const [name, make] of Object.entries(CASES)) {
			it(`${name} at ${columns} columns: no line over ${width}, the screen as read`, () => {
				const lines = make().render(width);
				const screen = `${lines.map(plain).join("\n")}\n`;
				const file = join(GOLDEN, `${name}.${columns}.txt`);
				if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
					mkdirSync(GOLDEN, { recursive: true });
					writeFileSync(file, screen);
				}
				const over = lines.filter((l) => visibleWidth(l) > width).map(plain);
				expect(over).toEqual([]);
				// A path broken mid-name leaves a lone letter on the next line.
				expect(lines.map(plain).filter((l) => /^\s*[A-Za-z]$/.test(l))).toEqual([]);
				expect(screen).toBe(readFileSync(file, "utf8"));
			});
		}
	}
});

describe("the reports behind the expanded rows fit the width they are given", () => {
	for (const width of [78, 118]) {
		it(`every table and line of a task's report and a call's report at ${width} columns`, () => {
			const reports = [pass, fail, stopped].map((r) => renderReport(r, width));
			reports.push(renderCombinedReport([pass, fail, stopped], width));
			const over = reports.flatMap((r) => r.split("\n")).filter((l) => l.includes("─") && visibleWidth(l) > width);
			expect(over).toEqual([]);
		});
	}
});
