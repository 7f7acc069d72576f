/**
 * pi-delegate's extension inside a subprocess child (`pi -e dist/run/child/child-extension.js`). It gives
 * the child the `submit_result` tool, refuses to start when the child's Pi loaded other prompt
 * inputs than the launch decided, and holds the child to its turn budget from inside: the runner
 * outside can only kill, which loses the last turn's work; from inside, the model is warned before
 * its last turn and the agent is aborted cleanly once the budget is spent.
 *
 * The dollar budget is held from inside for the same reason it cannot be held from outside: the
 * runner learns of a response's cost only when its event arrives through the pipe, and by then a
 * fast child may have sent its next request. Here the cost is known at the response's end, and the
 * child is stopped before it asks again.
 *
 * It refuses a read, write, edit or grep of what is not a regular file (a FIFO, a device, a /proc
 * file: regular-file.ts) before Pi opens it, as the in-process runner's tools do.
 *
 * It refuses a bash command the agent may not run (its `Bash(git diff:*)` entries, its bash map,
 * Claude Code's settings: agents/permissions/command-policy.ts) before the command starts.
 *
 * It replaces Pi's bash with the same tool that records each command it executes and its exit
 * status, reported to the runner as each ends: `cmd:` pointers are checked against that record.
 * Under the sandbox that bash runs each command in a bubblewrap of its own (no network, read-only
 * file system but for the writable roots), and the extension refuses a write or edit outside the
 * writable roots before the tool runs: the reason reaches the model as the call's error, and the
 * runner gets a report of the attempt. Without the sandbox, where bubblewrap can nest, the commands
 * still run in a PID namespace below this Pi's, which they share: a command must not see this Pi,
 * whose stdout is the runner's record of the run.
 *
 * It must load on every Pi this package supports (0.86.1 … 1.x), so it uses only the extension API
 * those versions share: `registerTool`, `on` for before_agent_start / tool_call / message_end /
 * turn_end / agent_start / agent_end, `sendMessage` with `deliverAs: "steer"` (and `sendUserMessage`
 * where it exists: the messages sent to the running child, steering.ts), `ctx.abort()`, and Pi's
 * `createBashToolDefinition` and `createLocalBashOperations`.
 */
import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import {
	type CommandPolicy,
	checkCommandPolicies,
	commandRefusal,
	prepareCommandChecks,
} from "../../agents/permissions/command-policy.ts";
import type { PathRule } from "../../agents/permissions/path-policy.ts";
import { nestedTaskTool } from "../../host/nested-task-tool.ts";
import { createSubmitTool } from "../../host/submit-tool.ts";
import { CHILD_REFUSED_EXIT, formatChildReport } from "../outcome/child-report.ts";
import { addMessageUsage, bashCommand, emptyUsage } from "../outcome/progress.ts";
import { afterTurn, LAST_TURN_MESSAGE_TYPE, lastTurnNotice, warnAtStart } from "../outcome/turn-budget.ts";
import type { SharedNamespace } from "../sandbox/bwrap-args.ts";
import { keepCommandNamespace } from "../sandbox/command-namespace.ts";
import { signalTree } from "../sandbox/process-tree.ts";
import { checkWrite, refusalText, toolPath } from "../sandbox/write-check.ts";
import { bashSpawnHook } from "./bash-hook.ts";
import { registerCachePolicy } from "./cache-hook.ts";
import {
	CHILD_CONFIG_ENV,
	type ChildConfig,
	type ObservedPrompt,
	parseChildConfig,
	promptMismatches,
	type SandboxConfig,
} from "./child-config.ts";
import { type CommandRun, recordingBash } from "./command-record.ts";
import { nodePathProbe } from "./fs-probe.ts";
import { pathHold } from "./path-hold.ts";
import { specialFileReason, specialFileRefusal } from "./regular-file.ts";
import { receiveSteering } from "./steering.ts";

const NO_CHANNEL = { ok: false, text: "no channel to pi-delegate: task calls cannot be made" };

