import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BRIEF_HEAD } from "../../src/prompt/brief-head.ts";
import { renderReport } from "../../src/report/task-report.ts";
import { listRuns } from "../../src/run/audit/audit.ts";
import { PrefixGate } from "../../src/run/prefix-gate.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { fauxAssistantMessage, fauxText, fauxToolCall, priced } from "../support/faux-runtime.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";

const submit = (envelope: Parameters<typeof fauxToolCall>[1]) =>
	fauxAssistantMessage([fauxToolCall("submit_result", { unsure: [], did_not_do: [], evidence: [], ...envelope })], {
		stopReason: "toolUse",
	});
const call = (name: string, args: Parameters<typeof fauxToolCall>[1]) =>
	fauxAssistantMessage([fauxToolCall(name, args)], { stopReason: "toolUse" });

/** Runs a read-only task on a repository of `files` whose child hands in status "failed" with `answer`. */
async function failedTask(files: Record<string, string>, goal: string, answer: Parameters<typeof submit>[0]) {
	const a = gitRepo(files);
	const { faux, run } = await taskHarness();
	faux.script([submit({ status: "failed", ...answer })]);
	return run(spec({ roots: [a], goal }));
}

/**
 * T4's scene: root a's README has a typo the child fixes (a is writable); compiling root b's module,
 * which b only watches, writes __pycache__ into b. `steps` are the child's edit and compile.
 */
async function t4Scene() {
	const a = gitRepo({ "README.md": "teh\n" });
	const b = gitRepo({ "mod.py": "x = 1\n", ".gitignore": "__pycache__/\n" });
	const { faux, run } = await taskHarness();
	const compile = `python3 -m py_compile ${b}/mod.py`;
	const steps = [
		call("edit", { path: join(a, "README.md"), edits: [{ oldText: "teh", newText: "the" }] }),
		call("bash", { command: compile }),
	];
	const t4Spec = (extra: Record<string, unknown> = {}) =>
		spec({ read_only: false, roots: [a, b], write_allowed: [a], context: { commands: [compile] }, ...extra });
	return { a, b, faux, run, compile, steps, t4Spec };
}

