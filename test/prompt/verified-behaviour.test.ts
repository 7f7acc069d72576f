/**
 * The verified-behaviour table, with real Pi loaders and real in-process sessions: a project with a
 * shared AGENTS.md and main-only rules in .pi/APPEND_SYSTEM.md; the parent is a real Pi session
 * there, whose prompt pi-delegate captures at before_agent_start; each child is a real session
 * built from its view, and the faux provider records what the model received.
 *
 *   mode      base                                  AGENTS.md  main rules
 *   focused   kept (SYSTEM.md) / generic (Pi's own)  present    blocked
 *   legacy    Pi's own / SYSTEM.md, as Pi loads it   present    inherited
 *   isolated  replaced by the role                  dropped    blocked
 */
import { describe, expect, it } from "vitest";
import { createModeRegistry } from "../../src/context/modes.ts";
import { viewSessionParts } from "../../src/host/render.ts";
import { buildChildView, type ChildKind } from "../../src/prompt/child-view.ts";
import { GENERIC_BASE } from "../../src/prompt/generic-base.ts";
import { childTools } from "../support/child-tools.ts";
import { type Received, sendOnce } from "../support/faux-session.ts";
import { MAIN_RULES, makeProject, OPERATOR_SYSTEM, parentPromptOf, SHARED_AGENTS } from "../support/project.ts";

const KIND: ChildKind = { name: "reviewer", role: "Review the change you are given." };
const PI_IDENTITY = /^You are a coding assistant running inside pi/;

async function childReceives(withSystemMd: boolean, mode: string): Promise<Received> {
	const project = makeProject({
		"project:AGENTS.md": SHARED_AGENTS,
		"project:.pi/APPEND_SYSTEM.md": MAIN_RULES,
		...(withSystemMd && { "project:.pi/SYSTEM.md": OPERATOR_SYSTEM }),
	});
	const parent = await parentPromptOf(project);
	const tools = childTools(["read", "grep"]);
	const view = buildChildView({
		kind: KIND,
		runMode: mode,
		registry: createModeRegistry(),
		parent,
		tools,
		firstMessage: "Review it.",
	});
	return sendOnce({ ...project, ...viewSessionParts(view, project) }, view.firstMessage);
}

describe("verified behaviour with real Pi loaders (a shared AGENTS.md, main-only APPEND_SYSTEM.md)", () => {
	it("the parent itself sees all of it (control: the files are really loaded)", async () => {
		const project = makeProject({ "project:AGENTS.md": SHARED_AGENTS, "project:.pi/APPEND_SYSTEM.md": MAIN_RULES });
		const parent = await parentPromptOf(project);
		expect(parent.rendered).toMatch(PI_IDENTITY);
		expect(parent.rendered).toContain(SHARED_AGENTS);
		expect(parent.rendered).toContain(MAIN_RULES);
	});

	it("focused, parent on Pi's own prompt: generic base, AGENTS.md present, main rules blocked", async () => {
		const got = await childReceives(false, "focused");
		expect(got.systemPrompt.startsWith(`${GENERIC_BASE}\n\n<active_agent name="reviewer"/>`)).toBe(true);
		expect(got.systemPrompt).not.toMatch(/running inside pi/);
		expect(got.systemPrompt).toContain(SHARED_AGENTS);
		expect(got.systemPrompt).not.toContain(MAIN_RULES.trim());
		expect(got.userMessages).toEqual(["Review it."]);
	});

	it("focused, parent on SYSTEM.md: the operator's base kept byte for byte, AGENTS.md present, main rules blocked", async () => {
		const got = await childReceives(true, "focused");
		expect(got.systemPrompt.startsWith(`${OPERATOR_SYSTEM}\n\n<active_agent name="reviewer"/>`)).toBe(true);
		expect(got.systemPrompt).toContain(SHARED_AGENTS);
		expect(got.systemPrompt).not.toContain(MAIN_RULES.trim());
	});

	it("legacy: everything inherited, Pi's own base included; the role leads the first message", async () => {
		const got = await childReceives(false, "legacy");
		expect(got.systemPrompt).toMatch(PI_IDENTITY);
		expect(got.systemPrompt).toContain(SHARED_AGENTS);
		expect(got.systemPrompt).toContain(MAIN_RULES);
		expect(got.systemPrompt).not.toContain("<active_agent");
		expect(got.userMessages).toEqual([
			'<active_agent name="reviewer"/>\n\nReview the change you are given.\n\nReview it.',
		]);
	});

	it("legacy with SYSTEM.md: the operator's base as Pi loads it, everything else inherited", async () => {
		const got = await childReceives(true, "legacy");
		expect(got.systemPrompt.startsWith(`${OPERATOR_SYSTEM}\n\n<addendum>\n${MAIN_RULES}`)).toBe(true);
		expect(got.systemPrompt).toContain(SHARED_AGENTS);
	});

	for (const withSystemMd of [false, true]) {
		it(`isolated${withSystemMd ? " (SYSTEM.md)" : ""}: base replaced by the role, AGENTS.md dropped, main rules blocked`, async () => {
			const got = await childReceives(withSystemMd, "isolated");
			expect(
				got.systemPrompt.startsWith('<active_agent name="reviewer"/>\n\nReview the change you are given.\n\n<cwd>\n'),
			).toBe(true);
			expect(got.systemPrompt).not.toContain(OPERATOR_SYSTEM.trim());
			expect(got.systemPrompt).not.toMatch(/running inside pi/);
			expect(got.systemPrompt).not.toContain(SHARED_AGENTS.trim());
			expect(got.systemPrompt).not.toContain(MAIN_RULES.trim());
		});
	}

	it("scoped: the role replaces the base, AGENTS.md present, main rules and skills out", async () => {
		const got = await childReceives(false, "scoped");
		expect(got.systemPrompt.startsWith('<active_agent name="reviewer"/>')).toBe(true);
		expect(got.systemPrompt).toContain(SHARED_AGENTS);
		expect(got.systemPrompt).not.toContain(MAIN_RULES.trim());
	});

	it("the child's tool array is its own list, submit_result included", async () => {
		const got = await childReceives(false, "focused");
		expect(got.toolNames).toEqual(["read", "grep", "submit_result"]);
	});
});
