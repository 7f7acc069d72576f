/** The parent-prompt capture in a real in-process Pi session. */
import { describe, expect, it } from "vitest";
import { captureParentPrompt, type ParentPromptSource } from "../../src/pi/parent-prompt.ts";
import { sendOnce } from "../support/faux-session.ts";
import { MAIN_RULES, makeProject, SHARED_AGENTS, trustedResources } from "../support/project.ts";

describe("captureParentPrompt", () => {
	it("keeps a copy of Pi's structured inputs and rendered prompt from the latest run", async () => {
		const project = makeProject({ "project:AGENTS.md": SHARED_AGENTS, "project:.pi/APPEND_SYSTEM.md": MAIN_RULES });
		let source: ParentPromptSource | undefined;
		let handed: { appendSystemPrompt?: string; contextFiles?: unknown[] } | undefined;
		const resources = await trustedResources(project, [
			(pi) => {
				source = captureParentPrompt(pi);
				// A later handler that edits Pi's shared options after the capture.
				pi.on("before_agent_start", (event) => {
					handed = event.systemPromptOptions;
					event.systemPromptOptions.contextFiles.length = 0;
				});
			},
		]);
		expect(source?.latest()).toBeUndefined();
		expect(source?.current({ getSystemPrompt: () => "rendered only" })).toEqual({ rendered: "rendered only" });
		const received = await sendOnce({ ...project, ...resources }, "hello");
		const latest = source?.latest();
		expect(latest?.options?.appendSystemPrompt).toBe(MAIN_RULES);
		expect(latest?.options?.contextFiles?.map((f) => f.content)).toEqual([SHARED_AGENTS]);
		expect(handed?.contextFiles).toEqual([]);
		expect(latest?.rendered).toContain(SHARED_AGENTS);
		expect(received.systemPrompt).not.toContain(SHARED_AGENTS);
		expect(source?.current({ getSystemPrompt: () => "x" })).toBe(latest);
	});
});