describe("a task run", () => {
	it("passes a write task that stays inside write_allowed and cites checkable evidence", async () => {
		const a = gitRepo({ "README.md": "fix teh typo\n" });
		const { faux, run } = await taskHarness();
		faux.script([
			call("edit", { path: join(a, "README.md"), edits: [{ oldText: "teh", newText: "the" }] }),
			submit({ status: "ok", deliverable: "fixed", evidence: [{ claim: "typo fixed", pointer: `${a}/README.md:1` }] }),
		]);
		const result = await run(spec({ read_only: false, roots: [a], write_allowed: [a] }));
		expect(result.problems).toEqual([]);
		expect(result.verdict).toBe("PASS");
		expect(readFileSync(join(a, "README.md"), "utf8")).toBe("fix the typo\n");
		expect(result.delta.map((c) => `${c.kind} ${c.path}`)).toContain("modified README.md");
		expect(result.violations).toEqual([]);
		expect(result.claims[0]?.verified).toBe(true);
		const files = [
			"spec.json",
			"view.json",
			"launch.json",
			"events.ndjson",
			"prompt.txt",
			"boundary-before.snapshot.gz",
			"boundary-after.snapshot.gz",
			"session.jsonl",
			"result.json",
		];
		for (const f of files) expect(existsSync(join(result.auditDir, f)), f).toBe(true);
		expect(renderReport(result)).toMatch(/^PASS {2}task t/);
	});

	it("T4: catches an incidental write into a watched-only root, and does not flag the authorised one", async () => {
		const { a, b, faux, run, compile, steps, t4Spec } = await t4Scene();
		faux.script([
			...steps,
			submit({
				status: "ok",
				deliverable: "typo fixed; module compiles",
				evidence: [
					{ claim: "typo fixed", pointer: `${a}/README.md:1` },
					{ claim: "module compiles", pointer: `cmd: ${compile}` },
				],
			}),
		]);
		// Detection, with prevention off: the boundary diff alone must catch the write.
		const result = await run(t4Spec({ sandbox: "off" }));
		expect(result.verdict).toBe("FAIL");
		expect(result.violations.length).toBeGreaterThan(0);
		expect(result.violations.every((c) => c.root === b && c.path.startsWith("__pycache__"))).toBe(true);
		expect(result.delta.filter((c) => c.root === a).map((c) => c.path)).toEqual(["README.md"]);
		expect(result.problems.every((p) => p.code === "boundary")).toBe(true);
		expect(result.claims.every((c) => c.verified)).toBe(true);
	});

	it.runIf(sandboxSupport().enforce)(
		"T4 under the sandbox: the incidental write is prevented, listed, and nothing changed",
		async () => {
			const { a, faux, run, steps, t4Spec } = await t4Scene();
			faux.script([
				...steps,
				submit({
					status: "ok",
					deliverable: "typo fixed",
					evidence: [{ claim: "typo fixed", pointer: `${a}/README.md:1` }],
				}),
			]);
			const result = await run(t4Spec());
			expect(result.violations).toEqual([]);
			expect(result.delta.map((c) => `${c.root === a ? "a" : "b"} ${c.path}`)).toEqual(["a README.md"]);
			expect(result.isolation?.sandbox).toBe("enforce");
			expect(JSON.stringify(result.isolation?.prevented)).toMatch(/Read-only file system|__pycache__|mod\.py/);
		},
	);

	it("T2: a read-only task whose child refuses to write fails on its status, and the root is untouched", async () => {
		const result = await failedTask({ "README.md": "teh\n" }, "Fix the typo in README.md", {
			deliverable: "The task is read-only; fixing the typo would change the root. Not done.",
			did_not_do: ["fix the typo"],
		});
		expect(result.verdict).toBe("FAIL");
		expect(result.problems.map((p) => p.message)).toEqual(['the child reported status "failed"']);
		expect(result.delta).toEqual([]);
		const report = renderReport(result);
		expect(report).toMatch(/^FAIL {2}task t · 1 problem/);
		expect(report).toContain("Did not do\n  - fix the typo");
	});

	it("T3: pastes the caller's facts labelled as unverified, so a child can contradict them from a file", async () => {
		const a = gitRepo({ Dockerfile: "FROM x\nARG NODE_VERSION=22\n" });
		const { faux, run } = await taskHarness();
		let brief = "";
		faux.script([
			(context) => {
				brief = JSON.stringify(context.messages.find((m) => m.role === "user"));
				return submit({
					status: "ok",
					deliverable: "The Dockerfile pins Node 22, not 20 as the task asserted.",
					evidence: [{ claim: "NODE_VERSION is 22", pointer: `${a}/Dockerfile:2` }],
					unsure: ["the asserted fact said 20; the file says 22"],
				});
			},
		]);
		const result = await run(
			spec({ roots: [a], context: { facts: ["The Dockerfile pins NODE_VERSION=20"], files: [`${a}/Dockerfile`] } }),
		);
		expect(brief).toContain("Facts asserted by the caller");
		expect(brief).toContain("The Dockerfile pins NODE_VERSION=20");
		expect(result.verdict).toBe("PASS");
	});

	it("T1: a false premise answered with status failed is a FAIL", async () => {
		const result = await failedTask({ "script.sh": "echo hi\n" }, "Review the HTTP client retry logic in script.sh", {
			deliverable: "There is no HTTP client in script.sh.",
			unsure: ["maybe another file was meant"],
		});
		expect(result.verdict).toBe("FAIL");
		expect(result.envelope?.status).toBe("failed");
	});

	it("fails a child that never hands in an envelope, however fluent, and keeps its last message", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([fauxAssistantMessage([fauxText("All done, everything looks great!")])]);
		const result = await run(spec({ roots: [a] }));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toMatch(/^no valid result envelope/);
		expect(result.finalText).toBe("All done, everything looks great!");
	});

	it("stops a child once its cost exceeds the usd budget", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script(Array.from({ length: 8 }, () => priced(call("bash", { command: "true" }), 0.3)));
		const result = await run(spec({ roots: [a], context: { commands: ["true"] }, budget: { usd: 0.5 } }));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toMatch(/^over usd budget: spent \$0\.60 of \$0\.50$/);
		expect(result.metrics.turns).toBeLessThan(8);
	});

	it("stops a child at the wall budget", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([call("bash", { command: "sleep 20" }), fauxAssistantMessage("late")]);
		const result = await run(spec({ roots: [a], context: { commands: ["sleep 20"] }, budget: { wall_s: 0.5 } }));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toBe("over wall budget: stopped after 0.5 s");
		expect(result.metrics.elapsedS).toBeLessThan(10);
	});

	it("records every run so a rollup can read it back", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run, runsDir } = await taskHarness();
		faux.script([
			submit({ status: "ok", deliverable: "x", evidence: [{ claim: "the file is there", pointer: "a.txt:1" }] }),
		]);
		const result = await run(spec({ roots: [a] }));
		const runs = listRuns(runsDir);
		expect(runs.map((r) => r.dir)).toEqual([result.auditDir]);
		expect(runs[0]?.result?.verdict).toBe("PASS");
	});
});

