/**
 * The subprocess runner against real `pi` processes and the scripted model: no network, no keys.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUBMIT_RESULT_TOOL_NAME } from "../../../src/envelope/schema.ts";
import { findPiCli } from "../../../src/run/runners/child-paths.ts";
import { createSubprocessRunner, runSubprocess } from "../../../src/run/runners/subprocess.ts";
import { envelope, runScripted, scriptedChild, submitTurn } from "../../support/child.ts";
import { REPO, SCRIPTED_PROVIDER } from "../../support/pi.ts";
import { waitFor } from "../../support/processes.ts";
import { processesWith, sleepToken } from "../../support/tokens.ts";

const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

describe("a child that submits", () => {
	it("completes with its envelope, summed priced usage and a session file", async () => {
		const child = scriptedChild({
			prices: PRICES,
			turns: [{ ...submitTurn(envelope()), usage: { input: 2000, output: 300, cacheRead: 1000, cacheWrite: 500 } }],
		});
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.errors).toEqual([]);
		expect(outcome.completed).toBe(true);
		expect(outcome.stoppedBy).toBeUndefined();
		expect(outcome.submissions).toEqual([envelope()]);
		expect(outcome.turns).toBe(1);
		expect(outcome.toolCalls).toBe(1);
		expect(outcome.usage).toEqual({
			input: 2000,
			output: 300,
			cacheRead: 1000,
			cacheWrite: 500,
			costUsd: expect.closeTo((2000 * 3 + 300 * 15 + 1000 * 0.3 + 500 * 3.75) / 1e6, 10),
			cost: {
				input: expect.closeTo((2000 * 3) / 1e6, 10),
				output: expect.closeTo((300 * 15) / 1e6, 10),
				cacheRead: expect.closeTo((1000 * 0.3) / 1e6, 10),
				cacheWrite: expect.closeTo((500 * 3.75) / 1e6, 10),
			},
		});
		expect(outcome.sessionFile).toBe(child.sessionFile);
		expect(readFileSync(child.sessionFile, "utf8")).toContain(SUBMIT_RESULT_TOOL_NAME);
	});

	it("sums usage over every assistant turn", async () => {
		const child = scriptedChild({
			prices: PRICES,
			turns: [
				{ tools: [{ name: "bash", args: { command: "true" } }], usage: { input: 100, output: 10 } },
				{ ...submitTurn(envelope()), usage: { input: 200, output: 20, cacheRead: 50 } },
			],
		});
		const { outcome, progress } = await runScripted(runSubprocess, child);
		expect(outcome.usage).toMatchObject({ input: 300, output: 30, cacheRead: 50, cacheWrite: 0 });
		expect(outcome.usage.costUsd).toBeCloseTo((300 * 3 + 30 * 15 + 50 * 0.3) / 1e6, 12);
		const usages = progress.flatMap((p) => (p.type === "usage" ? [p.usage.input] : []));
		expect(usages).toEqual([100, 300]);
	});

	it("works with the built extension, as an installed package runs it", async () => {
		const runner = createSubprocessRunner({ extension: join(REPO, "dist/ext/run/child/child-extension.js") });
		const child = scriptedChild({
			turns: [
				{ tools: [{ name: "bash", args: { command: "echo built" } }] },
				submitTurn(envelope(["cmd: echo built"])),
			],
		});
		const { outcome } = await runScripted(runner, child);
		expect(outcome.errors).toEqual([]);
		expect(outcome.submissions).toEqual([envelope(["cmd: echo built"])]);
	});

	it("rejects a session file that exists already instead of resuming it", async () => {
		const child = scriptedChild({ turns: [submitTurn(envelope())] });
		await runScripted(runSubprocess, child);
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.errors.join("\n")).toMatch(/exists already/);
		expect(child.requests()).toHaveLength(1);
	});
});

describe("evidence pointers at submission", () => {
	it("records the bash commands the child ran and accepts a cmd: pointer to one", async () => {
		const child = scriptedChild({
			turns: [
				{ tools: [{ name: "bash", args: { command: "echo hello" } }] },
				submitTurn(envelope(["cmd: echo hello"])),
			],
		});
		const { outcome, progress } = await runScripted(runSubprocess, child);
		expect(outcome.commandsRun).toEqual(["echo hello"]);
		expect(outcome.submissions).toEqual([envelope(["cmd: echo hello"])]);
		expect(progress).toContainEqual({ type: "tool_start", tool: "bash", summary: "bash: echo hello" });
		expect(progress).toContainEqual({ type: "tool_end", tool: SUBMIT_RESULT_TOOL_NAME, isError: false });
		expect(outcome.completed).toBe(true);
	});

	it("rejects a bad pointer once, and accepts the fixed submission", async () => {
		const bad = envelope(["cmd: echo goodbye"]);
		const good = envelope(["cmd: echo hello"]);
		const child = scriptedChild({
			turns: [{ tools: [{ name: "bash", args: { command: "echo hello" } }] }, submitTurn(bad), submitTurn(good)],
		});
		const { outcome, progress } = await runScripted(runSubprocess, child);
		expect(outcome.submissions).toEqual([good]);
		const ends = progress.filter((p) => p.type === "tool_end" && p.tool === SUBMIT_RESULT_TOOL_NAME);
		expect(ends).toEqual([
			{ type: "tool_end", tool: SUBMIT_RESULT_TOOL_NAME, isError: true },
			{ type: "tool_end", tool: SUBMIT_RESULT_TOOL_NAME, isError: false },
		]);
		const third = child.requests()[2];
		expect(third?.messages.at(-1)?.text).toMatch(
			/evidence\[0\]\.pointer: "cmd: echo goodbye" does not check out: never ran/,
		);
		expect(outcome.completed).toBe(true);
	});
});

describe("what the child receives", () => {
	const files = {
		"agent:APPEND_SYSTEM.md": "GLOBAL APPEND RULES",
		"agent:SYSTEM.md": "GLOBAL SYSTEM PROMPT",
		"agent:AGENTS.md": "GLOBAL AGENTS NOTES",
		"agent:skills/global-skill/SKILL.md": "---\nname: global-skill\ndescription: A global skill.\n---\nBody.\n",
		".pi/APPEND_SYSTEM.md": "PROJECT APPEND RULES",
		"AGENTS.md": "PROJECT AGENTS NOTES",
		"skills/chosen/SKILL.md": "---\nname: chosen\ndescription: The chosen skill.\n---\nBody.\n",
	};

	it("gets only the custom prompt and the tool list when every other channel is empty", async () => {
		const child = scriptedChild({ files, turns: [submitTurn(envelope())] });
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(true);
		const [request] = child.requests();
		expect(request?.systemPrompt.startsWith("You are a test worker.")).toBe(true);
		for (const text of ["GLOBAL", "PROJECT", "global-skill", "chosen"])
			expect(request?.systemPrompt).not.toContain(text);
		expect(request?.tools).toEqual(["read", "bash", SUBMIT_RESULT_TOOL_NAME]);
		expect(request?.messages).toEqual([{ role: "user", text: "Do the task." }]);
	});

	it("keeps a trusted project's APPEND_SYSTEM.md out as well", async () => {
		const trusted = { ...files, "agent:settings.json": JSON.stringify({ defaultProjectTrust: "always" }) };
		const child = scriptedChild({ files: trusted, turns: [submitTurn(envelope()), "plain"] });
		// Control: a plain pi in the same project and agent dir does load the project's file.
		const cli = findPiCli();
		if ("error" in cli) throw new Error(cli.error);
		const plain = spawnSync(
			process.execPath,
			[cli.cli, "--offline", "--no-extensions", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1"].concat([
				"--no-session",
				"--mode",
				"json",
				"-p",
				"hi",
			]),
			{ cwd: child.project, env: { ...process.env, PI_CODING_AGENT_DIR: child.agentDir }, encoding: "utf8" },
		);
		expect(plain.status).toBe(0);
		expect(child.requests()[0]?.systemPrompt).toContain("PROJECT APPEND RULES");
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.errors).toEqual([]);
		const prompt = child.requests().at(-1)?.systemPrompt ?? "";
		expect(prompt.startsWith("You are a test worker.")).toBe(true);
		expect(prompt).not.toContain("APPEND RULES");
	});

	it("gets the appended prompts, context files and skills the launch lists", async () => {
		const child = scriptedChild({ files, turns: [submitTurn(envelope())] });
		child.launch.prompt.appendSystemPrompt = ["LAUNCH RULE ONE", "LAUNCH RULE TWO"];
		child.launch.prompt.contextFiles = [
			{ path: join(child.agentDir, "AGENTS.md"), content: "GLOBAL AGENTS NOTES" },
			{ path: join(child.project, "AGENTS.md"), content: "PROJECT AGENTS NOTES" },
		];
		child.launch.prompt.skills = [
			{
				name: "chosen",
				description: "The chosen skill.",
				filePath: join(child.project, "skills/chosen/SKILL.md"),
				disableModelInvocation: false,
			},
		];
		child.launch.tools = ["read"];
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.errors).toEqual([]);
		const prompt = child.requests()[0]?.systemPrompt ?? "";
		expect(prompt).toContain("LAUNCH RULE ONE\n\nLAUNCH RULE TWO");
		expect(prompt).toContain("GLOBAL AGENTS NOTES");
		expect(prompt).toContain("PROJECT AGENTS NOTES");
		expect(prompt).toContain("chosen");
		for (const text of ["APPEND RULES", "GLOBAL SYSTEM PROMPT", "global-skill"]) expect(prompt).not.toContain(text);
		expect(child.requests()[0]?.tools).toEqual(["read", SUBMIT_RESULT_TOOL_NAME]);
	});

	it("runs when the launch names context files through a symlinked directory", async () => {
		// The child's Pi discovers them from its physical cwd; the parent may have spelled them via the link.
		const child = scriptedChild({ files: { "AGENTS.md": "PROJECT AGENTS NOTES" }, turns: [submitTurn(envelope())] });
		const link = join(child.root, "project-link");
		symlinkSync(child.project, link);
		child.launch.cwd = link;
		child.launch.prompt.contextFiles = [{ path: join(link, "AGENTS.md"), content: "PROJECT AGENTS NOTES" }];
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.errors).toEqual([]);
		expect(child.requests()[0]?.systemPrompt).toContain("PROJECT AGENTS NOTES");
	});

	it("refuses to start when a context file changed since the launch read it", async () => {
		const child = scriptedChild({ files, turns: [submitTurn(envelope())] });
		child.launch.prompt.contextFiles = [
			{ path: join(child.agentDir, "AGENTS.md"), content: "GLOBAL AGENTS NOTES" },
			{ path: join(child.project, "AGENTS.md"), content: "PROJECT AGENTS NOTES, as they were" },
		];
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.errors.join("\n")).toContain(`the context file ${join(child.project, "AGENTS.md")} changed`);
		expect(child.requests()).toEqual([]);
	});

	it("refuses to start when the child discovers other context files than the launch lists", async () => {
		const child = scriptedChild({ files, turns: [submitTurn(envelope())] });
		child.launch.prompt.contextFiles = [{ path: join(child.project, "AGENTS.md"), content: "PROJECT AGENTS NOTES" }];
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.errors.join("\n")).toMatch(/other context files than the launch has/);
		expect(child.requests()).toEqual([]);
	});

	it("delivers first messages Pi would otherwise read as a flag or a file, exactly", async () => {
		for (const firstMessage of ["--help me", "@AGENTS.md please", "  padded message \n"]) {
			const child = scriptedChild({ files, turns: [submitTurn(envelope())] });
			child.launch.firstMessage = firstMessage;
			const { outcome } = await runScripted(runSubprocess, child);
			expect(outcome.errors).toEqual([]);
			expect(child.requests()[0]?.messages[0]?.text).toBe(firstMessage);
		}
	});
});

describe("budgets and stops", () => {
	it("stops the whole tree on abort, detached and setsid grandchildren included", async () => {
		const [plain, detached] = [sleepToken(), sleepToken()];
		const child = scriptedChild({
			turns: [
				{ tools: [{ name: "bash", args: { command: `sleep ${plain} & setsid sleep ${detached} &` } }] },
				{ text: "stalling", delayMs: 600_000 },
			],
		});
		const controller = new AbortController();
		const tokens = [plain, detached, child.sessionFile];
		const { outcome } = await runScripted(runSubprocess, child, {
			signal: controller.signal,
			during: (p) => {
				if (p.type !== "turn" || p.turn !== 2) return;
				void waitFor(() => tokens.every((t) => processesWith(t).length > 0)).then(() => controller.abort("wall"));
			},
		});
		expect(outcome.stoppedBy).toBe("wall");
		expect(outcome.completed).toBe(false);
		expect(outcome.turns).toBe(1);
		for (const token of tokens) expect(processesWith(token), `${token} survived`).toEqual([]);
	});

	it("warns the child on its last turn and stops it after the turn budget", async () => {
		const bash = (n: number) => ({ tools: [{ name: "bash", args: { command: `echo step ${n}` } }] });
		const child = scriptedChild({ turns: [bash(1), bash(2), bash(3), bash(4), bash(5)] });
		child.launch.budget = { ...child.launch.budget, turns: 3 };
		const { outcome, progress } = await runScripted(runSubprocess, child);
		expect(outcome.stoppedBy).toBe("turns");
		expect(outcome.completed).toBe(false);
		expect(outcome.turns).toBe(3);
		expect(outcome.errors).toEqual([]);
		expect(outcome.commandsRun).toEqual(["echo step 1", "echo step 2", "echo step 3"]);
		const requests = child.requests();
		expect(requests).toHaveLength(3);
		const warned = requests.map((r) => r.messages.some((m) => m.text.includes("This is your last turn")));
		expect(warned).toEqual([false, false, true]);
		expect(progress.some((p) => p.type === "budget_warning")).toBe(true);
	});

	it("warns with the first message when the budget is one turn", async () => {
		const child = scriptedChild({ turns: [{ tools: [{ name: "bash", args: { command: "true" } }] }, "more"] });
		child.launch.budget = { ...child.launch.budget, turns: 1 };
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.stoppedBy).toBe("turns");
		expect(child.requests()).toHaveLength(1);
		expect(child.requests()[0]?.messages.some((m) => m.text.includes("This is your last turn"))).toBe(true);
	});

	it("does not stop a child that submits on its last turn", async () => {
		const child = scriptedChild({
			turns: [{ tools: [{ name: "bash", args: { command: "true" } }] }, submitTurn(envelope())],
		});
		child.launch.budget = { ...child.launch.budget, turns: 2 };
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.stoppedBy).toBeUndefined();
		expect(outcome.completed).toBe(true);
		expect(outcome.submissions).toHaveLength(1);
	});

	it("does not start a child whose signal is already aborted", async () => {
		const child = scriptedChild({ turns: [submitTurn(envelope())] });
		const controller = new AbortController();
		controller.abort("usd");
		const { outcome } = await runScripted(runSubprocess, child, { signal: controller.signal });
		expect(outcome).toMatchObject({ stoppedBy: "usd", completed: false, turns: 0 });
		expect(existsSync(child.sessionFile)).toBe(false);
	});
});

describe("failures", () => {
	it("reports a model error as not completed although pi exits 0", async () => {
		const child = scriptedChild({ turns: [{ error: "scripted failure: the request was invalid" }] });
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.stopReason).toBe("error");
		expect(outcome.errors).toEqual(["scripted failure: the request was invalid"]);
	});

	it("reports a child killed from outside, without hanging", async () => {
		const child = scriptedChild({
			turns: [{ tools: [{ name: "bash", args: { command: `sleep ${sleepToken()}` } }] }, "never"],
		});
		// The child's Pi, this process's one descendant running Node (its commands cannot see it: they
		// run in a namespace below it).
		const pi = () => descendants(process.pid).filter((pid) => exeOf(pid) === process.execPath);
		const { outcome } = await runScripted(runSubprocess, child, {
			during: (p) => {
				if (p.type === "tool_start") void waitFor(() => pi().length > 0).then(() => process.kill(pi()[0]!, "SIGKILL"));
			},
		});
		expect(outcome.completed).toBe(false);
		expect(outcome.stoppedBy).toBeUndefined();
		expect(outcome.errors).toContain("pi was killed by SIGKILL");
	});

	it("reports a working directory that does not exist", async () => {
		const child = scriptedChild({ turns: [submitTurn(envelope())] });
		child.launch.cwd = join(child.root, "missing");
		const { outcome, progress } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.errors).toEqual([expect.stringMatching(/^cannot start pi: .*ENOENT/)]);
		expect(progress).toEqual([]);
	});

	it("reports a child that cannot start, with Pi's own words", async () => {
		const child = scriptedChild({ turns: [submitTurn(envelope())] });
		child.launch.providerExtensions = [join(child.root, "missing-provider.ts")];
		const { outcome } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(false);
		expect(outcome.errors.some((e) => /^pi exited with code [1-9]/.test(e))).toBe(true);
		expect(outcome.errors.join("\n")).toMatch(/stderr: .*missing-provider/s);
	});
});

/** The executable of `pid`, if it can be read. */
function exeOf(pid: number): string | undefined {
	try {
		return readlinkSync(`/proc/${pid}/exe`);
	} catch {
		return undefined;
	}
}

