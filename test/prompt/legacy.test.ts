/**
 * Legacy is byte-identical to an ungoverned child. "Ungoverned" is defined exactly (docs/preview.md):
 * a Pi session created for the same cwd and agent dir with no resource loader of ours — Pi builds
 * its DefaultResourceLoader and discovers SYSTEM.md, APPEND_SYSTEM.md, context files and skills as
 * for any session — with the child's tools (submit_result among them), and the role sent the way an
 * ungoverned delegation sends it: at the head of the first message (`<active_agent name="…"/>`, the
 * role, then the task, a blank line apart). The comparison is of the bytes the model received.
 */
import { describe, expect, it } from "vitest";
import { createModeRegistry } from "../../src/context/modes.ts";
import { viewSessionParts } from "../../src/host/render.ts";
import { activeAgentTag, buildChildView, type ChildKind } from "../../src/prompt/child-view.ts";
import { childTools } from "../support/child-tools.ts";
import { sendOnce } from "../support/faux-session.ts";
import {
	MAIN_RULES,
	makeProject,
	OPERATOR_SYSTEM,
	parentPromptOf,
	SHARED_AGENTS,
	type TempProject,
} from "../support/project.ts";

const KIND: ChildKind = { name: "scout", role: "Find where a thing is defined and say where." };
const TASK = "Where is the ledger rounded?";
const SKILL = "---\nname: rounding\ndescription: Checks rounding sites.\n---\n# Rounding\n";
const HIDDEN = "---\nname: audit\ndescription: Only on request.\ndisable-model-invocation: true\n---\n# Audit\n";

const PROJECTS: Record<string, Record<string, string>> = {
	"Pi's own prompt, project rules, context files at both levels, skills": {
		"agent:AGENTS.md": "# Global\n\nSmall commits.\n",
		"project:AGENTS.md": SHARED_AGENTS,
		"project:.pi/APPEND_SYSTEM.md": MAIN_RULES,
		"agent:skills/rounding/SKILL.md": SKILL,
		"project:.pi/skills/audit/SKILL.md": HIDDEN,
	},
	"a project SYSTEM.md with global rules and context": {
		"project:.pi/SYSTEM.md": OPERATOR_SYSTEM,
		"agent:APPEND_SYSTEM.md": MAIN_RULES,
		"agent:AGENTS.md": SHARED_AGENTS,
	},
	"a global SYSTEM.md and nothing else": { "agent:SYSTEM.md": OPERATOR_SYSTEM },
	"a bare project": {},
};

async function legacyAndUngoverned(project: TempProject, tools: string[], call?: { skills?: string[] }) {
	const parent = await parentPromptOf(project);
	const view = buildChildView({
		kind: KIND,
		call: { contextMode: "legacy", ...call },
		registry: createModeRegistry(),
		parent,
		tools,
		firstMessage: TASK,
	});
	const legacy = await sendOnce({ ...project, ...viewSessionParts(view, project) }, view.firstMessage);
	const { customTools } = viewSessionParts(view, project);
	const ungoverned = await sendOnce(
		{ ...project, tools, customTools },
		`${activeAgentTag(KIND.name)}\n\n${KIND.role}\n\n${TASK}`,
	);
	return { view, legacy, ungoverned };
}

describe("legacy is byte-identical to an ungoverned child", () => {
	for (const [about, files] of Object.entries(PROJECTS)) {
		for (const tools of [childTools(undefined), childTools(["read", "grep"]), childTools([])]) {
			it(`${about}; tools ${tools.join(",")}`, async () => {
				const { legacy, ungoverned } = await legacyAndUngoverned(makeProject(files), tools);
				expect(Buffer.from(legacy.systemPrompt).equals(Buffer.from(ungoverned.systemPrompt))).toBe(true);
				expect(legacy.tools).toBe(ungoverned.tools);
				expect(legacy.userMessages).toEqual(ungoverned.userMessages);
			});
		}
	}

	it("the ungoverned child really loads the project (control: the comparison is not of empty prompts)", async () => {
		const project = makeProject(PROJECTS["Pi's own prompt, project rules, context files at both levels, skills"]!);
		const { ungoverned } = await legacyAndUngoverned(project, childTools(undefined));
		expect(ungoverned.systemPrompt).toMatch(/^You are a coding assistant running inside pi/);
		for (const text of [SHARED_AGENTS, MAIN_RULES, "<name>rounding</name>"])
			expect(ungoverned.systemPrompt).toContain(text);
	});

	it("a field that overrides legacy breaks the identity, as it should (control)", async () => {
		const project = makeProject(PROJECTS["Pi's own prompt, project rules, context files at both levels, skills"]!);
		const { view, legacy, ungoverned } = await legacyAndUngoverned(project, childTools(undefined), { skills: [] });
		expect(view.legacy).toBe(true);
		expect(legacy.systemPrompt).toMatch(/^You are a coding assistant running inside pi/);
		expect(legacy.systemPrompt).not.toContain("<skills>");
		expect(legacy.systemPrompt).not.toBe(ungoverned.systemPrompt);
	});

	it("focused is not the ungoverned child (control)", async () => {
		const project = makeProject(PROJECTS["Pi's own prompt, project rules, context files at both levels, skills"]!);
		const parent = await parentPromptOf(project);
		const tools = childTools(undefined);
		const view = buildChildView({ kind: KIND, registry: createModeRegistry(), parent, tools, firstMessage: TASK });
		const focused = await sendOnce({ ...project, ...viewSessionParts(view, project) }, view.firstMessage);
		const { ungoverned } = await legacyAndUngoverned(project, tools);
		expect(focused.systemPrompt).not.toBe(ungoverned.systemPrompt);
	});
});
