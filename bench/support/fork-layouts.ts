/**
 * The two ways a parent session forks, for the fork benchmark. Both are a `fork` tool in an
 * in-process parent (Pi's SDK, its real Anthropic provider, against the emulator), with the same
 * parameters and the same conversation before the call:
 *
 * - naive: the pattern of the fork extensions that start a second `pi` — the branch up to the
 *   call is written to a session file, and each brief runs as `pi --mode json -p --session FILE
 *   --no-extensions --model M "<brief>"`. The child's Pi builds its own system prompt and tool list
 *   (its defaults, without the parent's extension tools); everything else is the parent's branch.
 * - pi-delegate: the fork tool as the package registers it, with the request meter, the fork-gate
 *   and the delegation rule around it, as in a real session.
 */

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	type AgentSession,
	defineTool,
	type ExtensionAPI,
	type ExtensionFactory,
} from "@earendil-works/pi-coding-agent";
import Type from "typebox";
import { registerDelegationRule } from "../../src/pi/delegation-rule.ts";
import { registerForkGate } from "../../src/pi/fork-gate.ts";
import { registerForkTool } from "../../src/pi/fork-tool.ts";
import { captureParentPrompt } from "../../src/pi/parent-prompt.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import { PrefixGate } from "../../src/run/prefix-gate.ts";
import { RootLocks } from "../../src/run/root-lock.ts";
import { openModelRuntime, SONNET } from "../emulator/index.ts";
import type { BenchEnv } from "./bench-env.ts";
import { emulatorSession } from "./emulator-session.ts";
import { assistantMessages, runPiProcess } from "./pi-process.ts";

export interface ForkLayout {
	id: string;
	label: string;
	/** The extension the parent loads: its `fork` tool. */
	extension(env: BenchEnv, runsDir: string): ExtensionFactory;
}

const ForkParams = Type.Object({
	brief: Type.Optional(Type.String({ description: "What the fork should answer." })),
	briefs: Type.Optional(Type.Array(Type.String(), { description: "Several briefs, one fork each." })),
});

/** The naive fork: the branch copied to a session file, one `pi` process per brief. */
function naiveFork(env: BenchEnv): ExtensionFactory {
	return (pi: ExtensionAPI) => {
		pi.registerTool(
			defineTool({
				name: "fork",
				label: "Fork",
				description: "Run a child that sees this conversation, with the brief as its last message.",
				parameters: ForkParams,
				async execute(toolCallId, params, _signal, _onUpdate, ctx) {
					const entries = ctx.sessionManager.getEntries();
					const call = entries.findLast((e) => e.type === "message" && JSON.stringify(e.message).includes(toolCallId));
					const branch = ctx.sessionManager.getBranch(call?.parentId ?? undefined);
					const dir = mkdtempSync(join(tmpdir(), "pi-naive-fork-"));
					const file = join(dir, "branch.jsonl");
					const header = { ...ctx.sessionManager.getHeader(), id: randomUUID() };
					writeFileSync(file, `${[header, ...branch].map((e) => JSON.stringify(e)).join("\n")}\n`);
					const briefs = [...(params.brief ? [params.brief] : []), ...(params.briefs ?? [])];
					const runs = await Promise.all(
						briefs.map((brief) =>
							runPiProcess(
								[
									"--offline",
									"--mode",
									"json",
									"-p",
									"--session",
									file,
									"--no-extensions",
									"--model",
									env.modelRef,
									brief,
								],
								{ cwd: env.cwd, env: env.dir.env, timeoutMs: 120_000 },
							),
						),
					);
					rmSync(dir, { recursive: true, force: true });
					const text = runs.map((r, i) => `Fork ${i + 1}: exit ${r.code}`).join("\n");
					// Each child's assistant messages, for the benchmark to read the usage of every request.
					const children = runs.map((r) => assistantMessages(r.events).map((m) => m.usage));
					return { content: [{ type: "text", text }], details: { children } };
				},
			}),
		);
	};
}

/** pi-delegate's fork tool, with what the package's extension registers around it. */
function pdFork(env: BenchEnv, runsDir: string): ExtensionFactory {
	return (pi: ExtensionAPI) => {
		registerRequestMeter(pi);
		registerForkTool(pi, {
			parentPrompt: captureParentPrompt(pi),
			prefixGate: new PrefixGate(),
			locks: new RootLocks(),
			now: () => Date.now(),
			env: () => ({ PI_DELEGATE_RUNS_DIR: runsDir }),
			home: () => env.dir.agentDir,
			agentDir: () => env.dir.agentDir,
		});
		registerDelegationRule(pi, { enabled: () => true });
		registerForkGate(pi);
	};
}

export const FORK_LAYOUTS: readonly ForkLayout[] = [
	{ id: "naive", label: "naive fork (a `pi` per brief on the copied branch)", extension: (env) => naiveFork(env) },
	{ id: "pd-fork", label: "pi-delegate `fork` tool", extension: (env, runsDir) => pdFork(env, runsDir) },
];

/** An in-process parent session in the benchmark's project, loading the layout's extension. */
export async function parentSession(env: BenchEnv, extension: ExtensionFactory): Promise<AgentSession> {
	const runtime = await openModelRuntime(env.dir);
	const model = runtime.getModel(env.dir.provider, SONNET.id);
	if (!model) throw new Error(`model ${SONNET.id} missing from ${env.dir.modelsPath}`);
	return emulatorSession({ cwd: env.cwd, agentDir: env.dir.agentDir, runtime, model, extension });
}
