/**
 * The render is what the child really sends: for every mode and strategy, the system prompt and
 * tool declarations `renderChildView` reads from Pi equal, byte for byte, what the faux provider
 * received from a real child session built from the same view.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_MODE_NAMES, createModeRegistry } from "../../src/context/modes.ts";
import { renderChildView, viewResourceLoader, viewSessionParts } from "../../src/host/render.ts";
import { buildChildView } from "../../src/prompt/child-view.ts";
import { TASK_WORKER } from "../../src/prompt/task-worker.ts";
import { STRATEGIES } from "../../src/request/choices.ts";
import { childTools } from "../support/child-tools.ts";
import { sendOnce } from "../support/faux-session.ts";
import { MAIN_RULES, makeProject, OPERATOR_SYSTEM, parentPromptOf, SHARED_AGENTS } from "../support/project.ts";

const FILES = {
	"project:AGENTS.md": SHARED_AGENTS,
	"project:.pi/APPEND_SYSTEM.md": MAIN_RULES,
	"agent:skills/notes/SKILL.md": "---\nname: notes\ndescription: Writes <release> notes & more.\n---\n# Notes\n",
};

describe("renderChildView equals what the model provider receives", () => {
	for (const system of [false, true]) {
		const project = makeProject({ ...FILES, ...(system && { "project:.pi/SYSTEM.md": OPERATOR_SYSTEM }) });
		for (const mode of BUILTIN_MODE_NAMES) {
			for (const strategy of STRATEGIES) {
				it(`${system ? "SYSTEM.md" : "Pi's own"} parent, ${mode}, ${strategy}`, async () => {
					const parent = await parentPromptOf(project);
					const view = buildChildView({
						kind: TASK_WORKER,
						call: { contextMode: mode, strategy },
						registry: createModeRegistry(),
						parent,
						tools: childTools(["read", "bash"]),
						firstMessage: "Do the task.",
					});
					const rendered = await renderChildView(view, project);
					const sent = await sendOnce({ ...project, ...viewSessionParts(view, project) }, view.firstMessage);
					expect(rendered.systemPrompt).toBe(sent.systemPrompt);
					expect(JSON.stringify(rendered.tools)).toBe(sent.tools);
					expect(sent.userMessages).toEqual([view.firstMessage]);
				});
			}
		}
	}

	it("reports tool names the session does not have, which Pi itself drops without a word", async () => {
		const project = makeProject({});
		const rendered = await renderChildView(
			{ prompt: { customPrompt: "x", appendSystemPrompt: [], contextFiles: [], skills: [] }, tools: ["read", "lint"] },
			project,
		);
		expect(rendered.tools.map((t) => t.name)).toEqual(["read"]);
		expect(rendered.missingTools).toEqual(["lint"]);
		expect(rendered.availableTools).toEqual(
			expect.arrayContaining(["read", "bash", "edit", "write", "grep", "find", "ls"]),
		);
	});

	it("the view's loader hands Pi exactly the view's channels and discovers nothing", async () => {
		const project = makeProject({ ...FILES, "project:.pi/SYSTEM.md": OPERATOR_SYSTEM });
		const loader = viewResourceLoader({
			customPrompt: undefined,
			appendSystemPrompt: [],
			contextFiles: [],
			skills: [],
		});
		await loader.reload();
		expect(loader.getSystemPrompt()).toBeUndefined();
		expect(loader.getAgentsFiles().agentsFiles).toEqual([]);
		const sent = await sendOnce({ ...project, resourceLoader: loader, tools: ["read"] }, "hi");
		expect(sent.systemPrompt).not.toContain(OPERATOR_SYSTEM.trim());
		expect(sent.systemPrompt).not.toContain(SHARED_AGENTS.trim());
		expect(sent.systemPrompt).not.toContain("<skills>");
	});
});
