/**
 * A user's workflow script in a real `pi`, loaded as Pi loads the package (`-e REPO`), run by
 * `/workflow FILE` in JSON mode with a scripted model: two checked children at once over the same
 * root, a checked task, a plain child (`check: false`) and a task whose evidence does not check out.
 * The cases read what the run left: the report entry, the run's record and each child's, and the
 * spend view of the parent session.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { TaskResult, UncheckedResult } from "../../src/run/outcome/result.ts";
import { runCli } from "../support/cli.ts";
import { type PiRun, REPO, runPi } from "../support/pi.ts";
import {
	auditJson,
	exchangeOf,
	heldUntilAnswered,
	intervalOf,
	overlap,
	PRICES,
	type RecordedChild,
	recordedRuns,
	type SpendRow,
} from "../support/pi-records.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

/** The first sibling's answer is held this long; the prefix gate holds the second sibling until it begins. */
const LEADER_DELAY_MS = 600;

const SCRIPT = `export default async (wf) => {
	const [left, right] = await wf.parallel([
		() => wf.agent("Review src/sum.ts", { id: "left" }),
		() => wf.agent("Review README.md", { id: "right" }),
	]);
	const look = await wf.agent("Read README.md", { id: "look" });
	const hello = await wf.agent("Say hello", { check: false, id: "hello" });
	const bad = await wf.agent("Cite the README's last line", { id: "bad" });
	return [left.verdict, right.verdict, look.verdict, hello.status, hello.text, bad.verdict].join(" ");
};
`;

const submit = (pointer: string) => ({
	tools: [
		{
			name: "submit_result",
			args: { status: "ok", deliverable: "seen", evidence: [{ claim: "c", pointer }], unsure: [], did_not_do: [] },
		},
	],
});

let cwd: string;
let runsDir: string;
let session: string;
let run: PiRun;

type Child = TaskResult | UncheckedResult;
interface WorkflowRecord {
	kind: string;
	id: string;
	verdict: string;
	status: string;
	spentUsd: number;
	children: Array<{ seq: number; id: string; kind: string; outcome: string; usd: number; auditDir: string }>;
}

let children: Map<string, RecordedChild<Child>>;
let workflow: WorkflowRecord;

beforeAll(() => {
	cwd = gitRepo({ "README.md": "# Demo\n", "src/sum.ts": "export const sum = (a: number, b: number) => a - b;\n" });
	writeFileSync(join(cwd, "wf.ts"), SCRIPT);
	const dir = tempDir("pi-delegate-workflow-script-");
	runsDir = join(dir, "runs");
	session = join(dir, "parent.jsonl");
	const missing = submit(`${cwd}/README.md:9`);
	// The parent's message after the command gives the session a model turn, so Pi writes its file.
	run = runPi(["-e", REPO, "--mode", "json", "--session", session, "-p", "/workflow wf.ts", "Thanks."], {
		cwd,
		env: { PI_DELEGATE_RUNS_DIR: runsDir },
		prices: PRICES,
		timeoutMs: 150_000,
		turns: [
			{ ...submit("."), delayMs: LEADER_DELAY_MS },
			submit("."),
			submit(`${cwd}/README.md:1`),
			"hello there",
			// The submit tool turns a bad pointer back twice, then takes the result as it is.
			missing,
			missing,
			missing,
			"You're welcome.",
		],
	});
	const runs = recordedRuns<Child | WorkflowRecord>(runsDir);
	workflow = [...runs.values()].find((r) => r.result.kind === "workflow")?.result as WorkflowRecord;
	children = new Map([...runs].filter(([, r]) => r.result.kind !== "workflow")) as Map<string, RecordedChild<Child>>;
}, 180_000);

