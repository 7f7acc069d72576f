/**
 * A parent Pi session (the SDK, in this process) with the whole pi-delegate extension loaded,
 * for the background tests (test/pi/background*.test.ts) and bench/background.bench.ts:
 * answered by the provider emulator: the parent's turns come from `parent(request, turn)`, every
 * task child answers with one `submit_result` — but only once the test opens its gate
 * (`release(tag)`), so a test decides when each background child ends — and a fork answers its
 * brief in prose. Children run on the runner the test picks: in this process on the parent's
 * runtime, or as real `pi` subprocesses reaching the same emulator through the agent directory.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AgentSession, SessionManager } from "@earendil-works/pi-coding-agent";
import piDelegate from "../../src/pi/extension.ts";
import {
	type Emulator,
	type EmulatorAgentDir,
	openModelRuntime,
	SONNET,
	startEmulator,
	type TurnRequest,
	type TurnSpec,
	writeAgentDir,
} from "../emulator/index.ts";
import { emulatorSession } from "./emulator-session.ts";

/** Marks a child's goal: `[bg-child A]`; the tag (A) names its gate. */
export const CHILD_MARK = /\[bg-child (\w+)\]/;
export const FORK_MARK = "[bg-fork]";

export interface BackgroundParentOptions {
	/** An empty directory the parent's project, agent directory and records go in (the caller removes it). */
	root: string;
	runner: "in-process" | "subprocess";
	/** The parent's reply to each of its own requests (`turn` counts them from 0). */
	parent: (request: TurnRequest, turn: number) => string | TurnSpec;
	backgroundLimit?: number;
	/** Real milliseconds before every answer's first byte. */
	firstByteDelayMs?: number;
	/** Keep the parent's session in a file (for the spend view), not in memory. */
	sessionFile?: boolean;
}

export interface BackgroundParent {
	emulator: Emulator;
	dir: EmulatorAgentDir;
	/** The project: a git-free directory with data.txt, the root every child reads. */
	cwd: string;
	session: AgentSession;
	/** Lets the child tagged `tag` answer (now or when it asks). */
	release(tag: string): void;
	/** Tags of the children that have asked the model so far, in order. */
	asked: string[];
	/** The requests each child sent, by tag (the messages a child received show in them). */
	childRequests: Map<string, TurnRequest[]>;
	/** The parent's requests, in order. */
	parentRequests: TurnRequest[];
	/** Result messages the parent received, by key, in order of arrival. */
	delivered(): Array<{ key: string; content: string; details: Record<string, unknown> }>;
	/** Waits until `test` holds and the parent is idle. */
	until(test: () => boolean, timeoutMs?: number): Promise<void>;
	close(): Promise<void>;
}

export const ENVELOPE = {
	status: "ok",
	deliverable: "done",
	evidence: [{ claim: "the data file has a first line", pointer: "data.txt:1" }],
	unsure: [],
	did_not_do: [],
};

function gates() {
	const open = new Set<string>();
	const waiting = new Map<string, Array<() => void>>();
	return {
		release(tag: string) {
			open.add(tag);
			for (const resolve of waiting.get(tag) ?? []) resolve();
			waiting.delete(tag);
		},
		pass(tag: string): Promise<void> {
			if (open.has(tag)) return Promise.resolve();
			return new Promise((resolve) => waiting.set(tag, [...(waiting.get(tag) ?? []), resolve]));
		},
	};
}

export async function backgroundParent(options: BackgroundParentOptions): Promise<BackgroundParent> {
	const gate = gates();
	const asked: string[] = [];
	const childRequests = new Map<string, TurnRequest[]>();
	const parentRequests: TurnRequest[] = [];
	const emulator = await startEmulator({
		...(options.firstByteDelayMs !== undefined && { firstByteDelayMs: options.firstByteDelayMs }),
		script: {
			default: async (request) => {
				const tag = CHILD_MARK.exec(request.firstUserText)?.[1];
				if (tag && request.tools.includes("submit_result")) {
					asked.push(tag);
					childRequests.set(tag, [...(childRequests.get(tag) ?? []), request]);
					await gate.pass(tag);
					return { tools: [{ name: "submit_result", input: ENVELOPE }] };
				}
				if (request.lastUserText.includes(FORK_MARK)) return "The retry count is three.";
				if (request.tools.length === 0) return "Summary: the parent started background children.";
				parentRequests.push(request);
				return options.parent(request, parentRequests.length - 1);
			},
		},
	});
	const { root } = options;
	const cwd = join(root, "project");
	const dir = writeAgentDir({
		url: emulator.url,
		dir: join(root, "agent"),
		settings: {
			"pi-delegate": {
				runner: options.runner,
				sandbox: "off",
				...(options.backgroundLimit !== undefined && { backgroundLimit: options.backgroundLimit }),
			},
		},
	});
	mkdirSync(cwd, { recursive: true });
	writeFileSync(join(cwd, "data.txt"), "line 1: the measured value is 0\n");
	const previous = process.env.PI_CODING_AGENT_DIR;
	process.env.PI_CODING_AGENT_DIR = dir.agentDir;
	const runtime = await openModelRuntime(dir);
	const model = runtime.getModel(dir.provider, SONNET.id);
	if (!model) throw new Error("the emulator's Sonnet is missing");
	const session = await emulatorSession({
		cwd,
		agentDir: dir.agentDir,
		runtime,
		model,
		extension: piDelegate,
		noContextFiles: true,
		// A compaction in a short test conversation keeps only its last turn or so.
		keepRecentTokens: 50,
		...(options.sessionFile && { sessionManager: SessionManager.create(cwd, join(root, "sessions")) }),
	});
	const delivered = () =>
		session.sessionManager
			.getEntries()
			.filter((e) => e.type === "custom_message" && e.customType === "pi-delegate.background-result")
			.map((e) => {
				const m = e as unknown as { content: string; details: Record<string, unknown> };
				return { key: String(m.details.key), content: m.content, details: m.details };
			});
	return {
		emulator,
		dir,
		cwd,
		session,
		release: gate.release,
		asked,
		childRequests,
		parentRequests,
		delivered,
		async until(test, timeoutMs = 30_000) {
			const end = Date.now() + timeoutMs;
			while (!(test() && !session.isStreaming)) {
				if (Date.now() > end) throw new Error("timed out waiting for the parent");
				await new Promise((r) => setTimeout(r, 20));
			}
		},
		async close() {
			session.dispose();
			await emulator.close();
			if (previous === undefined) delete process.env.PI_CODING_AGENT_DIR;
			else process.env.PI_CODING_AGENT_DIR = previous;
		},
	};
}

/** A parent turn calling the task tool in the background with one task per tag. */
export function backgroundTasks(cwd: string, tags: readonly string[], extra: Record<string, unknown> = {}): TurnSpec {
	return {
		text: "Starting them.",
		tools: [
			{
				name: "task",
				input: {
					background: true,
					deliverable: "The first line of data.txt.",
					roots: [cwd],
					tasks: tags.map((tag) => ({ id: `child-${tag.toLowerCase()}`, goal: `[bg-child ${tag}] Read data.txt.` })),
					...extra,
				},
			},
		],
	};
}