export default function childExtension(pi: ExtensionAPI): void {
	const parsed = parseChildConfig(process.env[CHILD_CONFIG_ENV]);
	// Failing the load makes Pi exit non-zero with the reason on stderr: better than a child without
	// its submit tool or its budget.
	if ("problems" in parsed) throw new Error(`pi-delegate child configuration: ${parsed.problems.join("; ")}`);
	const { config } = parsed;
	watchParent(config.runId);

	const commandsRun = recordCommands(pi, config);
	const { tool, state } = createSubmitTool(config.submit, () => commandsRun);
	pi.registerTool(tool);
	if (config.sandbox) holdWrites(pi, config.sandbox);
	if (config.commands) holdCommands(pi, config.commands);
	if (config.paths) holdPaths(pi, config.paths, config.sandbox?.home ?? homedir());
	holdSpecialFiles(pi, config.sandbox?.home ?? homedir());
	registerCachePolicy(pi, config.cache);
	checkPromptAtStart(pi, config);
	holdBudgets(pi, config, () => state.accepted !== undefined);
	const askUp = config.channel ? receiveSteering(pi, config.channel) : undefined;
	if (config.delegate) pi.registerTool(nestedTaskTool(askUp ?? (async () => NO_CHANNEL)));
}

/**
 * Pi's bash, replaced by the same tool that records each command it executes and how it ended
 * (command-record.ts), under the sandbox with every command in a bubblewrap of its own. Each run is
 * reported to the runner as it ends, and kept for the submit tool's check of `cmd:` pointers. A
 * call that never ran a command (refused by a tool_call hook, or bash is not the child's tool) is
 * not a run.
 */
function recordCommands(pi: ExtensionAPI, config: ChildConfig): readonly CommandRun[] {
	const commandsRun: CommandRun[] = [];
	const onRun = (run: CommandRun) => {
		commandsRun.push(run);
		process.stderr.write(formatChildReport({ type: "ran", run }));
	};
	const sandbox = config.sandbox;
	if (sandbox) {
		const plan = { ...sandbox, mode: "enforce" as const, reason: "the runner's", notes: [] };
		const wrap = { bwrap: sandbox.bwrap, plan, runId: config.runId, home: sandbox.home, tmp: "/tmp" };
		pi.registerTool(recordingBash(process.cwd(), bashSpawnHook(wrap), onRun));
	} else if (config.contain) pi.registerTool(containedBash(config.contain.bwrap, config.runId, onRun));
	else pi.registerTool(recordingBash(process.cwd(), undefined, onRun));
	return commandsRun;
}

/**
 * Without the sandbox, the recording bash with every command in a PID namespace (and /proc) below
 * this Pi's, shared by the commands (sandbox/command-namespace.ts): a command that saw this Pi could
 * take its stdout, the runner's record of the run, and write to it.
 */
function containedBash(bwrap: string, runId: string, onRun: (run: CommandRun) => void) {
	const keeping = keepCommandNamespace(bwrap);
	let shared: SharedNamespace | undefined;
	const wrap = { bwrap, plan: undefined, runId, home: homedir(), tmp: "/tmp", shared: () => shared };
	const bash = recordingBash(process.cwd(), bashSpawnHook(wrap), onRun);
	return {
		...bash,
		execute: async (...args: Parameters<typeof bash.execute>) => {
			shared = await keeping;
			return bash.execute(...args);
		},
	};
}

/** Before the first model call: refuse a prompt other than the launch decided, and warn a one-turn child. */
function checkPromptAtStart(pi: ExtensionAPI, config: ChildConfig): void {
	let started = false;
	pi.on("before_agent_start", (event) => {
		if (started) return undefined;
		started = true;
		const prompt = (event as { prompt?: unknown }).prompt;
		const problems = promptMismatches(
			config,
			event.systemPromptOptions as ObservedPrompt,
			typeof prompt === "string" ? prompt : undefined,
			canonicalPath,
		);
		if (problems.length > 0) {
			// Exiting here is the one stop that holds on every supported Pi before any model call:
			// an abort requested during before_agent_start is honoured by newer versions only.
			process.stderr.write(formatChildReport({ type: "refused", problems }));
			process.exit(CHILD_REFUSED_EXIT);
		}
		if (!warnAtStart(config.turns)) return undefined;
		return { message: { customType: LAST_TURN_MESSAGE_TYPE, content: lastTurnNotice(config.turns), display: true } };
	});
}

