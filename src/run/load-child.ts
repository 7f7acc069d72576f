/**
 * One child of a call, loaded: a task's spec read (from the call's object, a file or standard input)
 * and checked against the disk (its roots must exist), the call's layer merged over the entry's
 * run-level one. Every problem of the spec comes back at once, in the spec's own words; the entry
 * point puts them in its own (a `task` call's `files[0]`, an `agent()` option's path).
 */
import type { ChildRequest, ResumeRequest, SpecSource, TaskRequest } from "../plan/request-types.ts";
import { resumedSpec } from "../plan/resume.ts";
import type { LoadedRequest, PlanRequest } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import { loadSpecFile, loadSpecObject, loadSpecText, readSpecValue } from "../spec/load.ts";
import type { SpecResult } from "../spec/validate.ts";
import { isRecord } from "../values.ts";
import { readResumable } from "./audit/resume-record.ts";

export type LoadedChild =
	| { ok: true; request: LoadedRequest; warnings: Problem[] }
	| {
			ok: false;
			what: string;
			problems: Problem[];
			spec?: SpecResult;
			/** False for a problem already at its place in the call (the run `resume` names), not the spec's. */
			inSpec?: false;
	  };

async function loadSpec(
	request: { spec: Record<string, unknown>; source?: SpecSource },
	where: { cwd: string; home: string },
): Promise<SpecResult> {
	const { source } = request;
	if (!source) return loadSpecObject(request.spec, where);
	if ("file" in source) return loadSpecFile(source.file, where);
	return loadSpecText(source.text, where);
}

/** The child with its spec checked; `layer` is the entry's run-level layer (the command line's flags). */
export async function loadChild(
	request: ChildRequest,
	layer: PlanRequest,
	where: { cwd: string; home: string; runsDir?: string },
): Promise<LoadedChild> {
	if (request.kind === "fork") {
		const { kind, id, brief, index, of, from, defaults } = request;
		const resumed = request.resume ? resumedRun(request.resume, "fork", where) : undefined;
		if (resumed && !resumed.ok) return refusedResume(resumed.problem);
		return {
			ok: true,
			request: {
				kind,
				id,
				brief,
				index,
				of,
				...(from !== undefined && { from }),
				defaults,
				...(resumed && { resumes: resumed.source }),
			},
			warnings: [],
		};
	}
	const merged: PlanRequest = { ...layer, ...request.layer };
	if (request.kind === "unchecked") {
		const { kind, id, prompt, effort, budget, defaults, tools, defaultTools } = request;
		const loaded: LoadedRequest = {
			kind,
			id,
			prompt,
			effort,
			budget,
			layer: merged,
			defaults,
			...(tools && { tools }),
			...(defaultTools && { defaultTools }),
		};
		return { ok: true, request: loaded, warnings: [] };
	}
	if (request.resume) return loadResumedTask({ ...request, resume: request.resume }, merged, where);
	const spec = await loadSpec(request, where);
	if (!spec.ok) return { ok: false, what: "the task spec is invalid", problems: [...spec.problems], spec };
	return {
		ok: true,
		request: { kind: "task", spec: spec.spec, layer: merged, defaults: request.defaults },
		warnings: [...spec.warnings],
	};
}

function refusedResume(problem: Problem): LoadedChild {
	return { ok: false, what: "the run to resume cannot be continued", problems: [problem], inSpec: false };
}

function resumedRun(resume: ResumeRequest, kind: "task" | "fork", where: { cwd: string; runsDir?: string }) {
	return readResumable({ ...resume, kind, cwd: where.cwd, runsDir: where.runsDir ?? "" });
}

/**
 * A resumed task: the run it continues read back, its recorded spec with the call's fields over it
 * (plan/resume.ts), checked as any spec is; its agent, when the call names none, the one it ran as
 * (an agent's rules narrow what the child may do: dropping them silently would widen it).
 */
async function loadResumedTask(
	request: TaskRequest & { resume: ResumeRequest },
	layer: PlanRequest,
	where: { cwd: string; home: string; runsDir?: string },
): Promise<LoadedChild> {
	const resumed = resumedRun(request.resume, "task", where);
	if (!resumed.ok) return refusedResume(resumed.problem);
	const { source } = resumed;
	const given = request.source
		? await readSpecValue(request.source, where)
		: { ok: true as const, value: request.spec };
	if (!given.ok) {
		const spec: SpecResult = { ok: false, problems: given.problems, warnings: [] };
		return { ok: false, what: "the task spec is invalid", problems: given.problems, spec };
	}
	const call = isRecord(given.value) ? given.value : {};
	const spec = loadSpecObject(resumedSpec(source.spec ?? {}, call), where);
	if (!spec.ok) return { ok: false, what: "the task spec is invalid", problems: [...spec.problems], spec };
	const agent = layer.agent ?? (source.agent !== undefined ? { name: source.agent, where: source.where } : undefined);
	return {
		ok: true,
		request: {
			kind: "task",
			spec: spec.spec,
			layer: { ...layer, ...(agent && { agent }) },
			defaults: request.defaults,
			resumes: { ...source, given: Object.keys(call) },
		},
		warnings: [...spec.warnings],
	};
}
