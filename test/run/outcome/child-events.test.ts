import { describe, expect, it } from "vitest";
import { JsonlSplitter } from "../../../src/json/jsonl.ts";
import { createEventState, foldEvent } from "../../../src/run/outcome/child-events.ts";
import { type ChildExit, childOutcome } from "../../../src/run/outcome/child-outcome.ts";
import { LAST_TURN_MESSAGE_TYPE } from "../../../src/run/outcome/turn-budget.ts";
import type { ChildProgress } from "../../../src/run/types.ts";
import { cleanExit } from "../../support/child.ts";

const ZERO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

const ODD = "a\u2028b\u2029c ✓ 日本語 🎉";

function usage(input: number, output: number, total: number) {
	return { input, output, cacheRead: 0, cacheWrite: 0, totalTokens: input + output, cost: { total } };
}

function assistant(content: unknown[], stopReason: string, extra: Record<string, unknown> = {}) {
	return { role: "assistant", content, stopReason, usage: usage(10, 5, 0.01), ...extra };
}

const accepted = { deliverable: "d", evidence: [], unsure: [], did_not_do: [], status: "ok" };

/** A run like Pi's JSON mode prints it: one bash call whose output has odd characters, then a submission. */
const RUN: unknown[] = [
	{ type: "session", version: 3, id: "s" },
	{ type: "agent_start" },
	{ type: "turn_start" },
	{ type: "message_end", message: { role: "user", content: "go" } },
	{ type: "message_update", assistantMessageEvent: { type: "text_delta", delta: ODD } },
	{ type: "message_end", message: assistant([{ type: "text", text: ODD }], "toolUse") },
	{ type: "tool_execution_start", toolCallId: "1", toolName: "bash", args: { command: `printf '${ODD}'` } },
	{ type: "tool_execution_end", toolCallId: "1", toolName: "bash", result: { content: [{ type: "text", text: ODD }] } },
	{ type: "turn_end" },
	{ type: "turn_start" },
	{ type: "message_end", message: assistant([{ type: "toolCall", name: "submit_result" }], "toolUse") },
	// The call's raw arguments differ from what the tool accepted (Pi coerces before a tool runs).
	{ type: "tool_execution_start", toolCallId: "2", toolName: "submit_result", args: { status: "OK " } },
	{
		type: "tool_execution_end",
		toolCallId: "2",
		toolName: "submit_result",
		result: { content: [], details: { accepted: true, envelope: accepted } },
		isError: false,
	},
	{ type: "turn_end" },
	{ type: "agent_end" },
	{ type: "agent_settled", aborted: false },
];

const CLEAN = cleanExit({ sessionFile: "/s.jsonl", elapsedMs: 5 });

function fold(events: unknown[]) {
	const state = createEventState();
	const progress: ChildProgress[] = [];
	for (const event of events) progress.push(...foldEvent(state, event));
	return { state, progress };
}

