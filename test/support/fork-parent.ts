/**
 * A parent Pi session that forks, in this process, against the provider emulator: Pi's SDK with its
 * real Anthropic provider, the fork tool and the request meter registered as pi-delegate's
 * extension registers them, and a project whose AGENTS.md makes the prompt long enough to cache.
 * The script answers the parent's turns in order and every fork through `fork(brief, request)`;
 * each request body is kept exactly as the emulator received it, to compare bytes.
 */

import { join } from "node:path";
import type { AgentSession, ExtensionAPI } from "@earendil-works/pi-coding-agent";
import {
	type Emulator,
	type EmulatorAgentDir,
	openModelRuntime,
	SONNET,
	startEmulator,
	type TurnRequest,
	type TurnSpec,
	writeAgentDir,
} from "../../bench/emulator/index.ts";
import { emulatorSession } from "../../bench/support/emulator-session.ts";
import { registerDelegationRule } from "../../src/pi/delegation-rule.ts";
import { registerForkTool } from "../../src/pi/fork-tool.ts";
import { captureParentPrompt } from "../../src/pi/parent-prompt.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import type { ChildrenRegistry } from "../../src/run/children.ts";
import { PrefixGate } from "../../src/run/prefix-gate.ts";
import { RootLocks } from "../../src/run/root-lock.ts";
import { type Step, sessionOf } from "./conversation.ts";
import { gitRepo, tempDir } from "./task-fixture.ts";

/** Marks a brief, so the script knows a fork's requests from the parent's. */
export const BRIEF_MARK = "[fork-brief";

export interface Body {
	who: "parent" | "fork";
	/** The brief of the fork that sent it (its marker's text), when a fork sent it. */
	brief?: string;
	turn: number;
	json: string;
}

type Reply = string | TurnSpec;

export interface ForkParentOptions {
	/** The parent's turns, in order. */
	parent: Reply[];
	/** A fork's reply, from its brief, the request, and its own turn (0 for its first request). */
	fork: (brief: string, request: TurnRequest, turn: number) => Reply;
	/** Append the delegation rule (a `before_agent_start` hook that forces the prompt), as the extension does. */
	delegationRule?: boolean;
	/** Real milliseconds before each answer's first byte (a sibling's write is readable only then). */
	firstByteDelayMs?: number;
	files?: Record<string, string>;
	/** Conversation already in the parent's session before its first prompt (a compaction among it, say). */
	history?: Step[];
	/** The session's children registry, as the extension passes it to every entry point. */
	children?: ChildrenRegistry;
}

export interface ForkParent {
	emulator: Emulator;
	dir: EmulatorAgentDir;
	cwd: string;
	runsDir: string;
	bodies: Body[];
	session: AgentSession;
	/** Sends one user message and waits until the parent's run has settled. */
	prompt(text: string): Promise<void>;
	close(): Promise<void>;
}

/** The brief a request belongs to: a user text block holding the marker. */
function briefOf(request: TurnRequest): string | undefined {
	for (const message of request.request.messages) {
		if (message.role !== "user" || typeof message.content === "string") continue;
		for (const block of message.content) {
			if (block.type === "text" && typeof block.text === "string" && block.text.includes(BRIEF_MARK)) return block.text;
		}
	}
	return undefined;
}

/** A project rule long enough that the parent's prompt passes Sonnet's 1024-token cache minimum. */
export const AGENTS_MD = `# Project rules\n\n${"Keep functions short and name things for what they hold. ".repeat(120)}\n`;

export async function forkParent(options: ForkParentOptions): Promise<ForkParent> {
	const bodies: Body[] = [];
	const emulator = await startEmulator({
		...(options.firstByteDelayMs !== undefined && { firstByteDelayMs: options.firstByteDelayMs }),
		script: {
			default: (request) => {
				const brief = briefOf(request);
				bodies.push({
					who: brief ? "fork" : "parent",
					...(brief && { brief }),
					turn: request.turn,
					json: JSON.stringify(request.request),
				});
				if (brief) {
					const turn = bodies.filter((b) => b.brief === brief).length - 1;
					return options.fork(brief, request, turn);
				}
				const parentTurns = bodies.filter((b) => b.who === "parent").length - 1;
				return options.parent[parentTurns] ?? "(the parent has nothing more to say)";
			},
		},
	});
	const dir = writeAgentDir({ url: emulator.url, dir: tempDir("pi-emulator-agent-") });
	const cwd = gitRepo({ "AGENTS.md": AGENTS_MD, "src/retry.ts": "export const attempts = 3;\n", ...options.files });
	const runsDir = join(tempDir("pi-delegate-fork-runs-"), "runs");
	const runtime = await openModelRuntime(dir);
	const model = runtime.getModel(dir.provider, SONNET.id);
	if (!model) throw new Error("the emulator's Sonnet is missing");
	const extension = (pi: ExtensionAPI) => {
		registerRequestMeter(pi);
		registerForkTool(pi, {
			parentPrompt: captureParentPrompt(pi),
			prefixGate: new PrefixGate(),
			locks: new RootLocks(),
			...(options.children && { children: options.children }),
			now: () => Date.now(),
			env: () => ({ PI_DELEGATE_RUNS_DIR: runsDir }),
			home: () => dir.agentDir,
			agentDir: () => dir.agentDir,
		});
		if (options.delegationRule) registerDelegationRule(pi, { enabled: () => true });
	};
	const session = await emulatorSession({
		cwd,
		agentDir: dir.agentDir,
		runtime,
		model,
		extension,
		...(options.history && { sessionManager: sessionOf(options.history, cwd) }),
	});
	return {
		emulator,
		dir,
		cwd,
		runsDir,
		bodies,
		session,
		prompt: (text) => session.prompt(text),
		async close() {
			session.dispose();
			await emulator.close();
		},
	};
}

/** A parent turn that calls the fork tool with these arguments. */
export function forkTurn(args: { brief?: string; briefs?: string[]; from?: string }, text = "Forking."): TurnSpec {
	return { text, tools: [{ name: "fork", input: args }] };
}
