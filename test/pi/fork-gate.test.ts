/**
 * The fork-gate hook: the pure decision, the handler on a fake ExtensionAPI (what `on` registers
 * and returns), and a real in-process Pi session where the model calls a stub `fork` tool — the
 * blocked call reaches the model as an error tool result carrying the reason, and the tool never runs.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import {
	createAgentSession,
	DefaultResourceLoader,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { classifyBrief } from "../../src/gate/classify.ts";
import { proposeTask } from "../../src/gate/propose.ts";
import { gateReason } from "../../src/gate/reason.ts";
import { FORK_TOOL_NAME, forkBriefs } from "../../src/pi/fork-brief.ts";
import { registerForkGate } from "../../src/pi/fork-gate.ts";
import { forkGateDecision } from "../../src/pi/fork-gate-decision.ts";
import { fauxAssistantMessage, fauxRuntime, fauxText, fauxToolCall } from "../support/faux-runtime.ts";
import { tempDir } from "../support/temp.ts";

const RISKY = "Could you fix the typo in a.ts? Don't touch src/api.";
const SAFE = "Why did the fix fail on CI?";

describe("forkGateDecision", () => {
	it("lets every other tool through, whatever its input", () => {
		expect(forkGateDecision("task", { brief: RISKY })).toEqual({ block: false });
		expect(forkGateDecision("bash", { command: "git push" })).toEqual({ block: false });
	});

	it("lets a fork through when its brief may be a fork", () => {
		expect(forkGateDecision(FORK_TOOL_NAME, { brief: SAFE, from: "entry-3" })).toEqual({ block: false });
	});

	it("blocks a fork whose brief must be a task, with the gate's reason and the task call", () => {
		const result = forkGateDecision(FORK_TOOL_NAME, { brief: RISKY }, { cwd: "/repo" });
		expect(result.block).toBe(true);
		if (!result.block) return;
		const decision = classifyBrief(RISKY);
		expect(result.reason).toBe(gateReason(decision, proposeTask(RISKY, { cwd: "/repo", decision })));
		expect(result.blocked.map((b) => b.position)).toEqual([1]);
	});

	it("blocks several briefs when any trips, and says which", () => {
		const result = forkGateDecision(FORK_TOOL_NAME, { briefs: [SAFE, "Never push.", SAFE, RISKY] });
		expect(result.block).toBe(true);
		if (!result.block) return;
		expect(result.total).toBe(4);
		expect(result.blocked.map((b) => b.position)).toEqual([2, 4]);
		expect(result.reason.split("\n")[0]).toBe(
			"Fork blocked: 2 of 4 briefs must be tasks (brief 2, 4); send the others as a fork again.",
		);
		expect(forkGateDecision(FORK_TOOL_NAME, { briefs: [SAFE, SAFE] })).toEqual({ block: false });
	});

	it("reads brief and briefs together, and leaves malformed input to the tool", () => {
		expect(forkBriefs({ brief: "a", briefs: ["b", 3, null, "c"] })).toEqual(["a", "b", "c"]);
		for (const input of [null, undefined, "Never push.", 42, {}, { briefs: "Never push." }]) {
			expect(forkGateDecision(FORK_TOOL_NAME, input)).toEqual({ block: false });
		}
	});
});

type Handler = (event: unknown, ctx: unknown) => unknown;

/** An ExtensionAPI that records what is registered with `on`. */
function fakePi() {
	const handlers = new Map<string, Handler[]>();
	const pi = {
		on: (event: string, handler: Handler) => {
			handlers.set(event, [...(handlers.get(event) ?? []), handler]);
			return () => {};
		},
	} as unknown as ExtensionAPI;
	return { pi, handlers };
}

