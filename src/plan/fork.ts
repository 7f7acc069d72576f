/**
 * `planFork`: everything one fork of a call gets, decided in one pure function from the parent's
 * session as the call finds it (context ladder L4); the one planner (plan.ts) calls it for a fork. A fork sees the parent's branch — the path from
 * the root to the entry before the call, or to `from` — with its brief as the last user message. It
 * sends the parent's model, system prompt and tool declarations unchanged, so its first request is
 * the parent's last request plus the brief and reads the parent's cached prefix; for that the plan
 * carries the prompt state the transcript holds at the branch point, and the rule each tool follows
 * when the fork calls it (a fork is read-only; its authority is enforced at the call, not by a
 * shorter tool list). The working directory is watched and not writable.
 *
 * Every refusal names every problem (`from`, the model, the settings; the briefs were checked by the
 * request step), so the tool can answer with one error before anything runs.
 */

import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Problem } from "../problems.ts";
import { auditFiles } from "./audit-files.ts";
import { branchPoint, contextEntries, contextSize, pathTo, promptState } from "./fork-branch.ts";
import { forkToolRules } from "./fork-tools.ts";
import type {
	ForkBranch,
	ForkContext,
	ForkPlan,
	ForkSession,
	InheritedPrompt,
	SessionEntryLike,
} from "./fork-types.ts";
import { decideRunsDir } from "./runs-dir.ts";
import { decideSettings } from "./settings.ts";
import type { ChildBudget, CommonInputs, LoadedRequest, ModelChoice, ModelRef, Planned } from "./types.ts";

type ForkRequestLoaded = Extract<LoadedRequest, { kind: "fork" }>;

/**
 * A fork's limits. It is exploration against a conversation that may be long, so each turn reads a
 * large cached prefix: a few dozen turns and a couple of dollars cover a thorough look, and a loop
 * is stopped within minutes.
 */
export const FORK_BUDGET: ChildBudget = Object.freeze({ wall_s: 600, usd: 2, turns: 40 });

function promptWarnings(state: ReturnType<typeof promptState>): Problem[] {
	const warnings: Problem[] = [];
	const lost = "the fork's first request will not read the parent's cached prefix";
	if (Object.keys(state.sections).length === 0 && state.tools.length === 0) {
		warnings.push({
			source: "(branch)",
			path: [],
			code: "unavailable",
			value: undefined,
			message: `the branch records no system prompt or tools: ${lost}`,
			fix: "nothing to do; the fork still sees the conversation",
		});
	} else if (state.freeText) {
		warnings.push({
			source: "(branch)",
			path: [],
			code: "unavailable",
			value: undefined,
			message: `the branch's system prompt has text outside its sections, which a fork cannot restate: ${lost}`,
			fix: "nothing to do; the fork still sees the conversation",
		});
	}
	return warnings;
}

function prefixKeyOf(
	inputs: CommonInputs,
	session: ForkSession,
	leafId: string | null,
	prompt: InheritedPrompt,
): string {
	const model = inputs.parentModel;
	const canonical = JSON.stringify([
		inputs.piVersion,
		model ? `${model.provider}/${model.id}:${model.thinking ?? "off"}` : null,
		session.id,
		leafId,
		prompt,
	]);
	return `fork:${createHash("sha256").update(canonical).digest("hex")}`;
}

/** What the inherited branch is, named: its path's ids, its size, where it starts. */
function branchOf(
	session: ForkSession,
	leafId: string | null,
	from: string | undefined,
): ForkBranch & { path: SessionEntryLike[] } {
	const path = pathTo(session.entries, leafId);
	return {
		sessionId: session.id,
		...(session.file !== undefined && { sessionFile: session.file }),
		leafId,
		...(from !== undefined && { from }),
		entryIds: path.map((entry) => entry.id),
		...contextSize(contextEntries(path)),
		compactions: path.filter((entry) => entry.type === "compaction").length,
		path,
	};
}

