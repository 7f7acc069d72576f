/**
 * The parent's handle on its background children, in a real Pi parent session: the queue limit,
 * `children` wait (with a time-out, and taking a result so no message repeats it), send (into the
 * child's inbox), stop (running or queued), and a background fork.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { TurnSpec } from "../../bench/emulator/script.ts";
import { sessionBackground } from "../../src/pi/background.ts";
import { type BackgroundParent, backgroundParent, backgroundTasks } from "../support/background-parent.ts";

let open: BackgroundParent | undefined;
afterEach(async () => {
	await open?.close();
	open = undefined;
});

const childrenCall = (input: Record<string, unknown>) => ({ tools: [{ name: "children", input }] });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The run ids a launch's result named, in order. */
function runIds(text: string): string[] {
	return [...text.matchAll(/child-\w#\d+/g)].map((m) => m[0]);
}

/** The parent's call on one of its turns after the launch, given the run ids the launch named. */
type Step = (ids: readonly string[], p: BackgroundParent) => string | TurnSpec;

/**
 * A parent (in-process) that launches the children tagged `tags` in the background on its first
 * turn, makes the calls of `steps` on the turns after it, one a turn, then says "Noted.". `results`
 * holds the tool result each turn saw (the launch's at 1); `ids` is filled from it on turn 1.
 */
async function launching(tags: readonly string[], steps: readonly Step[], backgroundLimit?: number) {
	const results: string[] = [];
	const ids: string[] = [];
	const p = await backgroundParent({
		runner: "in-process",
		backgroundLimit,
		parent: (request, turn) => {
			results.push(request.toolResults[0]?.text ?? "");
			if (turn === 0) return backgroundTasks(p.cwd, tags);
			if (turn === 1) ids.push(...runIds(results[1] ?? ""));
			return steps[turn - 1]?.(ids, p) ?? "Noted.";
		},
	});
	open = p;
	return { p, results, ids };
}

describe("the queue", () => {
	it("runs at most backgroundLimit children at once; the rest are listed as queued and start in order", async () => {
		const { p, results } = await launching(["A", "B", "C"], [() => childrenCall({ action: "list" })], 1);
		await p.session.prompt("[bg-parent] three, one at a time");
		expect(results[1]).toMatch(/child-a#\d+, child-b#\d+ \(queued\), child-c#\d+ \(queued\)/);
		expect(results[2]).toMatch(/child-a#\d+ {2}running/);
		expect(results[2]).toMatch(/child-b#\d+ {2}queued/);
		await pause(300);
		expect(p.asked).toEqual(["A"]);
		p.release("A");
		await p.until(() => p.asked.length === 2);
		expect(p.asked).toEqual(["A", "B"]);
		p.release("C");
		p.release("B");
		await p.until(() => p.delivered().length === 3);
		expect(p.asked).toEqual(["A", "B", "C"]);
	}, 60_000);
});

describe("children wait", () => {
	it("returns after its time-out naming who still runs, and returns a result that ended so no message repeats it", async () => {
		const { p, results, ids } = await launching(
			["A", "B"],
			[
				() => childrenCall({ action: "wait", timeout_s: 0.5 }),
				(ids) => childrenCall({ action: "wait", run: ids[0], timeout_s: 30 }),
			],
		);
		// A ends while the second wait is in progress.
		p.session.subscribe((event) => {
			if (event.type === "tool_execution_start" && (event.args as { run?: string }).run !== undefined) {
				setTimeout(() => p.release("A"), 200);
			}
		});
		await p.session.prompt("[bg-parent] two, then wait");
		expect(results[2]).toBe(`Still running after 0.5 s: ${ids.join(", ")}.`);
		expect(results[3]).toMatch(/^PASS task child-a/);
		p.release("B");
		await p.until(() => p.delivered().length === 1);
		await pause(300);
		// A went to the parent through the wait; only B comes as a message.
		expect(p.delivered().map((d) => d.key)).toEqual([ids[1]]);
	}, 60_000);
});

describe("children send and stop", () => {
	it("puts a message into the running child's inbox", async () => {
		const received: string[] = [];
		const { p, results, ids } = await launching(
			["A"],
			[
				(ids, p) => {
					const run = sessionBackground(p.session.sessionManager.getSessionId()).get(ids[0] ?? "");
					run?.mailbox.subscribe((m) => received.push(m));
					return childrenCall({ action: "send", run: ids[0], message: "Also read line 2." });
				},
			],
		);
		await p.session.prompt("[bg-parent] one, then steer it");
		expect(results[2]).toBe(`Sent to ${ids[0]}; it reads it at its next turn.`);
		// The user's door: /children send.
		await p.session.prompt(`/children send ${ids[0]} And line 3.`);
		expect(received).toEqual(["Also read line 2.", "And line 3."]);
		p.release("A");
		await p.until(() => p.delivered().length === 1);
	}, 60_000);

	it("stops a running child (its FAIL comes as the message) and a queued one (it never runs)", async () => {
		const { p, ids } = await launching(
			["A", "B"],
			[(ids) => ({ tools: [1, 0].map((i) => ({ name: "children", input: { action: "stop", run: ids[i] } })) })],
			1,
		);
		await p.session.prompt("[bg-parent] two, then stop both");
		await p.until(() => p.delivered().length === 2);
		const byKey = new Map(p.delivered().map((d) => [d.key, d]));
		expect(byKey.get(ids[0] ?? "")?.details.state).toBe("FAIL");
		expect(byKey.get(ids[0] ?? "")?.content).toContain("cancelled by the caller");
		expect(byKey.get(ids[1] ?? "")?.details.state).toBe("stopped");
		expect(p.asked).not.toContain("B");
	}, 60_000);
});

describe("a background fork", () => {
	it("returns at once and delivers the fork's answer as one message", async () => {
		const results: string[] = [];
		const p = await backgroundParent({
			runner: "in-process",
			parent: (request, turn) => {
				results.push(request.toolResults[0]?.text ?? "");
				if (turn === 0)
					return { tools: [{ name: "fork", input: { brief: "[bg-fork] How many retries?", background: true } }] };
				return "Noted.";
			},
		});
		open = p;
		await p.session.prompt("[bg-parent] ask a fork");
		expect(results[1]).toMatch(/^1 child runs in the background: fork-\S+#\d+\./);
		await p.until(() => p.delivered().length === 1);
		const [message] = p.delivered();
		expect(message?.details.kind).toBe("fork");
		expect(message?.content).toContain("The retry count is three.");
	}, 60_000);
});

describe("a background workflow command", () => {
	it("returns at once with a run id; the run's report reaches the parent agent as one message", async () => {
		// The command loads its engine on first use; loaded here, its time is not the test's.
		await import("../../src/pi/workflow-run.ts");
		const p = await backgroundParent({ runner: "in-process", parent: () => "Noted." });
		open = p;
		const { writeFileSync } = await import("node:fs");
		writeFileSync(
			`${p.cwd}/wf.ts`,
			'export default async (wf) => (await wf.agent("[bg-child W] Read data.txt.", { id: "look", roots: ["."] })).verdict;\n',
		);
		await p.session.prompt("/workflow wf.ts --background");
		// The command has returned; the workflow's child waits at its gate.
		await p.until(() => p.asked.includes("W"));
		expect(p.delivered()).toHaveLength(0);
		p.release("W");
		await p.until(() => p.delivered().length === 1);
		const [message] = p.delivered();
		expect(message?.details.kind).toBe("workflow");
		expect(message?.content).toMatch(/^Background workflow workflow-workflow#\d+ has ended \(PASS\)\./);
		expect(p.parentRequests.length).toBeGreaterThan(0);
	}, 60_000);
});

describe("a background call with a bad spec", () => {
	it("is refused whole, with every problem, and starts no child", async () => {
		const results: Array<{ text: string; isError: boolean }> = [];
		const p = await backgroundParent({
			runner: "in-process",
			parent: (request, turn) => {
				const result = request.toolResults[0];
				if (result) results.push({ text: result.text, isError: result.isError });
				if (turn === 0) {
					const call = backgroundTasks(p.cwd, ["A", "B"]);
					const input = call.tools?.[0]?.input as { tasks: Array<Record<string, unknown>> };
					input.tasks[1] = { ...input.tasks[1], roots: ["missing-dir"] };
					return call;
				}
				return "Noted.";
			},
		});
		open = p;
		await p.session.prompt("[bg-parent] one good, one bad");
		expect(results[0]?.isError).toBe(true);
		expect(results[0]?.text).toContain("The task spec is invalid (");
		expect(results[0]?.text).toContain("tasks[1].roots[0]");
		await pause(300);
		expect(p.asked).toEqual([]);
		expect(sessionBackground(p.session.sessionManager.getSessionId()).runs.size).toBe(0);
	}, 60_000);
});

describe("children report", () => {
	it("returns an ended child's whole report (its detail, with the audit directory); a running one says to wait", async () => {
		const { p, results } = await launching(
			["A"],
			[
				(ids) => childrenCall({ action: "report", run: ids[0] }),
				(ids, p) => {
					p.release("A");
					return childrenCall({ action: "wait", run: ids[0], timeout_s: 30 });
				},
				(ids) => childrenCall({ action: "report", run: ids[0] }),
			],
		);
		await p.session.prompt("[bg-parent] one, then its report");
		await p.until(() => results.length >= 5);
		expect(results[2]).toMatch(/is still (running|queued); wait for it first/);
		expect(results[4]).toMatch(/^(PASS|FAIL) task child-a/);
		expect(results[4]).toMatch(/\nAudit: \S+/);
		expect(results[4]).toContain("Spent: ");
	}, 60_000);
});
