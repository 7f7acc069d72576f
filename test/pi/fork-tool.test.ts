/**
 * The `fork` tool in a real `pi`, loaded as Pi loads the package (`-e REPO`: index.ts, then the
 * extension with everything it registers), with a scripted parent. One parent session forks four
 * times — two briefs at once, a fork that changes a file, a brief the fork-gate blocks, and a fork
 * beside a task on the same directory — and each case below reads what that session left: the tool
 * results the model read, the audit records, the parent's session entries and the spend view.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DELEGATION_RULE_TAG } from "../../src/gate/rule.ts";
import { CHILD_ENTRY_TYPE } from "../../src/meter/fold.ts";
import type { ForkDetails, ForkSummary } from "../../src/pi/fork-call.ts";
import { UNVERIFIED_NOTE } from "../../src/report/fork-report.ts";
import type { ForkResult, TaskResult } from "../../src/run/outcome/result.ts";
import { runCli } from "../support/cli.ts";
import { type PiRun, REPO, runPi } from "../support/pi.ts";
import {
	auditJson,
	exchangeOf,
	fencedEnvelopeTurn,
	heldUntilAnswered,
	intervalOf,
	overlap,
	PRICES,
	recordedRequests,
	recordedRuns,
	type SpendRow,
	sessionEntries,
	type ToolEnd,
	textFor,
	toolEnds,
} from "../support/pi-records.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

/** The leader's answer is held this long, so a sibling the prefix gate holds cannot finish before it. */
const LEADER_DELAY_MS = 600;
/** Each child beside the task waits this long, so the two would be seen overlapping if nothing held them apart. */
const CHILD_DELAY_MS = 300;

const BLOCKED = "Fix the typo in a.txt, and do not touch anything else.";

let cwd: string;
let runsDir: string;
let session: string;
let requestsFile: string;
let run: PiRun;
let forks: Array<ToolEnd<ForkDetails>>;

beforeAll(() => {
	cwd = gitRepo({ "a.txt": "one\n" });
	const dir = tempDir("pi-delegate-fork-tool-");
	runsDir = join(dir, "runs");
	session = join(dir, "parent.jsonl");
	requestsFile = join(dir, "requests.jsonl");
	const fork = (args: Record<string, unknown>) => ({ tools: [{ name: "fork", args }] });
	run = runPi(["-e", REPO, "--mode", "json", "--session", session, "-p", "Look into a.txt."], {
		cwd,
		env: { PI_DELEGATE_RUNS_DIR: runsDir, PI_DELEGATE_REQUESTS: requestsFile },
		prices: PRICES,
		timeoutMs: 150_000,
		turns: [
			// Two briefs at once: the first fork to ask gets the held answer; the gate holds the other.
			fork({ briefs: ["What is in a.txt?", "How long is a.txt?"] }),
			{ text: "answer one", delayMs: LEADER_DELAY_MS },
			"answer two",
			// A fork whose command leaves a file behind.
			fork({ brief: "Does the build pass?" }),
			{ tools: [{ name: "bash", args: { command: "echo built > build.log" } }] },
			"It builds.",
			// A brief the gate sends to a task: no child runs, so the parent takes the next turn.
			fork({ brief: BLOCKED }),
			// A task and a fork on the same directory in one message: the root lock runs them one at a time.
			{
				tools: [
					{ name: "task", args: { id: "look", goal: "Read a.txt", deliverable: "its text", roots: [cwd] } },
					{ name: "fork", args: { brief: "What does a.txt say?" } },
				],
			},
			fencedEnvelopeTurn(`${cwd}/a.txt:1`, CHILD_DELAY_MS),
			fencedEnvelopeTurn(`${cwd}/a.txt:1`, CHILD_DELAY_MS),
			"Done.",
		],
	});
	forks = toolEnds<ForkDetails>(run.events, "fork");
}, 180_000);

const summaries = (end: ToolEnd<ForkDetails> | undefined): ForkSummary[] =>
	end?.result.details?.kind === "forks" ? end.result.details.results : [];