describe("a task run's integrity checks", () => {
	it("fails a run whose child sent a different system prompt than the one decided and recorded", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([submit({ status: "ok", deliverable: "x" })]);
		const result = await run(spec({ roots: [a] }), (real) => ({
			runner: async (launch, hooks) => {
				const out = await real.runner(launch, hooks);
				return { ...out, sent: out.sent && { ...out.sent, systemPrompt: `${out.sent.systemPrompt}\nsmuggled` } };
			},
		}));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems[0]?.message).toMatch(/system prompt differs from the one decided/);
		expect(readFileSync(join(result.auditDir, "prompt.txt"), "utf8")).toContain(
			`=== first message ===\n${BRIEF_HEAD}# Task: t`,
		);
	});

	it("fails a run the caller cancelled", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		const cancel = new AbortController();
		faux.script([call("bash", { command: "sleep 20" }), fauxAssistantMessage("late")]);
		setTimeout(() => cancel.abort(), 200);
		const result = await run(spec({ roots: [a], context: { commands: ["sleep 20"] } }), () => ({
			signal: cancel.signal,
		}));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems.map((p) => p.message)).toContain("cancelled by the caller before the child finished");
	});
});

describe("launch.json", () => {
	it("records how the child was started: the session options in-process", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([submit({ status: "ok", deliverable: "x" })]);
		const result = await run(spec({ roots: [a] }));
		const launch = JSON.parse(readFileSync(join(result.auditDir, "launch.json"), "utf8")) as {
			launch: { runner: string; session: { tools: string[]; model: string } };
		};
		expect(launch.launch.runner).toBe("in-process");
		expect(launch.launch.session.tools).toEqual(["read", "grep", "find", "ls", "submit_result"]);
		expect(launch.launch.session.model).toBe("faux/faux-1");
	});
});

describe("siblings and the prompt cache", () => {
	it("holds a sibling until the first one's response has started, so it reads the cached prefix", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const b = gitRepo({ "b.txt": "x\n" });
		const { faux, run } = await taskHarness();
		const requests: number[] = [];
		let leaderAnswered = 0;
		const answer = (delay: number) => async () => {
			requests.push(Date.now());
			await new Promise((r) => setTimeout(r, delay));
			leaderAnswered ||= Date.now();
			return submit({ status: "ok", deliverable: "x", evidence: [{ claim: "the root is there", pointer: "." }] });
		};
		faux.script([answer(300), answer(0)]);
		const gate = new PrefixGate();
		const phases: string[] = [];
		// Either may reach the gate first; whichever follows must wait.
		const onProgress = (p: { type: string; phase?: string; detail?: string }) =>
			p.type === "phase" && phases.push(`${p.phase} ${p.detail ?? ""}`.trim());
		const [r1, r2] = await Promise.all([
			run(spec({ id: "one", roots: [a] }), () => ({ prefixGate: gate, progress: onProgress })),
			run(spec({ id: "two", roots: [b] }), () => ({ prefixGate: gate, progress: onProgress })),
		]);
		expect([r1.verdict, r2.verdict]).toEqual(["PASS", "PASS"]);
		expect(requests).toHaveLength(2);
		expect(requests[1]!).toBeGreaterThanOrEqual(leaderAnswered);
		expect(phases).toContain("waiting for a sibling's prompt to be cached");
	});
});
