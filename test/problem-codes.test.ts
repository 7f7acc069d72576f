/**
 * Programs rely on `code`: every code in PROBLEM_CODES is one the package really reports, and each
 * is produced here by the input or the run it names. A code added without a producer, or a
 * producer that starts reporting another code, fails this table.
 */
import { describe, expect, it } from "vitest";
import { resolveModelRef } from "../src/agents/model-ref.ts";
import type { EnvelopeParse } from "../src/envelope/parse.ts";
import { formatPath, PROBLEM_CODES, type Problem, type ProblemCode } from "../src/problems.ts";
import { recordProblem } from "../src/run/audit/record-seal.ts";
import { applyProblem } from "../src/run/outcome/apply.ts";
import { judgeRun, type VerdictInput } from "../src/run/outcome/verdict.ts";
import { loadSpecText } from "../src/spec/load.ts";
import { validateSpec } from "../src/spec/validate.ts";
import { childOutcome as outcome } from "./support/child.ts";
import { dirsProbe } from "./support/spec-probe.ts";

const probe = dirsProbe(["/v", "/v/repo", "/v/repo/docs"], { "/v/locked": "EACCES" });
const base = { id: "t", goal: "g", deliverable: "d", roots: ["/v/repo/docs"] };

function specProblems(input: Record<string, unknown>): readonly Problem[] {
	const result = validateSpec(input, { probe, subdirs: () => [] });
	return result.ok ? [] : result.problems;
}

const envelope = (status: "ok" | "partial" = "ok"): EnvelopeParse => ({
	ok: true,
	envelope: { status, deliverable: "d", evidence: [{ claim: "c", pointer: "a.ts:1" }], unsure: [], did_not_do: [] },
	source: { kind: "submit_result", call: 0 },
	notes: [],
});
const verified = [{ index: 0, claim: "c", pointer: "a.ts:1", verified: true as const, detail: "" }];

function runProblems(over: Partial<VerdictInput>): readonly Problem[] {
	const input: VerdictInput = {
		outcome: outcome(),
		envelope: envelope(),
		claims: verified,
		violations: [],
		budget: { wall_s: 60, usd: 1, turns: 10 },
		...over,
	};
	return judgeRun(input).problems;
}

const unreachable = outcome({ toolCalls: 0, stopReason: "error", errors: ["connect ECONNREFUSED 127.0.0.1:1"] });
const written = [{ root: "/v/repo", path: "x.txt", kind: "added" as const, detail: "file" }];

/** For each code: what produces it, and where the problem it produces says it is. */
const PRODUCERS: Record<ProblemCode, { problems: () => readonly Problem[]; at: string }> = {
	invalid_type: { problems: () => specProblems({ ...base, roots: "/v/repo" }), at: "roots" },
	required: { problems: () => specProblems({ id: "t", deliverable: "d", roots: ["/v/repo"] }), at: "goal" },
	unknown_key: { problems: () => specProblems({ ...base, gaol: "g" }), at: "gaol" },
	invalid_value: { problems: () => specProblems({ ...base, effort: "huge" }), at: "effort" },
	too_big: { problems: () => specProblems({ ...base, goal: "x".repeat(100_000) }), at: "goal" },
	too_small: { problems: () => specProblems({ ...base, roots: [] }), at: "roots" },
	not_found: { problems: () => specProblems({ ...base, roots: ["/v/nope"] }), at: "roots[0]" },
	duplicate: { problems: () => specProblems({ ...base, roots: ["/v/repo/docs", "/v/repo/docs"] }), at: "roots[1]" },
	conflict: { problems: () => specProblems({ ...base, write_allowed: ["/v/repo/docs"] }), at: "write_allowed" },
	unreadable: { problems: () => specProblems({ ...base, roots: ["/v/locked"] }), at: "roots[0]" },
	invalid_syntax: { problems: () => ((r) => (r.ok ? [] : r.problems))(loadSpecText("{ nope")), at: "(json)" },
	unavailable: {
		problems: () => {
			const r = resolveModelRef("inherit", { models: [], where: { source: "--model", path: [] } });
			return r.ok ? [] : [r.problem];
		},
		at: "--model",
	},
	setup: { problems: () => runProblems({ outcome: unreachable }), at: "model" },
	budget: {
		problems: () => runProblems({ outcome: outcome({ stoppedBy: "wall", completed: false }) }),
		at: "budget.wall_s",
	},
	child: {
		problems: () => runProblems({ outcome: outcome({ completed: false, stopReason: "aborted" }) }),
		at: "(root)",
	},
	envelope: {
		problems: () => runProblems({ envelope: { ok: false, reason: "no envelope", problems: [] } }),
		at: "(root)",
	},
	status: { problems: () => runProblems({ envelope: envelope("partial") }), at: "status" },
	evidence: {
		problems: () =>
			runProblems({
				claims: [{ index: 0, claim: "c", pointer: "a.ts:9", verified: false, reason: "a.ts has 3 lines" }],
			}),
		at: "evidence[0].pointer",
	},
	accept: {
		problems: () =>
			runProblems({
				accept: {
					runs: [{ command: "npm test", status: "failed", exitCode: 1, durationS: 0.2, tail: "1 failing" }],
					budgetS: 300,
				},
			}),
		at: "accept[0]",
	},
	boundary: { problems: () => runProblems({ violations: written }), at: "/v/repo/x.txt" },
	sandbox: { problems: () => runProblems({ violations: written, sandbox: "enforce" }), at: "sandbox" },
	apply: {
		problems: () => {
			const files = { added: 0, modified: 1, deleted: 0, renamed: 0 };
			const problem = applyProblem({
				mode: "on-pass",
				base: "/r",
				applied: false,
				files,
				reason: "the real root changed",
			});
			return problem ? [problem] : [];
		},
		at: "apply",
	},
	record: {
		problems: () => [recordProblem({ kind: "unwritten", file: "result.json", reason: "could not be written" }, "/r")],
		at: "record",
	},
};

describe("every problem code is reported somewhere", () => {
	it("has a producer for every code, and a meaning for each", () => {
		expect(Object.keys(PRODUCERS).sort()).toEqual(Object.keys(PROBLEM_CODES).sort());
		for (const meaning of Object.values(PROBLEM_CODES)) expect(meaning.length).toBeGreaterThan(10);
	});

	it.each(Object.entries(PRODUCERS))("%s", (code, { problems, at }) => {
		const found = problems().find((p) => p.code === code);
		expect(found, JSON.stringify(problems())).toBeDefined();
		expect(formatPath(found!)).toBe(at);
		expect(found!.message).not.toBe("");
		expect(found!.fix).not.toBe("");
	});
});
