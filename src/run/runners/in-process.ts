import { rmSync } from "node:fs";
import { homedir } from "node:os";
import type { AgentSession, AgentSessionEvent, ModelRuntime } from "@earendil-works/pi-coding-agent";
import { createAgentSession } from "@earendil-works/pi-coding-agent";
import { installCachePolicy } from "../child/cache-hook.ts";
import { removeOutputFiles } from "../child/output-files.ts";
import { childTools } from "../child/tools.ts";
import { foldEvent } from "../outcome/child-events.ts";
import { afterTurn, LAST_TURN_MESSAGE_TYPE, warnAtStart } from "../outcome/turn-budget.ts";
import { sandboxToEnforce } from "../sandbox/contain.ts";
import { terminateMarked } from "../sandbox/process-tree.ts";
import { realPathOf } from "../sandbox/real-paths.ts";
import { createRefusalWatch } from "../sandbox/refusals.ts";
import { sandboxSupport } from "../sandbox/support.ts";
import type { SandboxSupport } from "../sandbox/types.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, RunnerHooks } from "../types.ts";
import { scratchDir } from "./child-paths.ts";
import { type Isolation, newRun, outcomeOf, type Run } from "./in-process-run.ts";
import { auditForm, steerSession, writeSessionFile } from "./in-process-session.ts";
import { type InProcessSetup, type SetupChild, viewSetup, viewSetupFrom } from "./in-process-setup.ts";
import { leftBehind, stopDeadline } from "./stop-deadline.ts";
import { STOP_GRACE_MS } from "./subprocess.ts";

export type { InProcessSetup, SetupChild } from "./in-process-setup.ts";

export interface InProcessOptions {
	/** What this machine can do (containment, sandbox); default: probed once (sandboxSupport). */
	support?: SandboxSupport;
	/** Builds the child's session parts instead of the view's (the default: `viewSetup`). */
	setup?: SetupChild;
	/** A resumed child's: the session it continues (its entries, checked when read). */
	session?: readonly unknown[];
}

/** Builds an in-process runner bound to a model runtime shared by all its children. */
export function inProcessRunner(runtime: ModelRuntime, options: InProcessOptions = {}): ChildRunner {
	return (launch, hooks) => {
		const support = options.support ?? sandboxSupport();
		const enforced = sandboxToEnforce(launch.sandbox, support);
		const plan = "plan" in enforced ? enforced.plan : undefined;
		const tmp = plan ? scratchDir(hooks.sessionFile, "tmp") : undefined;
		const refused = "error" in enforced ? enforced.error : undefined;
		const isolation = { support, plan, tmp, refused, ...(options.session && { session: options.session }) };
		const setup = options.setup ?? (options.session ? viewSetupFrom(options.session) : viewSetup);
		return runInProcess(runtime, launch, hooks, isolation, setup).finally(() => {
			if (tmp) rmSync(tmp, { recursive: true, force: true });
		});
	};
}