/** The dollar budget at each response's end, the turn budget at each turn's end: warned before the last turn, aborted once spent. */
function holdBudgets(pi: ExtensionAPI, config: ChildConfig, submitted: () => boolean): void {
	let turnsDone = 0;
	let usage = emptyUsage();
	let stopped = false;
	pi.on("message_end", (event, ctx) => {
		usage = addMessageUsage(usage, event.message);
		if (stopped || usage.costUsd <= config.usd) return;
		stopped = true;
		const turns = turnsDone + 1;
		process.stderr.write(formatChildReport({ type: "stopped", budget: "usd", turns, usd: usage.costUsd }));
		ctx.abort();
	});
	pi.on("turn_end", (event, ctx) => {
		if ((event.message as { role?: string }).role !== "assistant") return;
		turnsDone++;
		if (stopped) return;
		const action = afterTurn({
			turnsDone,
			budget: config.turns,
			submitted: submitted(),
			continuing: event.toolResults.length > 0,
		});
		if (action === "warn") {
			pi.sendMessage(
				{ customType: LAST_TURN_MESSAGE_TYPE, content: lastTurnNotice(config.turns), display: true },
				{ deliverAs: "steer" },
			);
		} else if (action === "stop") {
			stopped = true;
			process.stderr.write(formatChildReport({ type: "stopped", budget: "turns", turns: turnsDone }));
			ctx.abort();
		}
	});
}

/** Under the sandbox, write and edit refused outside the writable roots before they run. */
function holdWrites(pi: ExtensionAPI, sandbox: SandboxConfig): void {
	pi.on("tool_call", (event, ctx) => {
		if (event.toolName !== "write" && event.toolName !== "edit") return undefined;
		const given = (event.input as { path?: unknown }).path;
		if (typeof given !== "string") return undefined;
		const path = toolPath(given, ctx.cwd, sandbox.home);
		const decision = checkWrite(path, sandbox, nodePathProbe);
		if (decision.ok) return undefined;
		const attempt = { tool: event.toolName, path, reason: decision.reason };
		process.stderr.write(formatChildReport({ type: "prevented", attempt }));
		return { block: true, reason: refusalText(event.toolName, decision.reason) };
	});
}

/**
 * Refuses a bash command its policies do not allow, before it runs; the runner gets a report of the
 * attempt. Bash's grammar starts loading now, while Pi starts, rather than at the first command.
 */
function holdCommands(pi: ExtensionAPI, policies: readonly CommandPolicy[]): void {
	prepareCommandChecks();
	pi.on("tool_call", async (event) => {
		const command = bashCommand(event.toolName, event.input);
		if (command === undefined) return undefined;
		const decision = await checkCommandPolicies(command, policies);
		if (decision.ok) return undefined;
		process.stderr.write(
			formatChildReport({
				type: "prevented",
				attempt: { tool: "bash", command, reason: decision.reason, refusedBy: "commands" },
			}),
		);
		return { block: true, reason: commandRefusal(decision.reason) };
	});
}

/** Refuses a file tool's call on a path the agent's rules deny, before it runs; the runner gets a report. */
function holdPaths(pi: ExtensionAPI, rules: readonly PathRule[], home: string): void {
	pi.on("tool_call", (event, ctx) => {
		const held = pathHold(rules, event.toolName, event.input, { cwd: ctx.cwd, home });
		if (held === undefined) return undefined;
		process.stderr.write(formatChildReport({ type: "prevented", attempt: held.attempt }));
		return { block: true, reason: held.message };
	});
}

/** The file tools that open a file, and whether a directory is theirs to open (grep searches one). */
const OPENING_TOOLS: ReadonlyMap<string, boolean> = new Map([
	["read", false],
	["write", false],
	["edit", false],
	["grep", true],
]);

/**
 * Refuses a file tool's call on what is not a regular file — a FIFO, a device, a socket, a /proc
 * file — before Pi opens it: such an open can block the child's Pi for good (regular-file.ts).
 */
function holdSpecialFiles(pi: ExtensionAPI, home: string): void {
	pi.on("tool_call", (event, ctx) => {
		const directory = OPENING_TOOLS.get(event.toolName);
		if (directory === undefined) return undefined;
		const given = (event.input as { path?: unknown }).path;
		const named = typeof given === "string" && given !== "" ? given : event.toolName === "grep" ? "." : undefined;
		if (named === undefined) return undefined;
		const reason = specialFileReason(toolPath(named, ctx.cwd, home), { directory });
		return reason === undefined ? undefined : { block: true, reason: specialFileRefusal(event.toolName, reason) };
	});
}

/** The real path when the file exists, so two spellings of one file (a symlinked cwd) compare equal. */
function canonicalPath(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return resolve(path);
	}
}

/**
 * Stops this child's whole tree when its parent dies without stopping it (a SIGKILL leaves the
 * parent no time to). An orphan is re-parented, so a changed parent pid means the runner is gone.
 */
function watchParent(runId: string): void {
	const parent = process.ppid;
	const timer = setInterval(() => {
		if (process.ppid === parent) return;
		clearInterval(timer);
		signalTree(process.pid, runId, "SIGKILL");
	}, 1000);
	timer.unref();
}
