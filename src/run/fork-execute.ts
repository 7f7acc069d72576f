/**
 * `executeFork`: carries out a fork plan — every brief of the call as its own child, all at once.
 * Each child leaves an audit record like a task's, written as it goes: fork.json (the brief and the
 * branch point), prompt.txt (the system prompt, the tools with their rules, the branch and the
 * brief), launch.json (the plan, `kind: "fork"`, `parentSession`, how the child was started),
 * both snapshots of the working directory, events.ndjson, session.jsonl, outcome.json, and
 * result.json last. It runs each child with the executor's shared parts (guarded.ts): the prefix
 * gate holds siblings until the first one's prompt is cached, the budget guard stops them, the
 * boundary is the working directory with nothing writable.
 *
 * It decides nothing the plan decided. Every effect goes through a port.
 */
import { getSystemMessageText } from "@earendil-works/pi-ai";
import { plural } from "../format/numbers.ts";
import type { ForkChild, ForkPlan } from "../plan/fork-types.ts";
import { formatPath } from "../problems.ts";
import type { AuditWriter } from "./audit.ts";
import { createForkState, type ForkChildState } from "./fork-child.ts";
import { type ForkResult, forkResultOf } from "./fork-result.ts";
import { type GuardedChild, runGuarded, type WatchPorts, watchRoots } from "./guarded.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import { failVerdict, sealRecord } from "./record-seal.ts";
import type { ChildLaunch, ChildRunner, LaunchRecord, TaskProgress } from "./types.ts";

export interface ForkPorts {
	now: () => Date;
	/** Opens a child's audit directory under `runsDir`. */
	audit: (runsDir: string, id: string, at: Date) => AuditWriter;
	snapshot: WatchPorts["snapshot"];
	/** The runner of one fork child; its hooks and tools record into `state`. */
	runner: (child: ForkChild, state: ForkChildState) => ChildRunner;
	progress?: (child: ForkChild, progress: TaskProgress) => void;
	/** Shared by siblings: the first one's prompt is cached before the others send theirs. */
	prefixGate?: PrefixGate;
	signal?: AbortSignal;
	/** One fork's own signal (a user stopped it alone from the children list); else `signal`. */
	signalOf?: (child: ForkChild) => AbortSignal | undefined;
	/** Held while the forks run (a claim of the "fork" group, run/root-lock.ts): tasks on overlapping roots wait for them. */
	hold?: (roots: readonly string[]) => Promise<() => void>;
}

/** The system prompt a fork sends: the forced text, else the sections as Pi renders them. */
export function inheritedSystemPrompt(plan: ForkPlan): string {
	if (plan.prompt.forced !== undefined) return plan.prompt.forced;
	return getSystemMessageText({ role: "system", content: "", sections: plan.prompt.sections, timestamp: 0 });
}

/** What the runner is given: the plan's child; the session itself is its setup's (fork-child.ts). */
export function forkLaunch(plan: ForkPlan, child: ForkChild): ChildLaunch {
	return {
		agent: "fork",
		cwd: plan.cwd,
		prompt: { customPrompt: undefined, appendSystemPrompt: [], contextFiles: [], skills: [] },
		systemPrompt: inheritedSystemPrompt(plan),
		firstMessage: child.brief,
		tools: plan.tools.map((rule) => rule.name),
		model: plan.model,
		agentDir: plan.agentDir,
		providerExtensions: [],
		budget: plan.budget,
		submit: { roots: plan.boundary.roots, cwd: plan.cwd, maxRejections: 0 },
	};
}

/** prompt.txt: what the fork is given, with the inherited branch named (session.jsonl holds it). */
export function forkPromptText(plan: ForkPlan, child: ForkChild): string {
	const tools = plan.tools
		.map((r) => `- ${r.name}${r.action === "run" ? "" : ` — refused: ${r.reason.replace(/^Refused: /, "")}`}`)
		.join("\n");
	const { branch } = plan;
	const compactions = branch.compactions > 0 ? `, from its latest of ${branch.compactions} compaction(s) on` : "";
	const inherited =
		`${plural(branch.messages, "message")} (~${branch.approxTokens} tokens) of session ${branch.sessionId}, from its root to ` +
		`entry ${branch.leafId ?? "(none)"}${compactions}; session.jsonl holds them`;
	return [
		`=== system prompt (${plan.prompt.forced === undefined ? "the transcript's sections" : "forced by a hook of the parent"}) ===`,
		inheritedSystemPrompt(plan),
		"=== tools ===",
		tools,
		"=== inherited branch ===",
		inherited,
		"=== brief (the last user message) ===",
		child.brief,
	].join("\n");
}

/** The plan as launch.json records it, for one child (and with how it started, once known). */
function launchJson(plan: ForkPlan, child: ForkChild, record?: LaunchRecord) {
	return { ...plan, child, ...(record && { launch: record }) };
}

async function executeChild(plan: ForkPlan, child: ForkChild, ports: ForkPorts): Promise<ForkResult> {
	const progress = (p: TaskProgress) => ports.progress?.(child, p);
	const signal = ports.signalOf?.(child) ?? ports.signal;
	const startedAt = ports.now();
	const audit = ports.audit(plan.audit.runsDir, child.id, startedAt);
	progress({ type: "audit", dir: audit.dir });
	audit.writeJson("fork.json", { kind: "fork", ...child, of: plan.children.length, branch: plan.branch });
	audit.writeText("prompt.txt", forkPromptText(plan, child));
	audit.writeJson("launch.json", launchJson(plan, child));
	for (const warning of plan.warnings)
		progress({ type: "warning", message: `${formatPath(warning)}: ${warning.message}` });
	const state = createForkState();
	const guarded: GuardedChild = {
		prefixKey: plan.prefixKey,
		budget: plan.budget,
		launchJson: (record) => launchJson(plan, child, record),
	};
	const run = () =>
		runGuarded(
			guarded,
			forkLaunch(plan, child),
			{ ...ports, runner: ports.runner(child, state), progress, ...(signal && { signal }) },
			audit,
		);
	const { value: outcome, boundary } = await watchRoots(
		{ roots: plan.boundary.roots, writeAllowed: [], exclude: [] },
		{ snapshot: ports.snapshot, progress },
		audit,
		run,
	);
	progress({ type: "phase", phase: "checking" });
	const result = forkResultOf({
		plan,
		child,
		outcome,
		boundary,
		state,
		at: { startedAt, finishedAt: ports.now(), auditDir: audit.dir },
	});
	return sealRecord(audit, outcome, result, failVerdict);
}

/** Runs every fork of the plan at once; results come back in the order of the briefs. */
export async function executeFork(plan: ForkPlan, ports: ForkPorts): Promise<ForkResult[]> {
	const release = ports.hold ? await ports.hold(plan.boundary.roots) : () => {};
	try {
		return await Promise.all(plan.children.map((child) => executeChild(plan, child, ports)));
	} finally {
		release();
	}
}