describe("reading the event stream", () => {
	it("reads records split at every possible byte into the same outcome", () => {
		const bytes = Buffer.from(RUN.map((e) => `${JSON.stringify(e)}\n`).join(""));
		const whole = childOutcome(fold(RUN).state, CLEAN);
		for (const size of [1, 2, 3, 5, 7, 64]) {
			const splitter = new JsonlSplitter();
			const events: unknown[] = [];
			for (let i = 0; i < bytes.length; i += size) {
				for (const line of splitter.push(bytes.subarray(i, i + size))) events.push(JSON.parse(line));
			}
			expect(events).toEqual(RUN);
			expect(childOutcome(fold(events).state, CLEAN)).toEqual(whole);
		}
	});

	it("builds the outcome from results, not from the model's raw arguments", () => {
		const outcome = childOutcome(fold(RUN).state, CLEAN);
		expect(outcome).toEqual({
			runner: "subprocess",
			completed: true,
			stopReason: "toolUse",
			errors: [],
			stoppedBy: undefined,
			submissions: [accepted],
			rejectedSubmissions: [],
			finalText: "",
			commandsRun: [`printf '${ODD}'`],
			toolCalls: 2,
			turns: 2,
			usage: { input: 20, output: 10, cacheRead: 0, cacheWrite: 0, costUsd: 0.02, cost: ZERO_COST },
			sessionFile: "/s.jsonl",
			sent: undefined,
			elapsedMs: 5,
			containment: "partial",
			sandbox: "off",
			prevented: [],
		});
	});

	it("keeps each rejected submit_result call with its error, numbered among all the calls", () => {
		const call = (id: string, isError: boolean, text: string) => [
			{ type: "tool_execution_start", toolCallId: id, toolName: "submit_result", args: {} },
			{
				type: "tool_execution_end",
				toolCallId: id,
				toolName: "submit_result",
				result: isError
					? { content: [{ type: "text", text }], details: {} }
					: { content: [], details: { accepted: true, envelope: accepted } },
				isError,
			},
		];
		const { state } = fold([
			...call("a", true, "Invalid arguments"),
			...call("b", true, "rejected"),
			...call("c", false, ""),
		]);
		const outcome = childOutcome(state, CLEAN);
		expect(outcome.rejectedSubmissions).toEqual([
			{ call: 1, error: "Invalid arguments" },
			{ call: 2, error: "rejected" },
		]);
		expect(outcome.submissions).toEqual([accepted]);
	});

	it("reports progress in the order events happen", () => {
		expect(fold(RUN).progress).toEqual([
			{ type: "turn", turn: 1 },
			{ type: "usage", usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, costUsd: 0.01, cost: ZERO_COST } },
			// On one line: the line and paragraph separators become spaces.
			{ type: "tool_start", tool: "bash", summary: "bash: printf 'a b c ✓ 日本語 🎉'" },
			{ type: "tool_end", tool: "bash", isError: false },
			{ type: "turn", turn: 2 },
			{ type: "usage", usage: { input: 20, output: 10, cacheRead: 0, cacheWrite: 0, costUsd: 0.02, cost: ZERO_COST } },
			{ type: "tool_start", tool: "submit_result", summary: "submit_result: OK" },
			{ type: "tool_end", tool: "submit_result", isError: false },
		]);
	});

	it("does not count a rejected submission, and counts a failed command as run", () => {
		const { state } = fold([
			{ type: "tool_execution_start", toolCallId: "1", toolName: "bash", args: { command: "false" } },
			{ type: "tool_execution_end", toolCallId: "1", toolName: "bash", isError: true },
			{ type: "tool_execution_start", toolCallId: "2", toolName: "submit_result", args: {} },
			{ type: "tool_execution_end", toolCallId: "2", toolName: "submit_result", isError: true, result: {} },
		]);
		expect(state.commandsRun).toEqual(["false"]);
		expect(state.submissions).toEqual([]);
	});

	it("warns once when the last-turn message appears", () => {
		const warning = { type: "message_end", message: { role: "custom", customType: LAST_TURN_MESSAGE_TYPE } };
		expect(fold([warning, warning]).progress).toEqual([
			{ type: "budget_warning", message: "last turn: the child was told to submit its result now" },
		]);
	});

	it("ignores what is not an event", () => {
		expect(fold([null, 3, "x", [], { type: "unknown" }]).progress).toEqual([]);
	});
});

