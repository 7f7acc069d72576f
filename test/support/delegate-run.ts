/**
 * One task run the way `pi-delegate run` runs it (the shell's sources, the one planner, the one
 * execution), with ports of the test's own added — an inbox to steer the child, a signal — which the
 * command line cannot give. The child is the scripted model on either runner: a real `pi` for the
 * subprocess runner, the same provider loaded in this process for the in-process one.
 */
import { join } from "node:path";
import { shellSources } from "../../src/cli/sources.ts";
import type { PlanRequest } from "../../src/plan/types.ts";
import { planCall, refusalOf, runChild } from "../../src/run/delegate.ts";
import type { ExecutionPorts } from "../../src/run/execute.ts";
import type { ChildResult } from "../../src/run/outcome/result.ts";
import type { RunWorkspace } from "./cli-run.ts";
import { SCRIPTED_PROVIDER } from "./pi.ts";

/** Plans the spec file and runs it on `runner`; a refusal throws with its problems. */
export async function runSpecWith(
	ws: RunWorkspace,
	runner: PlanRequest["runner"],
	spec: string,
	extra: Partial<ExecutionPorts> = {},
): Promise<ChildResult> {
	if (runner === "in-process") {
		process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		process.env.PI_DELEGATE_REQUESTS = join(ws.agentDir, "scripted-requests.jsonl");
	}
	try {
		const sources = await shellSources(
			{ model: "scripted/scripted-1", runner, extensions: [SCRIPTED_PROVIDER] },
			{ cwd: ws.project, env: ws.env },
		);
		const called = await planCall(sources, [
			{ kind: "task", where: { path: [] }, spec: {}, source: { file: spec }, layer: {}, defaults: [] },
		]);
		if (!called.ok) throw new Error(JSON.stringify(refusalOf(called), null, 2));
		try {
			return await runChild(called.plans[0]!, called.context, extra);
		} finally {
			called.host.dispose();
		}
	} finally {
		delete process.env.PI_DELEGATE_SCRIPT;
		delete process.env.PI_DELEGATE_REQUESTS;
	}
}
