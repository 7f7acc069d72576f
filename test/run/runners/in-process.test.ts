import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inProcessRunner } from "../../../src/run/runners/in-process.ts";
import type { ChildLaunch, ChildProgress, RunnerHooks } from "../../../src/run/types.ts";
import { fauxAssistantMessage, fauxRuntime, fauxText, fauxToolCall } from "../../support/faux-runtime.ts";
import { tempDir } from "../../support/temp.ts";

function launch(cwd: string, agentDir: string, overrides: Partial<ChildLaunch> = {}): ChildLaunch {
	return {
		agent: "task-worker",
		cwd,
		prompt: {
			customPrompt: 'BASE\n\n<active_agent name="task-worker"/>',
			appendSystemPrompt: [],
			contextFiles: [],
			skills: [],
		},
		systemPrompt: "",
		firstMessage: "Do the task.",
		tools: ["read", "bash"],
		model: { provider: "faux", id: "faux-1", reason: "test" },
		agentDir,
		providerExtensions: [],
		budget: { wall_s: 60, usd: 1, turns: 10 },
		submit: { roots: [cwd], cwd, maxRejections: 2 },
		...overrides,
	};
}

function hooks(dir: string, signal = new AbortController().signal) {
	const progress: ChildProgress[] = [];
	const events: unknown[] = [];
	const h: RunnerHooks = {
		signal,
		onProgress: (p) => progress.push(p),
		onEvent: (e) => events.push(e),
		sessionFile: join(dir, "session.jsonl"),
	};
	return { h, progress, events };
}

const envelope = (pointer: string) => ({
	status: "ok",
	deliverable: "done",
	evidence: [{ claim: "file has the line", pointer }],
	unsure: [],
	did_not_do: [],
});

describe("in-process runner", () => {
	it("runs a child that reads, runs a command and submits; reports usage, commands and the envelope", async () => {
		const faux = await fauxRuntime();
		const cwd = tempDir("pi-delegate-cwd-");
		writeFileSync(join(cwd, "a.txt"), "one\ntwo\n");
		faux.script([
			fauxAssistantMessage([fauxToolCall("bash", { command: "cat a.txt" })], { stopReason: "toolUse" }),
			fauxAssistantMessage([fauxText("submitting"), fauxToolCall("submit_result", envelope("a.txt:2"))], {
				stopReason: "toolUse",
			}),
		]);
		const { h, progress } = hooks(cwd);
		const out = await inProcessRunner(faux.runtime)(launch(cwd, faux.agentDir), h);
		expect(out.errors).toEqual([]);
		expect(out.completed).toBe(true);
		expect(out.commandsRun).toEqual(["cat a.txt"]);
		expect(out.submissions).toEqual([envelope("a.txt:2")]);
		expect(out.turns).toBe(2);
		expect(out.toolCalls).toBe(2);
		expect(out.usage.output).toBeGreaterThan(0);
		expect(progress.map((p) => p.type)).toContain("tool_start");
		expect(faux.systemPrompts[0]).toContain('BASE\n\n<active_agent name="task-worker"/>');
		expect(readFileSync(h.sessionFile, "utf8")).toContain('"submit_result"');
		expect(out.sent?.systemPrompt).toBe(faux.systemPrompts[0]);
		expect(out.sent?.tools.map((t) => t.name)).toEqual(["read", "bash", "submit_result"]);
	});

	it("rejects a submission whose pointer is past the end of the file, and accepts the fix", async () => {
		const faux = await fauxRuntime();
		const cwd = tempDir("pi-delegate-cwd-");
		writeFileSync(join(cwd, "a.txt"), "one\ntwo\n");
		faux.script([
			fauxAssistantMessage([fauxToolCall("submit_result", envelope("a.txt:9"))], { stopReason: "toolUse" }),
			fauxAssistantMessage([fauxToolCall("submit_result", envelope("a.txt:1"))], { stopReason: "toolUse" }),
		]);
		const { h } = hooks(cwd);
		const out = await inProcessRunner(faux.runtime)(launch(cwd, faux.agentDir), h);
		expect(out.submissions).toEqual([envelope("a.txt:1")]);
		expect(out.turns).toBe(2);
	});

	it("steers the child on its last turn and stops it after the turn budget", async () => {
		const faux = await fauxRuntime();
		const cwd = tempDir("pi-delegate-cwd-");
		const seen: string[] = [];
		faux.script(
			Array.from({ length: 6 }, () => (context) => {
				seen.push(JSON.stringify(context.messages.at(-1)));
				return fauxAssistantMessage([fauxToolCall("bash", { command: "true" })], { stopReason: "toolUse" });
			}),
		);
		const { h } = hooks(cwd);
		const out = await inProcessRunner(faux.runtime)(
			launch(cwd, faux.agentDir, { budget: { wall_s: 60, usd: 1, turns: 3 } }),
			h,
		);
		expect(seen[2]).toContain("This is your last turn");
		expect(seen[1]).not.toContain("This is your last turn");
		expect(out.stoppedBy).toBe("turns");
		expect(out.completed).toBe(false);
		expect(out.turns).toBeLessThanOrEqual(4);
	});

	it("stops when the signal aborts and says which budget", async () => {
		const faux = await fauxRuntime();
		const cwd = tempDir("pi-delegate-cwd-");
		const controller = new AbortController();
		faux.script([
			fauxAssistantMessage([fauxToolCall("bash", { command: "sleep 30" })], { stopReason: "toolUse" }),
			fauxAssistantMessage("never"),
		]);
		const { h } = hooks(cwd, controller.signal);
		setTimeout(() => controller.abort("wall"), 300);
		const started = Date.now();
		const out = await inProcessRunner(faux.runtime)(launch(cwd, faux.agentDir), h);
		expect(Date.now() - started).toBeLessThan(10_000);
		expect(out.stoppedBy).toBe("wall");
		expect(out.completed).toBe(false);
	});
});
