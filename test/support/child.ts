/**
 * A scripted child for runner tests: a temporary agent dir (with the script for the scripted
 * provider), a project directory, and a launch that runs the scripted model. `runScripted` runs a
 * runner on it and collects what the hooks saw.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ChildInbox } from "../../src/run/inbox.ts";
import type { ChildExit } from "../../src/run/outcome/child-outcome.ts";
import {
	type ChildLaunch,
	type ChildOutcome,
	type ChildProgress,
	type ChildRunner,
	ZERO_USAGE,
} from "../../src/run/types.ts";
import { SCRIPTED_PROVIDER } from "./pi.ts";
import type { RecordedRequest, Script } from "./scripted-provider.ts";
import { tempDir } from "./temp.ts";

export interface ScriptedChild {
	root: string;
	agentDir: string;
	project: string;
	sessionFile: string;
	launch: ChildLaunch;
	/** Every request the scripted model received, in order. */
	requests(): RecordedRequest[];
}

export interface ScriptedChildOptions extends Script {
	/** Files to create, relative to the project (or, with an `agent:` prefix, to the agent dir). */
	files?: Record<string, string>;
	launch?: Partial<ChildLaunch>;
}

export function scriptedChild(options: ScriptedChildOptions = {}): ScriptedChild {
	const root = tempDir("pi-delegate-child-test-");
	const agentDir = join(root, "agent");
	const project = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(project, { recursive: true });
	writeFileSync(join(agentDir, "scripted.json"), JSON.stringify({ turns: options.turns, prices: options.prices }));
	for (const [name, content] of Object.entries(options.files ?? {})) {
		const path = name.startsWith("agent:") ? join(agentDir, name.slice(6)) : join(project, name);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, content);
	}
	const launch: ChildLaunch = {
		agent: "worker",
		cwd: project,
		prompt: { customPrompt: "You are a test worker.", appendSystemPrompt: [], contextFiles: [], skills: [] },
		systemPrompt: "",
		firstMessage: "Do the task.",
		tools: ["read", "bash"],
		model: { provider: "scripted", id: "scripted-1", reason: "test" },
		agentDir,
		providerExtensions: [SCRIPTED_PROVIDER],
		budget: { wall_s: 60, usd: 1, turns: 10 },
		submit: { roots: [project], cwd: project, maxRejections: 2 },
		...options.launch,
	};
	const requestsFile = join(agentDir, "scripted-requests.jsonl");
	return {
		root,
		agentDir,
		project,
		sessionFile: join(root, "audit", "session.jsonl"),
		launch,
		requests: () =>
			existsSync(requestsFile)
				? readFileSync(requestsFile, "utf8")
						.split("\n")
						.filter((line) => line !== "")
						.map((line) => JSON.parse(line) as RecordedRequest)
				: [],
	};
}

export interface ScriptedRun {
	outcome: ChildOutcome;
	events: Array<Record<string, unknown>>;
	progress: ChildProgress[];
}

export interface ScriptedRunOptions {
	signal?: AbortSignal;
	/** Sees each progress as it happens (e.g. to abort, or to send the child a message). */
	during?: (progress: ChildProgress) => void;
	/** Messages for the running child. */
	inbox?: ChildInbox;
}

/** Runs `runner` on the child; `during` sees each progress as it happens (e.g. to abort). */
export async function runScripted(
	runner: ChildRunner,
	child: ScriptedChild,
	options: ScriptedRunOptions = {},
): Promise<ScriptedRun> {
	const events: Array<Record<string, unknown>> = [];
	const progress: ChildProgress[] = [];
	const outcome = await runner(child.launch, {
		signal: options.signal ?? new AbortController().signal,
		onEvent: (event) => events.push(event as Record<string, unknown>),
		onProgress: (p) => {
			progress.push(p);
			options.during?.(p);
		},
		sessionFile: child.sessionFile,
		...(options.inbox && { inbox: options.inbox }),
	});
	return { outcome, events, progress };
}

/**
 * A valid envelope citing `pointers`. The default cites the working directory itself ("."), which
 * verifies wherever the child runs: an ok needs at least one pointer unless the task relaxes it.
 */
export function envelope(pointers: string[] = ["."], status: "ok" | "partial" | "failed" = "ok") {
	return {
		deliverable: "The work is done.",
		evidence: pointers.map((pointer, i) => ({ claim: `claim ${i + 1}`, pointer })),
		unsure: [],
		did_not_do: [],
		status,
	};
}

/** A script turn that calls submit_result with `value`. */
export function submitTurn(value: unknown) {
	return { tools: [{ name: "submit_result", args: value as Record<string, never> }] };
}

/** How a child's process ended when it exited 0 by itself (no signal, no error, nothing on stderr), with `o` replacing any part. */
export const cleanExit = (o: Partial<ChildExit> = {}): ChildExit => ({
	code: 0,
	signal: null,
	spawnError: undefined,
	abortReason: undefined,
	reports: [],
	stderrTail: "",
	streamErrors: [],
	sessionFile: undefined,
	elapsedMs: 1,
	...o,
});

/** What a runner reports for a child that ran one turn and finished, with `o` replacing any part. */
export const childOutcome = (o: Partial<ChildOutcome> = {}): ChildOutcome => ({
	runner: "in-process",
	completed: true,
	stopReason: "toolUse",
	errors: [],
	stoppedBy: undefined,
	submissions: [],
	finalText: "",
	commandsRun: [],
	toolCalls: 1,
	turns: 1,
	usage: ZERO_USAGE,
	sessionFile: undefined,
	sent: undefined,
	elapsedMs: 10,
	...o,
});
