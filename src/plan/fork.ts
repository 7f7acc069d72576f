/**
 * `planFork`: everything the forks of one call get, decided in one pure function from the parent's
 * session as the call finds it (context ladder L4). A fork sees the parent's branch — the path from
 * the root to the entry before the call, or to `from` — with its brief as the last user message. It
 * sends the parent's model, system prompt and tool declarations unchanged, so its first request is
 * the parent's last request plus the brief and reads the parent's cached prefix; for that the plan
 * carries the prompt state the transcript holds at the branch point, and the rule each tool follows
 * when the fork calls it (a fork is read-only; its authority is enforced at the call, not by a
 * shorter tool list). The working directory is watched and not writable.
 *
 * Every refusal names every problem (the briefs, `from`, the model, the settings), so the tool can
 * answer with one error before anything runs.
 */

import { createHash } from "node:crypto";
import { AFTER_FILE, BEFORE_FILE } from "../boundary/codec.ts";
import { slugFromBrief } from "../gate/slug.ts";
import type { PathSegment, Problem, ProblemCode } from "../problems.ts";
import { branchPoint, contextEntries, contextSize, pathTo, promptState } from "./fork-branch.ts";
import { forkToolRules } from "./fork-tools.ts";
import type {
	ForkBranch,
	ForkChild,
	ForkInputs,
	ForkPlan,
	InheritedPrompt,
	PlannedFork,
	SessionEntryLike,
} from "./fork-types.ts";
import { decideSettings } from "./settings.ts";
import { decideRunsDir } from "./task.ts";
import type { ChildBudget, ModelChoice, ModelRef } from "./types.ts";

/** At most this many forks per call: each re-reads the whole branch, so N forks cost N times its cache read. */
export const MAX_FORKS = 8;

/**
 * A fork's limits. It is exploration against a conversation that may be long, so each turn reads a
 * large cached prefix: a few dozen turns and a couple of dollars cover a thorough look, and a loop
 * is stopped within minutes.
 */
export const FORK_BUDGET: ChildBudget = Object.freeze({ wall_s: 600, usd: 2, turns: 40 });

/** The files a fork's audit directory holds once it has finished, in the order they are written. */
export const FORK_AUDIT_FILES = [
	"fork.json",
	"prompt.txt",
	"launch.json",
	BEFORE_FILE,
	"events.ndjson",
	"session.jsonl",
	AFTER_FILE,
	"outcome.json",
	"result.json",
] as const;

function briefProblem(path: readonly PathSegment[], code: ProblemCode, value: unknown, message: string): Problem {
	return { path, code, value, message, fix: "write each brief as the question the fork should answer, in words" };
}

/** The briefs of a call (`brief` first, then `briefs`), or every problem with them. */
export function forkBriefs(request: ForkInputs["request"]): { briefs: string[]; problems: Problem[] } {
	const problems: Problem[] = [];
	const briefs: string[] = [];
	const take = (value: unknown, path: readonly PathSegment[]) => {
		if (typeof value !== "string") problems.push(briefProblem(path, "invalid_type", value, "must be a string"));
		else if (value.trim() === "") problems.push(briefProblem(path, "too_small", value, "is empty"));
		else briefs.push(value);
	};
	if (request.brief !== undefined) take(request.brief, ["brief"]);
	if (request.briefs !== undefined) {
		if (Array.isArray(request.briefs)) {
			for (const [i, b] of request.briefs.entries()) take(b, ["briefs", i]);
		} else problems.push(briefProblem(["briefs"], "invalid_type", request.briefs, "must be a list of briefs"));
	}
	if (request.brief === undefined && request.briefs === undefined) {
		problems.push({
			path: ["brief"],
			code: "required",
			value: undefined,
			message: "is missing",
			fix: "give brief, or briefs for several forks at once",
		});
	} else if (problems.length === 0 && briefs.length === 0) {
		const fix = "give at least one brief";
		problems.push({ path: ["briefs"], code: "too_small", value: request.briefs, message: "is empty", fix });
	}
	if (briefs.length > MAX_FORKS) {
		problems.push({
			path: ["briefs"],
			code: "too_big",
			value: briefs.length,
			message: `holds ${briefs.length} briefs; a call runs at most ${MAX_FORKS} forks`,
			fix: `split them over several calls, or ask fewer questions (each fork re-reads the whole conversation)`,
		});
	}
	return { briefs, problems };
}

