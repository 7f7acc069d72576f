/**
 * The forks of a `fork` call: one per brief (`brief` first, then `briefs`), each named from its
 * brief's words, unique within the call; or every problem with the briefs and `from`. Pure.
 */
import { inside, type PathSegment, type Problem, type ProblemCode, type ProblemPlace } from "../problems.ts";
import { defaultOf } from "./request-defaults.ts";
import type { ForkRequest, Requested } from "./request-types.ts";

/** At most this many forks per call: each re-reads the whole branch, so N forks cost N times its cache read. */
export const MAX_FORKS = 8;

function briefProblem(
	where: ProblemPlace,
	path: readonly PathSegment[],
	code: ProblemCode,
	value: unknown,
	message: string,
): Problem {
	return {
		...inside(where, ...path),
		code,
		value,
		message,
		fix: "write each brief as the question the fork should answer, in words",
	};
}

/** The briefs of a call, in order, or every problem with them. */
function briefsOf(
	values: Record<string, unknown>,
	where: ProblemPlace,
): { briefs: Array<{ brief: string; at: PathSegment[] }>; problems: Problem[] } {
	const problems: Problem[] = [];
	const briefs: Array<{ brief: string; at: PathSegment[] }> = [];
	const take = (value: unknown, path: PathSegment[]) => {
		if (typeof value !== "string") problems.push(briefProblem(where, path, "invalid_type", value, "must be a string"));
		else if (value.trim() === "") problems.push(briefProblem(where, path, "too_small", value, "is empty"));
		else briefs.push({ brief: value, at: path });
	};
	if (values.brief !== undefined) take(values.brief, ["brief"]);
	if (values.briefs !== undefined) {
		if (Array.isArray(values.briefs)) {
			for (const [i, b] of values.briefs.entries()) take(b, ["briefs", i]);
		} else problems.push(briefProblem(where, ["briefs"], "invalid_type", values.briefs, "must be a list of briefs"));
	}
	if (values.brief === undefined && values.briefs === undefined) {
		const fix = "give brief, or briefs for several forks at once";
		problems.push({ ...inside(where, "brief"), code: "required", value: undefined, message: "is missing", fix });
	} else if (problems.length === 0 && briefs.length === 0) {
		const fix = "give at least one brief";
		problems.push({ ...inside(where, "briefs"), code: "too_small", value: values.briefs, message: "is empty", fix });
	}
	if (briefs.length > MAX_FORKS) {
		problems.push({
			...inside(where, "briefs"),
			code: "too_big",
			value: briefs.length,
			message: `holds ${briefs.length} briefs; a call runs at most ${MAX_FORKS} forks`,
			fix: "split them over several calls, or ask fewer questions (each fork re-reads the whole conversation)",
		});
	}
	return { briefs, problems };
}

/** The fork run the call continues, when it names one; a value that is not a run's name is a problem. */
function forkResume(value: unknown, where: ProblemPlace): { run: string; where: ProblemPlace } | Problem | undefined {
	if (value === undefined) return undefined;
	const at = inside(where, "resume");
	if (typeof value === "string" && value.trim() !== "") return { run: value, where: at };
	const fix = "give the fork's run to continue: its id (an audit directory's name), or its path";
	return { ...at, code: "invalid_type", value, message: "must be a run's id, as text", fix };
}

export function forkRequests(values: Record<string, unknown>, where: ProblemPlace): Requested {
	const { briefs, problems } = briefsOf(values, where);
	const asked = forkResume(values.resume, where);
	if (asked && "code" in asked) problems.push(asked);
	const resume = asked && !("code" in asked) ? asked : undefined;
	if (resume && values.from !== undefined) {
		const message = "is given beside resume: a resumed fork continues its own session, not the parent's";
		const fix = "leave from out to resume, or resume out to branch from the parent's session";
		problems.push({ ...inside(where, "from"), code: "conflict", value: values.from, message, fix });
	}
	if (problems.length > 0) return { ok: false, problems };
	const taken = new Set<string>();
	const place = { cwd: "", repoRoot: () => "", deliverableOf: () => undefined };
	const children = briefs.map(({ brief, at }, i): ForkRequest => {
		const { decision } = defaultOf({
			entry: "fork",
			field: "id",
			goal: brief,
			agent: undefined,
			readOnly: undefined,
			place,
			taken,
			where,
		});
		const id = String(decision?.value ?? `fork-${i + 1}`);
		taken.add(id);
		return {
			kind: "fork",
			where: inside(where, ...at),
			id,
			brief,
			index: i + 1,
			of: briefs.length,
			...(values.from !== undefined && { from: values.from }),
			...(resume && { resume }),
			defaults: decision ? [decision] : [],
		};
	});
	return { ok: true, children };
}