describe("a fork call of two briefs", () => {
	it("answers the model with each fork under its brief, verdict first, marked unverified, and the forks' usage summed", () => {
		expect(run.stderr).not.toMatch(/Failed to load extension/);
		const end = forks[0];
		expect(end?.isError).toBe(false);
		const text = textFor(end);
		const [first, second] = text.split("\n\nFork 2 of 2");
		expect(first?.split("\n")[0]).toBe('Fork 1 of 2 · answered · "What is in a.txt?"');
		expect(second?.split("\n")[0]).toBe(' · answered · "How long is a.txt?"');
		expect(text.split(UNVERIFIED_NOTE)).toHaveLength(3);
		// Which fork asked first decides which answer it got; each got one, once.
		expect([first, second].map((block) => (block?.includes("answer one") ? "one" : "two")).sort()).toEqual([
			"one",
			"two",
		]);
		const results = summaries(end);
		expect(results.map((r) => [r.index, r.brief, r.verdict])).toEqual([
			[1, "What is in a.txt?", "PASS"],
			[2, "How long is a.txt?", "PASS"],
		]);
		const costs = results.map((r) => r.usage.costUsd);
		for (const cost of costs) expect(cost).toBeGreaterThan(0);
		expect(end?.result.usage?.cost.total).toBeCloseTo(costs[0]! + costs[1]!, 12);
		expect(end?.result.usage?.cacheWrite).toBe(results[0]!.usage.cacheWrite + results[1]!.usage.cacheWrite);
	});

	it("holds the second sibling until the first one's answer has begun: the prefix gate", () => {
		const lines = run.events
			.filter((e) => e.type === "tool_execution_update" && e.toolName === "fork")
			.map((e) => (e as { partialResult: { details: { line?: string } } }).partialResult.details.line ?? "");
		const waited = summaries(forks[0]).filter((r) =>
			lines.some((line) => line.includes(`${r.id} · waiting for a sibling's prompt to be cached`)),
		);
		expect(waited).toHaveLength(1);
		// The held sibling sent its request only once the leader's held answer had begun.
		const [a, b] = summaries(forks[0]).map((r) => exchangeOf(r.sessionFile ?? "", r.brief));
		expect(Math.max(a!.answered - a!.asked, b!.answered - b!.asked)).toBeGreaterThanOrEqual(LEADER_DELAY_MS - 50);
		expect(heldUntilAnswered(a!, b!)).toBe(true);
		const [x, y] = summaries(forks[0]).map((r) => intervalOf(r.auditDir));
		expect(overlap(x!, y!)).toBe(true);
	});

	it("sends each fork the parent's own system prompt, delegation rule and roster included", () => {
		const requests = recordedRequests(requestsFile);
		const parent = requests[0]!.systemPrompt;
		expect(parent).toContain(`<${DELEGATION_RULE_TAG}>`);
		expect(parent).toContain("<agents>");
		const briefed = requests.filter((r) => r.messages.at(-1)?.text === "What is in a.txt?");
		expect(briefed).toHaveLength(1);
		expect(briefed[0]!.systemPrompt).toBe(parent);
		expect(briefed[0]!.tools).toEqual(requests[0]!.tools);
	});
});

describe("a fork's record", () => {
	it("leaves result.json and launch.json of kind fork, and one pi-delegate.child entry in the parent's session per fork", () => {
		const runs = recordedRuns<ForkResult | TaskResult>(runsDir);
		expect([...runs.values()].map((r) => `${r.result.kind} ${r.result.id}`).sort()).toEqual([
			"fork fork-build-pass",
			"fork fork-long-txt",
			"fork fork-txt",
			"fork fork-txt-say",
			"task look",
		]);
		const entries = sessionEntries<{ kind: string; id: string }>(session, CHILD_ENTRY_TYPE);
		for (const { auditDir, result } of runs.values()) {
			if (result.kind !== "fork") continue;
			expect(result.parentSession?.file).toBe(session);
			expect(result.sessionFile).toBe(join(auditDir, "session.jsonl"));
			expect(auditJson(auditDir, "launch.json")).toMatchObject({ kind: "fork", id: result.id });
			const mine = entries.filter((e) => e.data.id === result.id);
			expect(mine).toHaveLength(1);
			expect(mine[0]?.data).toEqual({
				kind: "fork",
				id: result.id,
				auditDir,
				sessionFile: result.sessionFile,
				usage: result.metrics.usage,
				verdict: result.verdict,
			});
		}
		expect(entries.filter((e) => e.data.kind === "task").map((e) => e.data.id)).toEqual(["look"]);
	});
});

