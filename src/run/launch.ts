/**
 * From a plan to what a runner is given and what the audit record keeps of it before the child
 * starts, by the kind of child: a task and an unchecked child get the view Pi rendered for them; a
 * fork gets the parent's own prompt and tools (its session holds the branch, fork-child.ts). Nothing
 * here decides anything: the plan did.
 */
import { getSystemMessageText } from "@earendil-works/pi-ai";
import { plural } from "../format/numbers.ts";
import type { RenderedPrompt } from "../host/render.ts";
import type { ChildPlan, ForkPlan, TaskPlan, UncheckedPlan } from "../plan/types.ts";
import type { AuditWriter } from "./audit/audit.ts";
import type { ChildLaunch, ChildOutcome } from "./types.ts";

/** The system prompt a fork sends: the forced text, else the sections as Pi renders them. */
export function inheritedSystemPrompt(plan: ForkPlan): string {
	if (plan.prompt.forced !== undefined) return plan.prompt.forced;
	return getSystemMessageText({ role: "system", content: "", sections: plan.prompt.sections, timestamp: 0 });
}

/** What a fork is given: the parent's prompt and tools; its session (the branch) is its runner's setup. */
function forkLaunch(plan: ForkPlan): ChildLaunch {
	return {
		agent: "fork",
		cwd: plan.cwd,
		prompt: { customPrompt: undefined, appendSystemPrompt: [], contextFiles: [], skills: [] },
		systemPrompt: inheritedSystemPrompt(plan),
		firstMessage: plan.brief,
		tools: plan.tools.map((rule) => rule.name),
		model: plan.model,
		agentDir: plan.agentDir,
		providerExtensions: [],
		budget: plan.budget,
		submit: { roots: plan.boundary.roots, cwd: plan.cwd, maxRejections: 0 },
	};
}

/** What a runner is given: the plan's child with its rendering. `submit_result` is the runner's to add. */
export function launchOf(plan: ChildPlan, rendered: RenderedPrompt): ChildLaunch {
	if (plan.kind === "fork") return forkLaunch(plan);
	return {
		agent: plan.child.agent,
		cwd: plan.cwd,
		prompt: plan.child.prompt,
		systemPrompt: rendered.systemPrompt,
		firstMessage: plan.child.firstMessage,
		tools: plan.child.tools.filter((t) => t !== "submit_result"),
		model: plan.model,
		agentDir: plan.agentDir,
		providerExtensions: plan.providerExtensions,
		budget: plan.budget,
		submit: plan.submit,
		...(plan.kind === "task" && { sandbox: plan.sandbox, cache: plan.cache.value }),
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
		...(plan.kind === "task" && plan.delegate && { delegate: plan.delegate }),
	};
}

/** What a fork is given, as prompt.txt says it: the inherited branch named (session.jsonl holds it). */
function forkPromptText(plan: ForkPlan): string {
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
		plan.brief,
	].join("\n");
}

/** prompt.txt: what the child is given, exactly as its Pi sends it (rendered by Pi before the run). */
function promptText(plan: ChildPlan, rendered: RenderedPrompt): string {
	if (plan.kind === "fork") return forkPromptText(plan);
	const tools = rendered.tools.map((t) => `- ${t.name}`).join("\n");
	return `=== system prompt ===\n${rendered.systemPrompt}\n=== tools ===\n${tools}\n=== first message ===\n${plan.child.firstMessage}`;
}

/** view.json: what a task or an unchecked child gets and why (a task's rung besides). */
function viewOf(plan: TaskPlan | UncheckedPlan) {
	return {
		...(plan.kind === "task" && { rung: plan.rung }),
		agent: plan.child.agent,
		warnings: plan.warnings,
		context: plan.child.context,
		prompt: plan.child.prompt,
		tools: plan.child.tools,
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
	};
}

/**
 * Writes what is known before a child starts: a task's spec, a fork's brief and branch point, the
 * prompt as its Pi will send it, a view's reasons, and the plan (launch.json, completed with how the
 * child was started once the runner says).
 */
export function recordStart(audit: AuditWriter, plan: ChildPlan, rendered: RenderedPrompt): void {
	if (plan.kind === "task") audit.writeJson("spec.json", plan.spec);
	if (plan.kind === "fork") {
		const { id, index, brief, of, branch } = plan;
		audit.writeJson("fork.json", { kind: "fork", id, index, brief, of, branch });
	}
	audit.writeText("prompt.txt", promptText(plan, rendered));
	if (plan.kind !== "fork") audit.writeJson("view.json", viewOf(plan));
	audit.writeJson("launch.json", plan);
}

/**
 * The child must have sent exactly what was decided and recorded. A difference means something
 * outside pi-delegate shaped the child's prompt — the promise that a child sees what it should no
 * longer holds, so the run cannot pass. (A fork's own check is its prefix against the parent's.)
 */
export function sentMismatch(rendered: RenderedPrompt, outcome: ChildOutcome, resumed = false): string | undefined {
	if (!outcome.sent) return undefined;
	if (outcome.sent.systemPrompt !== rendered.systemPrompt) {
		return "the child's system prompt differs from the one decided for it (see prompt.txt and session.jsonl)";
	}
	// A resumed session keeps its tools in the order its first leg declared them: the set must match.
	const names = (tools: ReadonlyArray<{ name: string }>) => {
		const list = tools.map((t) => t.name);
		return (resumed ? list.sort() : list).join(",");
	};
	const sent = names(outcome.sent.tools);
	const decided = names(rendered.tools);
	if (sent !== decided) return `the child's tools (${sent}) differ from the ones decided for it (${decided})`;
	return undefined;
}