async function runInProcess(
	runtime: ModelRuntime,
	launch: ChildLaunch,
	hooks: RunnerHooks,
	isolation: Isolation,
	setupChild: SetupChild,
): Promise<ChildOutcome> {
	const started = performance.now();
	const run = newRun(launch, hooks, isolation);
	let stopReason: unknown;
	const left: string[] = [];
	const exit = (spawnError?: string) => outcomeOf(run, started, { spawnError, abortReason: stopReason, left });
	if (isolation.refused !== undefined) return exit(isolation.refused);
	const model = runtime.getModel(launch.model.provider, launch.model.id);
	if (!model) return exit(`model ${launch.model.provider}/${launch.model.id} is not known to the model runtime`);
	const { session, setup } = await openSession(runtime, model, run, setupChild);
	let aborting: Promise<void> | undefined;
	const deadline = stopDeadline();
	const stop = (reason: unknown) => {
		stopReason ??= reason;
		aborting ??= session.abort().catch(() => {});
		deadline.start();
	};
	const unsubscribe = session.subscribe(watchChild(run, session, setup, stop));
	const steering = steerSession(session, hooks);
	const onAbort = () => stop(hooks.signal.reason);
	hooks.signal.addEventListener("abort", onAbort, { once: true });
	let failure: string | undefined;
	try {
		if (hooks.signal.aborted) onAbort();
		else await converse(session, run, setup, deadline.passed);
	} catch (error) {
		failure = `the child session failed: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		// A stopped session ends once its running tool calls return; one that never does (a tool of
		// an extension blocked for good) is left behind after the grace, so the run still ends.
		await Promise.race([aborting, deadline.passed]);
		if (deadline.over()) left.push(leftBehind(run.state.running));
		deadline.clear();
		hooks.signal.removeEventListener("abort", onAbort);
		unsubscribe();
		run.messages = steering.end();
		// Without namespaces, what a command left running is found by its mark and stopped. With them
		// every command's namespace is already being emptied by the kernel, which takes a moment: the
		// run ends once it has (its first process carries the mark and dies last).
		await terminateMarked(run.runId, STOP_GRACE_MS);
		removeOutputFiles(run.outputFiles);
		writeSessionFile(hooks, setup.sessionManager);
		session.dispose();
	}
	return exit(failure);
}

/** Starts the child on its first message; once it is stopped, the wait ends with the stop's grace. */
async function converse(
	session: AgentSession,
	{ launch, hooks }: Run,
	setup: Pick<InProcessSetup, "lastTurnNotice">,
	graceOver: Promise<void>,
): Promise<void> {
	hooks.onProgress({ type: "started", runner: "in-process", model: `${launch.model.provider}/${launch.model.id}` });
	if (warnAtStart(launch.budget.turns))
		await session.sendCustomMessage(notice(launch, setup), { deliverAs: "nextTurn" });
	const prompting = session.prompt(launch.firstMessage);
	prompting.catch(() => {}); // a session left behind may still fail later, unheard
	await Promise.race([prompting, graceOver]);
}

const notice = (launch: ChildLaunch, setup: Pick<InProcessSetup, "lastTurnNotice">) => ({
	customType: LAST_TURN_MESSAGE_TYPE,
	content: setup.lastTurnNotice(launch.budget.turns),
	display: true,
});

type Model = NonNullable<ReturnType<ModelRuntime["getModel"]>>;

/** The child's session, from the setup's parts and bash, write and edit that contain and check. */
async function openSession(runtime: ModelRuntime, model: Model, run: Run, setupChild: SetupChild) {
	const { launch, isolation } = run;
	const { plan } = isolation;
	const bwrap = run.contained ? isolation.support.bwrap : undefined;
	const containedTools = childTools({
		cwd: launch.cwd,
		// bubblewrap mounts these on themselves: real paths, or a symlink on the way is no mount point.
		bash: {
			bwrap,
			plan,
			runId: run.runId,
			home: realPathOf(homedir()),
			tmp: realPathOf(isolation.tmp ?? "/tmp"),
			copies: launch.sandbox?.copies,
		},
		rules: plan,
		copies: launch.sandbox?.copies,
		commands: launch.commands,
		paths: launch.paths,
		home: homedir(),
		onPrevented: (attempt) => run.prevented.push(attempt),
		onRun: (ran) => run.commands.push(ran),
		onOutputFile: (path) => run.outputFiles.add(path),
	});
	const setup = await setupChild(launch, {
		commandsRun: () => run.commands,
		containedTools,
		delegate: run.hooks.delegate,
	});
	const { session } = await createAgentSession({
		cwd: launch.cwd,
		agentDir: launch.agentDir,
		modelRuntime: runtime,
		model,
		thinkingLevel: launch.model.thinking ?? "off",
		resourceLoader: setup.resourceLoader,
		sessionManager: setup.sessionManager,
		settingsManager: setup.settingsManager,
		tools: setup.tools,
		customTools: setup.customTools,
	});
	if (setup.bindExtensions) await session.bindExtensions({});
	installCachePolicy(session, launch.cache);
	run.hooks.onLaunch?.({
		runner: "in-process",
		session: {
			cwd: launch.cwd,
			agentDir: launch.agentDir,
			model: `${launch.model.provider}/${launch.model.id}`,
			thinkingLevel: launch.model.thinking ?? "off",
			tools: setup.tools,
			customTools: setup.customTools.map((tool) => tool.name),
			containment: bwrap ? "each bash command in a bubblewrap PID namespace" : "run marker only (no namespaces)",
			sandbox: plan ?? "off",
			...setup.describe,
		},
	});
	return { session, setup };
}

/**
 * The session listener: events to the audit and progress, refusals to `prevented`, and the
 * budgets the child is held to from here — dollars at the end of each response (before the agent
 * asks again), turns at the end of each turn.
 */
function watchChild(
	run: Run,
	session: AgentSession,
	setup: Pick<InProcessSetup, "submitted" | "lastTurnNotice">,
	stop: (reason: unknown) => void,
): (event: AgentSessionEvent) => void {
	const { launch, hooks, state } = run;
	const refusals = createRefusalWatch();
	let turnsDone = 0;
	return (event) => {
		hooks.onEvent(auditForm(event));
		if (run.isolation.plan) run.prevented.push(...refusals.push(event));
		for (const progress of foldEvent(state, event)) hooks.onProgress(progress);
		if (event.type === "message_end" && state.usage.costUsd > launch.budget.usd) stop("usd");
		if (event.type !== "turn_end" || (event.message as { role?: string }).role !== "assistant") return;
		turnsDone++;
		const action = afterTurn({
			turnsDone,
			budget: launch.budget.turns,
			submitted: setup.submitted(),
			continuing: event.toolResults.length > 0,
		});
		if (action === "warn") void session.sendCustomMessage(notice(launch, setup), { deliverAs: "steer" });
		else if (action === "stop") stop("turns");
	};
}