/** `fork-<words of the brief>`, unique within the call. */
function children(briefs: readonly string[]): ForkChild[] {
	const taken = new Set<string>();
	return briefs.map((brief, i) => {
		const slug = slugFromBrief(brief);
		const base = slug === "task" ? "fork" : `fork-${slug}`;
		let id = base;
		for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
		taken.add(id);
		return { id, index: i + 1, brief };
	});
}

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

function prefixKeyOf(inputs: ForkInputs, leafId: string | null, prompt: InheritedPrompt): string {
	const canonical = JSON.stringify([
		inputs.piVersion,
		inputs.model ? `${inputs.model.provider}/${inputs.model.id}:${inputs.model.thinking ?? "off"}` : null,
		inputs.session.id,
		leafId,
		prompt,
	]);
	return `fork:${createHash("sha256").update(canonical).digest("hex")}`;
}

/** What the inherited branch is, named: its path's ids, its size, where it starts. */
function branchOf(
	inputs: ForkInputs,
	leafId: string | null,
	from: string | undefined,
): ForkBranch & { path: SessionEntryLike[] } {
	const path = pathTo(inputs.session.entries, leafId);
	return {
		sessionId: inputs.session.id,
		...(inputs.session.file !== undefined && { sessionFile: inputs.session.file }),
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

/** Every reason the call cannot be planned: its briefs, `from`, the model, the settings. */
function refusal(inputs: ForkInputs, briefProblems: Problem[], pointProblems: Problem[], settings: Problem[]) {
	const model: Problem[] = inputs.model
		? []
		: [
				{
					path: ["model"],
					code: "unavailable",
					value: undefined,
					message: "the parent session has no model",
					fix: "choose a model (/model), then fork again",
				},
			];
	const problems = [...briefProblems, ...pointProblems, ...model, ...settings];
	if (problems.length === 0) return undefined;
	const what =
		problems.length === settings.length ? "pi-delegate's settings have problems" : "the fork call is invalid";
	return { ok: false as const, what, problems };
}

export function planFork(inputs: ForkInputs): PlannedFork {
	const settings = decideSettings(inputs.settings);
	const { briefs, problems: briefProblems } = forkBriefs(inputs.request);
	const point = branchPoint(inputs.session, inputs.request.from);
	const refused = refusal(inputs, briefProblems, point.problems, settings.problems);
	if (refused || !inputs.model) return refused ?? { ok: false, what: "the fork call is invalid", problems: [] };
	const from = typeof inputs.request.from === "string" ? inputs.request.from : undefined;
	const { path, ...branch } = branchOf(inputs, point.leafId, from);
	const state = promptState(contextEntries(path));
	const prompt: InheritedPrompt = {
		sections: state.sections,
		...(inputs.forcedPrompt !== undefined && { forced: inputs.forcedPrompt }),
		tools: state.tools,
	};
	const plan: ForkPlan = {
		version: 1,
		kind: "fork",
		rung: "L4",
		children: children(briefs),
		cwd: inputs.cwd,
		agentDir: inputs.agentDir,
		model: modelChoice(inputs.model),
		runner: { value: "in-process", reason: "a fork shares the parent's process, providers and cache" },
		budget: FORK_BUDGET,
		boundary: { roots: [inputs.cwd], writeAllowed: [], watchedOnly: [inputs.cwd] },
		branch,
		prompt,
		tools: forkToolRules(prompt.tools, inputs.builtins),
		audit: { runsDir: decideRunsDir(inputs, settings.runsDir), files: [...FORK_AUDIT_FILES] },
		prefixKey: prefixKeyOf(inputs, point.leafId, prompt),
		parentSession: { id: inputs.session.id, ...(inputs.session.file !== undefined && { file: inputs.session.file }) },
		// The parent's last request is what a fork repeats only when it branches where that request ended.
		...(inputs.parentRequest && from === undefined && { parentRequest: inputs.parentRequest }),
		piVersion: inputs.piVersion,
		warnings: promptWarnings(state),
	};
	return { ok: true, plan };
}