/** Every process below `root`, read from /proc. */
function descendants(root: number): number[] {
	const parent = new Map<number, number>();
	for (const name of readdirSync("/proc")) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, "utf8");
			parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
		} catch {
			// Gone meanwhile.
		}
	}
	const below = (pid: number): number[] =>
		[...parent].filter(([, ppid]) => ppid === pid).flatMap(([child]) => [child, ...below(child)]);
	return below(root);
}

describe("the event stream", () => {
	it("passes every event on in order, with text that JSONL readers split wrongly intact", async () => {
		// U+2028/U+2029 are line breaks to readline but plain characters in JSON strings. The text is
		// about 44 KB (under the 50 KB Pi's bash tool keeps) and appears in several records, so the
		// stream spans many pipe reads and multi-byte characters fall across chunk boundaries.
		const text = `${"line\u2028sep\u2029para ✓ 日本語 🎉 ".repeat(1200)}end`;
		const child = scriptedChild({
			files: { "odd.txt": text },
			turns: [{ tools: [{ name: "bash", args: { command: "cat odd.txt" } }] }, "{{last_tool_result}}"],
		});
		const { outcome, events } = await runScripted(runSubprocess, child);
		expect(outcome.completed).toBe(true);
		const end = events.find((e) => e.type === "tool_execution_end") as { result: { content: Array<{ text: string }> } };
		expect(end.result.content[0]?.text).toBe(text);
		expect(outcome.finalText).toBe(text);
		const types = events.map((e) => e.type).filter((t) => t !== "message_update" && t !== "tool_execution_update");
		expect(types[0]).toBe("session");
		expect(types.indexOf("agent_start")).toBeLessThan(types.indexOf("tool_execution_start"));
		expect(types.indexOf("tool_execution_start")).toBeLessThan(types.indexOf("tool_execution_end"));
		expect(types.lastIndexOf("agent_end")).toBeGreaterThan(types.indexOf("tool_execution_end"));
	});
});