describe("/workflow FILE through the package", () => {
	it("runs every agent() call and ends with one report: each child's verdict, what failed, the script's answer", () => {
		expect(run.stderr).not.toMatch(/Failed to load extension|Extension error/);
		const reports = run.events
			.filter((e) => e.type === "entry_appended")
			.map((e) => (e as { entry: { customType?: string; data?: { title: string; text: string } } }).entry)
			.filter((entry) => entry.customType === "pi-delegate-report");
		expect(reports.map((r) => r.data?.title)).toEqual(["workflow: failed"]);
		const text = reports[0]?.data?.text ?? "";
		expect(text).toMatch(/^FAIL {2}workflow \d{8}T\d{6}Z-workflow-wf$/m);
		for (const [seq, id, verdict] of [
			[1, "left", "PASS"],
			[2, "right", "PASS"],
			[3, "look", "PASS"],
			[4, "hello", "done"],
			[5, "bad", "FAIL"],
		])
			expect(text).toMatch(new RegExp(`^${seq} +${id} +${verdict} +ran `, "m"));
		expect(text).toContain("5 children · $");
		expect(text).toContain("at most 2 at once");
		expect(text).toMatch(/Failed:\n {2}5 bad: evidence\[0\] ".*README\.md:9" not verified/);
		expect(text).toContain("PASS PASS PASS done hello there FAIL");
	});

	it("records the run as kind workflow, listing each child once with its outcome, dollars and audit directory", () => {
		expect(workflow).toMatchObject({ kind: "workflow", verdict: "FAIL", status: "failed" });
		expect(workflow.children.map((c) => [c.seq, c.id, c.kind, c.outcome])).toEqual([
			[1, "left", "task", "PASS"],
			[2, "right", "task", "PASS"],
			[3, "look", "task", "PASS"],
			[4, "hello", "unchecked", "done"],
			[5, "bad", "task", "FAIL"],
		]);
		for (const child of workflow.children) {
			expect(child.auditDir).toBe(children.get(child.id)?.auditDir);
			expect(child.usd).toBeGreaterThan(0);
			expect(child.usd).toBe(children.get(child.id)?.result.metrics.usage.costUsd);
		}
		expect(workflow.spentUsd).toBeCloseTo(
			workflow.children.reduce((sum, c) => sum + c.usd, 0),
			12,
		);
	});

	it("records each child as its kind: a checked task with its verdict, a plain child with its text and no boundary", () => {
		expect([...children.keys()].sort()).toEqual(["bad", "hello", "left", "look", "right"]);
		for (const { auditDir, result } of children.values()) {
			const launch = auditJson<{ kind: string; parentSession?: { file?: string } }>(auditDir, "launch.json");
			expect(launch.kind).toBe(result.kind);
			expect(launch.parentSession?.file).toBe(session);
		}
		const task = (id: string) => children.get(id)?.result as TaskResult;
		expect(["left", "right", "look", "bad"].map((id) => [task(id).kind, task(id).verdict])).toEqual([
			["task", "PASS"],
			["task", "PASS"],
			["task", "PASS"],
			["task", "FAIL"],
		]);
		expect(task("bad").problems.map((p) => p.message)).toEqual([
			expect.stringMatching(/^evidence\[0\] ".*README\.md:9" not verified: .*has 1 line; line 9 is past the end$/),
		]);
		expect(task("look").claims.map((c) => c.verified)).toEqual([true]);
		const hello = children.get("hello")!;
		expect(hello.result).toMatchObject({ kind: "unchecked", status: "done", text: "hello there" });
		// Nothing checks a plain child: no spec, no snapshots of a boundary.
		for (const file of ["spec.json", "boundary-before.snapshot.gz"])
			expect(existsSync(join(hello.auditDir, file))).toBe(false);
		expect(existsSync(join(children.get("look")!.auditDir, "boundary-before.snapshot.gz"))).toBe(true);
	});

	it("runs the two read-only siblings side by side over one root, the prefix gate holding one until the other answers", () => {
		const left = intervalOf(children.get("left")!.auditDir);
		const right = intervalOf(children.get("right")!.auditDir);
		// Sharing the root: neither waited for the other to finish.
		expect(overlap(left, right)).toBe(true);
		// The gate: the second sent its request only once the first's held answer had begun.
		const [a, b] = [
			["left", "Review src/sum.ts"],
			["right", "Review README.md"],
		].map(([id, goal]) => exchangeOf(join(children.get(id!)!.auditDir, "session.jsonl"), goal!));
		expect(Math.max(a!.answered - a!.asked, b!.answered - b!.asked)).toBeGreaterThanOrEqual(LEADER_DELAY_MS - 50);
		expect(heldUntilAnswered(a!, b!)).toBe(true);
	});
});

describe("pi-delegate spend over the session that ran the workflow", () => {
	it("counts each child once, by its launch record, and the run's own record adds nothing", async () => {
		const spend = await runCli(["spend", "--session", session, "--runs", runsDir, "--json"], { cwd });
		expect(spend.code).toBe(0);
		const { runs, total } = JSON.parse(spend.stdout) as { runs: SpendRow[]; total: { dollars: { total: number } } };
		const rows = runs.filter((r) => r.kind !== "parent");
		expect(rows.map((r) => r.auditDir).sort()).toEqual([...children.values()].map((c) => c.auditDir).sort());
		for (const { auditDir, result } of children.values())
			expect(rows.find((r) => r.auditDir === auditDir)?.dollars.total).toBeCloseTo(result.metrics.usage.costUsd, 12);
		const parent = runs.filter((r) => r.kind === "parent");
		expect(parent).toHaveLength(1);
		expect(total.dollars.total).toBeCloseTo(parent[0]!.dollars.total + workflow.spentUsd, 12);
	});
});