/** The parent's model as the fork sends it: its thinking level as the parent ran it ("off" when Pi gives none). */
function modelChoice(model: ModelRef): ModelChoice {
	return {
		provider: model.provider,
		id: model.id,
		thinking: (model.thinking ?? "off") as NonNullable<ModelChoice["thinking"]>,
		reason: "the parent's model: a fork sends what the parent sent, to read its cache",
	};
}

/** Every reason the fork cannot be planned: where it branches from, the model, the session, the settings. */
function refusal(inputs: CommonInputs, pointProblems: Problem[], settings: Problem[]) {
	const problems: Problem[] = [...pointProblems, ...settings];
	if (!inputs.parentModel) {
		problems.push({
			path: ["model"],
			code: "unavailable",
			value: undefined,
			message: "the parent session has no model",
			fix: "choose a model (/model), then fork again",
		});
	}
	if (!inputs.fork) {
		problems.push({
			path: [],
			code: "unavailable",
			value: undefined,
			message: "a fork needs the parent's session, and there is none here",
			fix: "fork from inside a Pi session, or delegate a task instead",
		});
	}
	if (problems.length === 0) return undefined;
	const what =
		problems.length === settings.length ? "pi-delegate's settings have problems" : "the fork call is invalid";
	return { ok: false as const, what, problems };
}

/** One fork of a call: the parent's branch (to the call, or to `from`), with its brief as the last user message. */
/**
 * The session a fork continues: the parent's as the call finds it, or, resuming a fork's run, that
 * fork's own session (the parent's branch it inherited, then its turns), continued from its end.
 */
function continuedSession(fork: ForkContext, request: ForkRequestLoaded): ForkSession {
	const resumed = request.resumes;
	if (!resumed) return fork.session;
	const { link, entries } = resumed;
	return { id: link.sessionId, file: join(link.dir, "session.jsonl"), entries, leafId: link.leafId };
}

export function planFork(inputs: CommonInputs, request: ForkRequestLoaded): Planned<ForkPlan> {
	const settings = decideSettings(inputs.settings);
	const fork = inputs.fork;
	const session = fork ? continuedSession(fork, request) : undefined;
	const point = session ? branchPoint(session, request.from) : { leafId: null, problems: [] };
	const refused = refusal(inputs, point.problems, settings.problems);
	if (refused || !fork || !session || !inputs.parentModel)
		return refused ?? { ok: false, what: "the fork call is invalid", problems: [] };
	const from = typeof request.from === "string" ? request.from : undefined;
	const { path, ...branch } = branchOf(session, point.leafId, from);
	const state = promptState(contextEntries(path));
	const prompt: InheritedPrompt = {
		sections: state.sections,
		...(fork.forcedPrompt !== undefined && { forced: fork.forcedPrompt }),
		tools: state.tools,
	};
	const plan: ForkPlan = {
		version: 1,
		kind: "fork",
		rung: "L4",
		id: request.id,
		brief: request.brief,
		index: request.index,
		of: request.of,
		cwd: inputs.cwd,
		agentDir: inputs.agentDir,
		model: modelChoice(inputs.parentModel),
		runner: { value: "in-process", reason: "a fork shares the parent's process, providers and cache" },
		budget: FORK_BUDGET,
		boundary: { roots: [inputs.cwd], writeAllowed: [], watchedOnly: [inputs.cwd] },
		branch,
		prompt,
		tools: forkToolRules(prompt.tools, fork.builtins),
		audit: { runsDir: decideRunsDir(inputs, settings.runsDir), files: auditFiles("fork") },
		prefixKey: prefixKeyOf(inputs, session, point.leafId, prompt),
		piVersion: inputs.piVersion,
		// Sibling forks share the working directory: each is told to change nothing, and any change fails it.
		claim: { roots: [inputs.cwd], write: true, group: "fork" },
		defaults: request.defaults,
		parentSession: { id: fork.session.id, ...(fork.session.file !== undefined && { file: fork.session.file }) },
		// The parent's last request is what a fork repeats only when it branches where that request ended.
		...(fork.parentRequest && from === undefined && !request.resumes && { parentRequest: fork.parentRequest }),
		...(request.resumes && { resumes: request.resumes.link }),
		warnings: promptWarnings(state),
	};
	return { ok: true, plan };
}
