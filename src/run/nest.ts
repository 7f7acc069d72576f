/**
 * The broker of a child's `task` calls (a spec's `delegate: { depth: N }`): the child asks, the one
 * that runs it decides. Everything the child could use to widen its own authority is decided here,
 * never by the child: the grandchild's depth is one less than its parent's; its budget is at most
 * what remains of its parent's at that moment (the parent's dollar guard counts what its children
 * spend, so a tree-wide budget stops a grandchild that would overspend); it may write only inside
 * its parent's write_allowed and watch only inside its parent's roots (checked on the paths as the
 * disk resolves them, so a link the child made cannot lead out); it runs under the sandbox when its
 * parent does, with no more network and git than its parent has. A parent working on private copies
 * (apply on-pass) hands its grandchild the copies: the grandchild works in them, and what it changes
 * lands there, judged again with the parent's own work.
 *
 * The grandchild is planned by the one planner and run by the one execution, its record naming its
 * parent's (`parentRun`); the parent's result lists its children's records. Calls are taken one at
 * a time: a child cannot start two grandchildren that would each be given what remains.
 */
import { planChild } from "../plan/plan.ts";
import { refuseByRunsDir } from "../plan/runs-dir.ts";
import type { ChildPlan, CommonInputs, LoadedRequest, TaskPlan } from "../plan/types.ts";
import { formatPath, type Problem } from "../problems.ts";
import { isInside } from "../spec/paths.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { type CopyPlace, copyPlace } from "./child/tools.ts";
import { nestedSpec } from "./nest-request.ts";
import type { ChildResult } from "./outcome/result.ts";
import { realPathOf } from "./sandbox/real-paths.ts";
import type { NestedAnswer } from "./types.ts";

/** What the broker knows of the running parent, from its guarded run (guarded.ts). */
export interface NestRun {
	auditDir: string;
	/** The parent's stop: a grandchild stops with it. */
	signal: AbortSignal;
	/** The parent's private copies, when it works on them. */
	copies?: readonly CopyPlace[] | undefined;
	/** What the parent itself has used so far: dollars, seconds, turns. */
	used(): { usd: number; seconds: number; turns: number };
	/** A grandchild ended: the parent's dollar guard looks again. */
	spent(): void;
}

export interface NestBroker {
	call(args: unknown): Promise<NestedAnswer>;
	/** Dollars the grandchildren have spent so far. */
	spentUsd(): number;
	/** The audit directories of the grandchildren, in the order they started. */
	children(): string[];
}

/** Opens a broker for one run of the parent. */
export type NestPort = (run: NestRun) => NestBroker;

/** Runs a grandchild's plan (delegate.ts `runChild`, passed in so no module imports its own caller). */
export type RunPlan = (plan: ChildPlan, signal: AbortSignal) => Promise<ChildResult>;

/** The broker for a parent task that may delegate. */
export function nestPort(parent: TaskPlan, inputs: CommonInputs, run: RunPlan): NestPort {
	return (at) => {
		let spent = 0;
		let busy = false;
		const children: string[] = [];
		return {
			spentUsd: () => spent,
			children: () => [...children],
			async call(args) {
				if (busy) return refused("one task call at a time: wait for the one running to end");
				busy = true;
				try {
					const planned = planNested(parent, inputs, at, args, spent);
					if ("refused" in planned) return planned.refused;
					const result = await run({ ...planned.plan, parentRun: at.auditDir }, at.signal);
					children.push(result.auditDir);
					spent += result.metrics.usage.costUsd;
					at.spent();
					return { ok: true, text: compactReport(result) };
				} finally {
					busy = false;
				}
			},
		};
	};
}

const refused = (text: string): NestedAnswer => ({ ok: false, text });

const problemText = (what: string, problems: readonly Problem[]) =>
	refused(`${what}:\n${problems.map((p) => `- ${formatPath(p)}: ${p.message} (fix: ${p.fix})`).join("\n")}`);

