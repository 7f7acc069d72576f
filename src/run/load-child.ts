/**
 * One child of a call, loaded: a task's spec read (from the call's object, a file or standard input)
 * and checked against the disk (its roots must exist), the call's layer merged over the entry's
 * run-level one. Every problem of the spec comes back at once, in the spec's own words; the entry
 * point puts them in its own (a `task` call's `files[0]`, an `agent()` option's path).
 */
import type { ChildRequest, SpecSource } from "../plan/request-types.ts";
import type { LoadedRequest, PlanRequest } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import { loadSpecFile, loadSpecObject, loadSpecText } from "../spec/load.ts";
import type { SpecResult } from "../spec/validate.ts";

export type LoadedChild =
	| { ok: true; request: LoadedRequest; warnings: Problem[] }
	| { ok: false; what: string; problems: Problem[]; spec: SpecResult };

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
	where: { cwd: string; home: string },
): Promise<LoadedChild> {
	if (request.kind === "fork") {
		const { kind, id, brief, index, of, from, defaults } = request;
		return {
			ok: true,
			request: { kind, id, brief, index, of, ...(from !== undefined && { from }), defaults },
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
	const spec = await loadSpec(request, where);
	if (!spec.ok) return { ok: false, what: "the task spec is invalid", problems: [...spec.problems], spec };
	return {
		ok: true,
		request: { kind: "task", spec: spec.spec, layer: merged, defaults: request.defaults },
		warnings: [...spec.warnings],
	};
}