describe("a fork that changes a file", () => {
	it("fails, and the model reads why before the answer", () => {
		const end = forks[1];
		expect(end?.isError).toBe(true);
		const lines = textFor(end).split("\n");
		expect(lines[0]).toBe('Fork 1 of 1 · FAIL (1 problem) · "Does the build pass?"');
		expect(lines[1]).toMatch(
			/^✗ boundary violation: added <child>build\.log<\/child> in .*, which is watched, not writable/,
		);
		// The answer follows, marked as the fork's own words.
		expect(lines.slice(2, 5)).toEqual(["<child>", "> It builds.", "</child>"]);
		const fork = recordedRuns<ForkResult>(runsDir).get("fork-build-pass");
		expect(fork?.result.verdict).toBe("FAIL");
		expect(fork?.result.delta.map((c) => c.path)).toEqual(["build.log"]);
	});
});

describe("the fork-gate", () => {
	it("blocks a brief that must be a task before any fork runs, and hands the model the task call", () => {
		const end = forks[2];
		const call = run.events.find((e) => e.type === "tool_execution_start" && JSON.stringify(e).includes(BLOCKED));
		expect(call).toBeDefined();
		expect(end?.toolCallId).toBe(call?.toolCallId);
		expect(end?.isError).toBe(true);
		const text = textFor(end);
		expect(text).toMatch(/^Fork blocked: /);
		expect(text).toContain("task({");
		expect(text).toContain(`goal: ${JSON.stringify(BLOCKED)}`);
		expect(text).toContain(`roots: [${JSON.stringify(cwd)}]`);
		expect(text).toContain("read_only: false");
		// No fork ran: no record, and the model was never asked with that brief.
		expect(summaries(end)).toEqual([]);
		expect(recordedRequests(requestsFile).filter((r) => r.messages.at(-1)?.text === BLOCKED)).toEqual([]);
	});
});

describe("a task and a fork on the same directory in one message", () => {
	it("are called at once and run one after the other: the session's root locks hold across the two tools", () => {
		const task = toolEnds<{ kind: string; result?: TaskResult }>(run.events, "task")[0];
		const fork = forks[3];
		expect(task?.result.details?.result?.verdict).toBe("PASS");
		expect(summaries(fork).map((r) => r.verdict)).toEqual(["PASS"]);
		// Pi started both calls before either ended: only the lock keeps them apart.
		const startOf = (id: string | undefined) =>
			run.events.findIndex((e) => e.type === "tool_execution_start" && e.toolCallId === id);
		const endOf = (id: string | undefined) =>
			run.events.findIndex((e) => e.type === "tool_execution_end" && e.toolCallId === id);
		expect(Math.max(startOf(task?.toolCallId), startOf(fork?.toolCallId))).toBeLessThan(
			Math.min(endOf(task?.toolCallId), endOf(fork?.toolCallId)),
		);
		const taskRun = intervalOf(task!.result.details!.result!.auditDir);
		const forkRun = intervalOf(summaries(fork)[0]!.auditDir);
		for (const child of [taskRun, forkRun])
			expect(child.finishedAt - child.startedAt).toBeGreaterThanOrEqual(CHILD_DELAY_MS);
		expect(overlap(taskRun, forkRun)).toBe(false);
	});
});

describe("pi-delegate spend over the session", () => {
	it("counts every child once, and its total is the parent's own spend and the children's", async () => {
		const spend = await runCli(["spend", "--session", session, "--runs", runsDir, "--json"], { cwd });
		expect(spend.code).toBe(0);
		const { runs, total } = JSON.parse(spend.stdout) as { runs: SpendRow[]; total: { dollars: { total: number } } };
		const children = [...recordedRuns<ForkResult | TaskResult>(runsDir).values()];
		const rows = runs.filter((r) => r.kind !== "parent");
		expect(rows.map((r) => `${r.kind} ${r.auditDir}`).sort()).toEqual(
			children.map((c) => `${c.result.kind} ${c.auditDir}`).sort(),
		);
		expect(runs.filter((r) => r.kind === "parent")).toHaveLength(1);
		for (const { auditDir, result } of children) {
			const row = rows.find((r) => r.auditDir === auditDir);
			expect(result.metrics.usage.costUsd).toBeGreaterThan(0);
			expect(row?.dollars.total).toBeCloseTo(result.metrics.usage.costUsd, 12);
		}
		const sum = (list: SpendRow[]) => list.reduce((total, r) => total + r.dollars.total, 0);
		expect(total.dollars.total).toBeCloseTo(sum(runs), 12);
		expect(total.dollars.total).toBeGreaterThan(sum(rows));
	});
});