describe("the outcome of a child that did not finish cleanly", () => {
	const start = [{ type: "agent_start" }, { type: "turn_start" }];
	const toolTurn = { type: "message_end", message: assistant([{ type: "toolCall" }], "toolUse") };
	/** What Pi 0.86.1 prints after an abort between turns: an empty error message. */
	const echo = {
		type: "message_end",
		message: {
			role: "assistant",
			content: [],
			stopReason: "error",
			errorMessage: "This operation was aborted",
			usage: usage(0, 0, 0),
		},
	};

	it("is not completed after a model error, whatever the exit code", () => {
		const events = [...start, { type: "message_end", message: assistant([], "error", { errorMessage: "bad" }) }];
		const outcome = childOutcome(fold([...events, { type: "agent_end" }]).state, CLEAN);
		expect(outcome).toMatchObject({ completed: false, stopReason: "error", errors: ["bad"] });
	});

	it("is completed when Pi retried past a model error, which it still reports", () => {
		const events = [
			...start,
			{ type: "message_end", message: assistant([], "error", { errorMessage: "overloaded" }) },
			{ type: "message_end", message: assistant([{ type: "text", text: "done" }], "stop") },
			{ type: "agent_end" },
		];
		expect(childOutcome(fold(events).state, CLEAN)).toMatchObject({
			completed: true,
			errors: ["overloaded"],
			finalText: "done",
		});
	});

	it("drops the abort echo after a turn-budget stop: not a turn, not a model error", () => {
		const events = [...start, toolTurn, echo, { type: "agent_end" }];
		const exit: ChildExit = { ...CLEAN, reports: [{ type: "stopped", budget: "turns", turns: 1 }] };
		expect(childOutcome(fold(events).state, exit)).toMatchObject({
			completed: false,
			stoppedBy: "turns",
			turns: 1,
			stopReason: "aborted",
			errors: [],
		});
	});

	it("keeps an abort nobody asked for as an error", () => {
		const outcome = childOutcome(fold([...start, toolTurn, echo, { type: "agent_end" }]).state, CLEAN);
		expect(outcome).toMatchObject({ completed: false, turns: 2, errors: ["This operation was aborted"] });
	});

	it("takes a budget stop or a cancel from the signal's reason", () => {
		const state = fold([...start, toolTurn]).state;
		expect(childOutcome(state, { ...CLEAN, code: null, signal: "SIGTERM", abortReason: "wall" })).toMatchObject({
			stoppedBy: "wall",
			completed: false,
			errors: [],
		});
		expect(childOutcome(state, { ...CLEAN, code: null, signal: "SIGTERM", abortReason: "cancelled" })).toMatchObject({
			stoppedBy: "cancelled",
			completed: false,
			errors: [],
		});
		expect(childOutcome(state, { ...CLEAN, code: null, signal: "SIGTERM", abortReason: "shutdown" })).toMatchObject({
			stoppedBy: undefined,
			completed: false,
			errors: ["stopped by the caller (shutdown)"],
		});
	});

	it("reports a crash with the end of stderr", () => {
		const state = fold([...start, toolTurn]).state;
		const outcome = childOutcome(state, { ...CLEAN, code: null, signal: "SIGKILL", stderrTail: "trace\n" });
		expect(outcome.errors).toEqual(["pi was killed by SIGKILL", "stderr: trace"]);
		expect(childOutcome(state, { ...CLEAN, code: 1 }).errors).toEqual(["pi exited with code 1"]);
		expect(childOutcome(state, CLEAN).errors).toEqual(["pi exited before its run ended (no agent_end event)"]);
	});

	it("reports a refusal by its problems, not by its exit code", () => {
		const exit: ChildExit = { ...CLEAN, code: 78, reports: [{ type: "refused", problems: ["the files differ"] }] };
		expect(childOutcome(createEventState(), exit)).toMatchObject({
			completed: false,
			errors: ["the child refused to start: the files differ"],
		});
	});

	it("fails on a defect of the stream itself", () => {
		const events = [...start, { type: "message_end", message: assistant([], "stop") }, { type: "agent_end" }];
		const outcome = childOutcome(fold(events).state, { ...CLEAN, streamErrors: ["a stdout line is not JSON: x"] });
		expect(outcome).toMatchObject({ completed: false, errors: ["a stdout line is not JSON: x"] });
	});
});
