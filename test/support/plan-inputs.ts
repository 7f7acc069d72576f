/**
 * The planner's inputs built by hand, for tests of `planTask`'s decisions: no disk, no runtime, no
 * Pi. The spec goes through the real validator with a file system where every path under /work is
 * a directory; the settings through the real reader with the files' texts given here; the agents
 * through the real catalog from their files' texts. A test changes one input and reads the plan.
 */

import { posix } from "node:path";
import { buildAgentCatalog } from "../../src/agents/catalog.ts";
import { PI_BUILTIN_TOOLS } from "../../src/agents/tools.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "../../src/envelope/schema.ts";
import type { ModelInfo, Planned, TaskInputs, TaskPlan } from "../../src/plan/types.ts";
import type { ParentPrompt } from "../../src/prompt/channels.ts";
import { readSettings } from "../../src/settings/read.ts";
import type { TaskSpec } from "../../src/spec/schema.ts";
import { validateSpec } from "../../src/spec/validate.ts";
import { planTask } from "./plan-task.ts";

/** The caller's working directory, a root, and a second root beside it. */
export const CWD = "/work/app";
export const OTHER = "/work/lib";
export const HOME = "/home/u";
export const AGENT_DIR = "/home/u/.pi/agent";

/** The runtime's models: two with credentials, one without. */
export const MODELS: readonly ModelInfo[] = Object.freeze([
	{ provider: "anthropic", id: "claude-sonnet-4-5", authenticated: true },
	{ provider: "anthropic", id: "claude-haiku-4-5", authenticated: true },
	{ provider: "openai", id: "gpt-5", authenticated: false },
]);

/** The parent session's model (inside Pi). */
export const PARENT_MODEL = Object.freeze({ provider: "anthropic", id: "claude-sonnet-4-5", thinking: "medium" });

/** Every tool a child session can have here: Pi's own, and the submit tool (as availableToolNames finds them). */
export const TOOLS: readonly string[] = Object.freeze([...PI_BUILTIN_TOOLS, SUBMIT_RESULT_TOOL_NAME]);

export const PARENT: ParentPrompt = Object.freeze({ options: { cwd: CWD, contextFiles: [], skills: [] } });

/** A spec through the real validator; every path under /work is a directory. */
export function specOf(input: Record<string, unknown>): TaskSpec {
	const result = validateSpec(
		{ id: "t", goal: "Check the parser.", deliverable: "What you found.", roots: [CWD], ...input },
		{
			probe: (path) =>
				path === "/work" || path.startsWith("/work/")
					? { kind: "dir", realPath: posix.normalize(path) }
					: { kind: "missing", error: "ENOENT" },
			subdirs: () => [],
			cwd: CWD,
			home: HOME,
		},
	);
	if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
	return result.spec;
}

/** pi-delegate's section of the global and the project settings files, read by the real reader. */
export function settingsOf(files: { global?: Record<string, unknown>; project?: Record<string, unknown> } = {}) {
	const texts = new Map<string, string>();
	if (files.global) texts.set(`${AGENT_DIR}/settings.json`, JSON.stringify({ "pi-delegate": files.global }));
	if (files.project) texts.set(`${CWD}/.pi/settings.json`, JSON.stringify({ "pi-delegate": files.project }));
	return readSettings({
		cwd: CWD,
		home: HOME,
		agentDir: AGENT_DIR,
		projectTrusted: true,
		readText: (file) => texts.get(file),
	});
}

/** Project agent files (`.pi/agents/<name>.md`), from their frontmatter lines and body. */
export function agentsOf(files: Record<string, { front: string; body?: string }>) {
	return buildAgentCatalog(
		Object.entries(files).map(([name, { front, body = "You review code." }]) => ({
			scope: "project" as const,
			file: `${CWD}/.pi/agents/${name}.md`,
			label: `.pi/agents/${name}.md`,
			text: `---\n${front}\n---\n${body}\n`,
		})),
	);
}

/** Inputs as a `task` call inside Pi would load them; `change` replaces any part. */
export function planInputs(change: Partial<TaskInputs> = {}): TaskInputs {
	return {
		spec: specOf({}),
		request: { extensions: [] },
		entry: "tool",
		cwd: CWD,
		home: HOME,
		agentDir: AGENT_DIR,
		settings: settingsOf(),
		agents: buildAgentCatalog([]),
		parent: PARENT,
		parentModel: PARENT_MODEL,
		models: MODELS,
		tools: TOOLS,
		piVersion: "1.6.0",
		sandbox: { enforce: true, reason: undefined },
		...change,
	};
}

/** The plan, or an error naming why there is none. */
export function planOf(change: Partial<TaskInputs> = {}): TaskPlan {
	const planned: Planned<TaskPlan> = planTask(planInputs(change));
	if (!planned.ok) throw new Error(`${planned.what}: ${JSON.stringify(planned.problems, null, 2)}`);
	return planned.plan;
}

/** The refusal: what could not be settled and every problem. */
export function refusalOf(change: Partial<TaskInputs> = {}): Extract<Planned<TaskPlan>, { ok: false }> {
	const planned = planTask(planInputs(change));
	if (planned.ok) throw new Error("the plan was not refused");
	return planned;
}
