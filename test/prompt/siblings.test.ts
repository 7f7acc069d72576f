/**
 * Siblings — children of one agent type and mode — send byte-identical system prompts and tool
 * definitions, whatever their first message and wherever their session file lives, so they share
 * one cached prefix. Each child here is a real session with its own session directory (as a runner
 * gives each child its own audit directory); the faux provider records what the model received.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_MODE_NAMES, createModeRegistry } from "../../src/context/modes.ts";
import { viewSessionParts } from "../../src/host/render.ts";
import { buildChildView, type ChildKind } from "../../src/prompt/child-view.ts";
import { TASK_WORKER } from "../../src/prompt/task-worker.ts";
import { childTools } from "../support/child-tools.ts";
import { type Received, sendOnce } from "../support/faux-session.ts";
import { MAIN_RULES, makeProject, parentPromptOf, SHARED_AGENTS, type TempProject } from "../support/project.ts";
import { tempDir } from "../support/temp.ts";

const OTHER: ChildKind = { name: "scout", role: "Find things." };

async function child(
	project: TempProject,
	kind: ChildKind,
	mode: string,
	message: string,
): Promise<Received & { sessionDir: string }> {
	const parent = await parentPromptOf(project);
	const view = buildChildView({
		kind,
		runMode: mode,
		registry: createModeRegistry(),
		parent,
		tools: childTools(["read", "grep", "find"]),
		firstMessage: message,
	});
	const sessionDir = tempDir("pi-delegate-sibling-");
	const received = await sendOnce({ ...project, ...viewSessionParts(view, project), sessionDir }, view.firstMessage);
	return { ...received, sessionDir };
}

describe("siblings send byte-identical system prompts and tool definitions", () => {
	const project = makeProject({
		"project:AGENTS.md": SHARED_AGENTS,
		"project:.pi/APPEND_SYSTEM.md": MAIN_RULES,
		"agent:skills/notes/SKILL.md": "---\nname: notes\ndescription: Notes.\n---\n",
	});
	for (const mode of BUILTIN_MODE_NAMES) {
		it(mode, async () => {
			const first = await child(project, TASK_WORKER, mode, "# Task: a-1\n\nRun 1 at 2026-01-01T00:00:00Z.");
			const second = await child(project, TASK_WORKER, mode, "# Task: b-2\n\nRun 2, another brief entirely.");
			expect(Buffer.from(first.systemPrompt).equals(Buffer.from(second.systemPrompt))).toBe(true);
			expect(first.tools).toBe(second.tools);
			expect(first.userMessages).not.toEqual(second.userMessages);
			// Nothing of the run reaches the system prompt: not its brief, not its session's directory.
			expect(first.systemPrompt).not.toContain("a-1");
			expect(first.systemPrompt).not.toContain(first.sessionDir);
			expect(first.sessionDir).not.toBe(second.sessionDir);
		});
	}

	it("another agent type gets another system prompt where the role is in it (control)", async () => {
		const worker = await child(project, TASK_WORKER, "focused", "same");
		const scout = await child(project, OTHER, "focused", "same");
		expect(worker.systemPrompt).not.toBe(scout.systemPrompt);
		expect(worker.tools).toBe(scout.tools);
	});

	it("under legacy the role travels in the first message, so even other agent types share the prompt", async () => {
		const worker = await child(project, TASK_WORKER, "legacy", "same");
		const scout = await child(project, OTHER, "legacy", "same");
		expect(worker.systemPrompt).toBe(scout.systemPrompt);
		expect(worker.userMessages).not.toEqual(scout.userMessages);
	});
});
