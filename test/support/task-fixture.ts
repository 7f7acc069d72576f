/**
 * Tasks in tests, built the way a run builds them: a spec through the real validation, a plan from
 * the real planner (inputs loaded as `loadTaskInputs` loads them, with Pi's faux provider as the
 * model), executed with the real ports — only the model is fake. A test changes one port or one
 * input, never hand-builds a plan.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { buildAgentCatalog } from "../../src/agents/catalog.ts";
import { availableToolNames } from "../../src/host/render.ts";
import { modelList } from "../../src/host/runtime.ts";
import type { PlanRequest, TaskInputs, TaskPlan } from "../../src/plan/types.ts";
import { type ExecutionPorts, executeChild } from "../../src/run/execute.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { realPorts } from "../../src/run/ports.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { readSettings } from "../../src/settings/read.ts";
import { loadSpecObject } from "../../src/spec/load.ts";
import type { TaskSpec } from "../../src/spec/schema.ts";
import { type FauxRuntime, fauxRuntime } from "./faux-runtime.ts";
import { planTask } from "./plan-task.ts";
import { tempDir } from "./temp.ts";

export { tempDir };

/** A git repository with the given files committed. */
export function gitRepo(files: Record<string, string>): string {
	const dir = tempDir("pi-delegate-repo-");
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
	git("init", "-q", "-b", "main");
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "add", "-A");
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init");
	return dir;
}

export function spec(input: Record<string, unknown>): TaskSpec {
	const result = loadSpecObject({ id: "t", goal: "g", deliverable: "d", ...input });
	if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
	return result.spec;
}

export interface TaskHarness {
	faux: FauxRuntime;
	runsDir: string;
	/** The inputs the planner gets for a spec; `change` edits them (a parent prompt, a setting). */
	inputs(spec: TaskSpec, change?: Partial<TaskInputs>): TaskInputs;
	plan(spec: TaskSpec, change?: Partial<TaskInputs>): TaskPlan;
	/** Plans and executes; `ports` may replace or wrap any of the real ports. */
	run(spec: TaskSpec, ports?: (real: ExecutionPorts) => Partial<ExecutionPorts>): Promise<TaskResult>;
}

export async function taskHarness(request: Partial<PlanRequest> = {}): Promise<TaskHarness> {
	const faux = await fauxRuntime();
	const runsDir = join(faux.agentDir, "runs");
	const models = await modelList(faux.runtime);
	const tools = await availableToolNames({ cwd: faux.agentDir, agentDir: faux.agentDir });
	const inputs = (taskSpec: TaskSpec, change: Partial<TaskInputs> = {}): TaskInputs => ({
		spec: taskSpec,
		request: { model: "faux/faux-1", runner: "in-process", extensions: [], ...request },
		entry: "tool",
		cwd: faux.agentDir,
		home: faux.agentDir,
		agentDir: faux.agentDir,
		settings: readSettings({
			cwd: faux.agentDir,
			home: faux.agentDir,
			agentDir: faux.agentDir,
			projectTrusted: false,
		}),
		agents: buildAgentCatalog([]),
		parent: { options: { cwd: "/", contextFiles: [], skills: [] } },
		models,
		tools,
		piVersion: VERSION,
		sandbox: sandboxSupport(),
		runsDirOverride: runsDir,
		...change,
	});
	const plan = (taskSpec: TaskSpec, change?: Partial<TaskInputs>): TaskPlan => {
		const planned = planTask(inputs(taskSpec, change));
		if (!planned.ok) throw new Error(`${planned.what}: ${JSON.stringify(planned.problems, null, 2)}`);
		return planned.plan;
	};
	return {
		faux,
		runsDir,
		inputs,
		plan,
		run: async (taskSpec, ports) => {
			const p = plan(taskSpec);
			const real = realPorts(p, { runtime: faux.runtime });
			const result = await executeChild(p, { ...real, ...ports?.(real) });
			if (result.kind !== "task") throw new Error(`a task came back as a ${result.kind}`);
			return result;
		},
	};
}