describe("registerForkGate", () => {
	it("registers one tool_call handler that blocks a risky fork with the reason, rooted at ctx.cwd", async () => {
		const { pi, handlers } = fakePi();
		registerForkGate(pi);
		expect([...handlers.keys()]).toEqual(["tool_call"]);
		const handler = handlers.get("tool_call")?.[0] as Handler;
		const result = (await handler(
			{ type: "tool_call", toolName: "fork", toolCallId: "1", input: { brief: RISKY } },
			{ cwd: "/w" },
		)) as {
			block: boolean;
			reason: string;
		};
		expect(result.block).toBe(true);
		expect(result.reason).toContain('roots: ["/w"],');
		expect(Object.keys(result)).toEqual(["block", "reason"]);
		expect(
			await handler({ type: "tool_call", toolName: "fork", toolCallId: "2", input: { brief: SAFE } }, { cwd: "/w" }),
		).toBeUndefined();
		expect(
			await handler({ type: "tool_call", toolName: "read", toolCallId: "3", input: { path: "a" } }, { cwd: "/w" }),
		).toBeUndefined();
	});

	it("does nothing while switched off, and reads the switch on every call", async () => {
		const { pi, handlers } = fakePi();
		let on = false;
		registerForkGate(pi, { enabled: () => on });
		const handler = handlers.get("tool_call")?.[0] as Handler;
		const event = { type: "tool_call", toolName: "fork", toolCallId: "1", input: { brief: RISKY } };
		expect(await handler(event, { cwd: "/w" })).toBeUndefined();
		on = true;
		expect(await handler(event, { cwd: "/w" })).toMatchObject({ block: true });
	});
});

/** Runs one parent turn whose model calls a stub `fork` tool with `brief`; returns what came back. */
async function forkInSession(brief: string) {
	const faux = await fauxRuntime();
	const cwd = tempDir("pi-delegate-fork-gate-");
	let forkRan = 0;
	let seen: unknown[] = [];
	faux.script([
		fauxAssistantMessage([fauxToolCall("fork", { brief })], { stopReason: "toolUse" }),
		(context) => {
			seen = context.messages;
			return fauxAssistantMessage([fauxText("ok")]);
		},
	]);
	const settingsManager = SettingsManager.create(cwd, faux.agentDir, { projectTrusted: true });
	const resourceLoader = new DefaultResourceLoader({
		cwd,
		agentDir: faux.agentDir,
		settingsManager,
		noExtensions: true,
		extensionFactories: [
			(pi) => {
				pi.registerTool({
					name: "fork",
					label: "fork",
					description: "stub fork",
					parameters: Type.Object({ brief: Type.Optional(Type.String({ description: "The brief." })) }),
					execute: async () => {
						forkRan++;
						return { content: [{ type: "text", text: "forked" }], details: undefined };
					},
				});
				registerForkGate(pi);
			},
		],
	});
	await resourceLoader.reload();
	const model = faux.runtime.getModel(faux.provider, faux.model);
	expect(model).toBeDefined();
	const { session } = await createAgentSession({
		cwd,
		agentDir: faux.agentDir,
		modelRuntime: faux.runtime,
		model,
		resourceLoader,
		settingsManager,
		sessionManager: SessionManager.inMemory(cwd),
	});
	try {
		await session.prompt("delegate");
	} finally {
		session.dispose();
	}
	const result = seen.find((m) => (m as { role?: string }).role === "toolResult") as
		| { isError: boolean; toolName: string; content: Array<{ type: string; text?: string }> }
		| undefined;
	return { cwd, forkRan, result, text: result?.content.map((c) => c.text ?? "").join("") ?? "" };
}

describe("the fork-gate in a real Pi session", () => {
	it("turns a blocked fork into an error tool result with the reason, and the fork never runs", async () => {
		const { cwd, forkRan, result, text } = await forkInSession(RISKY);
		expect(forkRan).toBe(0);
		expect(result?.toolName).toBe("fork");
		expect(result?.isError).toBe(true);
		expect(text).toContain("Fork blocked: the brief has a prohibition");
		expect(text).toContain(`roots: [${JSON.stringify(cwd)}],`);
	});

	it("lets a read-only brief run the fork (control)", async () => {
		const { forkRan, result, text } = await forkInSession(SAFE);
		expect(forkRan).toBe(1);
		expect(result?.isError).toBe(false);
		expect(text).toBe("forked");
	});
});