/** The grandchild's plan, or why there is none. */
function planNested(
	parent: TaskPlan,
	inputs: CommonInputs,
	at: NestRun,
	args: unknown,
	spent: number,
): { plan: TaskPlan } | { refused: NestedAnswer } {
	const place = copyPlace(at.copies ?? []);
	const used = at.used();
	const early = outsideParent(parent, askedPaths(args, place), place);
	if (early.length > 0) return { refused: problemText("the task asks for more than yours allows", early) };
	const asked = nestedSpec(parent, args, {
		place,
		home: inputs.home,
		remaining: {
			usd: parent.budget.usd - used.usd - spent,
			wall_s: parent.budget.wall_s - used.seconds,
			turns: parent.budget.turns - used.turns,
		},
	});
	if (!asked.ok) return { refused: problemText(asked.what, asked.problems) };
	const outside = outsideParent(parent, specPaths(asked.spec), place);
	if (outside.length > 0) return { refused: problemText("the task asks for more than yours allows", outside) };
	const request: LoadedRequest = {
		kind: "task",
		spec: asked.spec,
		layer: {
			model: `${parent.model.provider}/${parent.model.id}`,
			runner: parent.runner.value,
			extensions: [...parent.providerExtensions],
		},
		defaults: [],
	};
	const planned = refuseByRunsDir(planChild({ ...inputs, cwd: place(inputs.cwd), request }), inputs);
	if (!planned.ok) return { refused: problemText(planned.what, planned.problems) };
	if (planned.plan.kind !== "task") return { refused: refused("a task call must plan a task") };
	return { plan: planned.plan };
}

/** The paths a call asks for, each as given and as the disk resolves it where the parent works. */
type Asked = Record<"roots" | "write_allowed", Array<{ given: unknown; real: string }>>;

/** The paths of the call's arguments, before its spec is checked (so a breach is named as one, first). */
function askedPaths(args: unknown, place: (path: string) => string): Asked {
	const given = (args ?? {}) as Record<string, unknown>;
	const list = (value: unknown) =>
		(Array.isArray(value) ? value : [])
			.filter((entry): entry is string => typeof entry === "string" && entry.startsWith("/"))
			.map((entry) => ({ given: entry, real: realPathOf(place(entry)) }));
	return { roots: list(given.roots), write_allowed: list(given.write_allowed) };
}

/** The paths of the checked spec, as it resolved them. */
const specPaths = (spec: TaskSpec): Asked => ({
	roots: spec.resolved.roots.map((real, i) => ({ given: spec.roots[i] ?? real, real })),
	write_allowed: spec.resolved.write_allowed.map((real, i) => ({ given: spec.write_allowed[i] ?? real, real })),
});

/**
 * What a call asks beyond its parent, on the paths as the disk resolves them: a root outside the
 * parent's roots, a writable root outside the parent's write_allowed (in its copies, when it has them).
 */
function outsideParent(parent: TaskPlan, asked: Asked, place: (path: string) => string): Problem[] {
	const within = (paths: readonly string[]) => paths.map((root) => realPathOf(place(root)));
	const beyond = (field: keyof Asked, allowed: readonly string[], shown: readonly string[]) =>
		asked[field].flatMap(({ given, real }, index): Problem[] =>
			allowed.some((outer) => real === outer || isInside(real, outer))
				? []
				: [
						{
							path: [field, index],
							code: "conflict",
							value: given,
							message: `is outside the ${field} of the child that asks (${shown.join(", ") || "none"})`,
							fix: `ask only inside ${shown.join(", ") || "nothing: this child may not write"}`,
						},
					],
		);
	return [
		...beyond("roots", within(parent.spec.resolved.roots), parent.spec.roots),
		...beyond("write_allowed", within(parent.spec.resolved.write_allowed), parent.spec.write_allowed),
	];
}

/** What the asking child reads: the verdict, the problems or the answer, the cost and the record. */
function compactReport(result: ChildResult): string {
	const cost = `$${result.metrics.usage.costUsd.toFixed(4)}`;
	if (result.kind !== "task") return `${result.kind} ${result.id} ended · ${cost}\nAudit: ${result.auditDir}`;
	const head = `${result.verdict} task ${result.id} · ${cost}`;
	const problems = result.problems.map((p) => `✗ ${p.message}`);
	const answer = result.envelope
		? [`Deliverable (status ${result.envelope.status}):`, result.envelope.deliverable]
		: [];
	return [head, ...problems, ...answer, `Audit: ${result.auditDir}`].join("\n");
}
