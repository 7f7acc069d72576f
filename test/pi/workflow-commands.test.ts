/**
 * The workflow commands in a real `pi` that loads the package as Pi loads it (`-e REPO`), headless:
 * the bundled /code-review, /deep-research and /adversarial-review, and /workflow FILE, run in print
 * mode and in RPC mode with a scripted model, read-only, and end with one report whose file:line
 * pointers were verified. workflow-script.test.ts runs a script of several kinds of agent() call.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseWorkflowLine, splitWords } from "../../src/pi/workflow-commands.ts";
import { REPO, runPi, SCRIPTED_PROVIDER } from "../support/pi.ts";
import { auditJson, recordedRuns } from "../support/pi-records.ts";
import { gitRepo } from "../support/task-fixture.ts";
import { tempDir } from "../support/temp.ts";

const submit = (
	deliverable: string,
	evidence: Array<{ claim: string; pointer: string }> = [{ claim: "the root was looked at", pointer: "." }],
) => ({
	tools: [{ name: "submit_result", args: { status: "ok", deliverable, evidence, unsure: [], did_not_do: [] } }],
});

function project() {
	return gitRepo({ "README.md": "# Demo\n", "src/sum.ts": "export const sum = (a: number, b: number) => a - b;\n" });
}

describe("/code-review in print mode", () => {
	it("reviews read-only and ends with one report whose findings cite verified file:line pointers", () => {
		const cwd = project();
		const finding = { claim: "sum subtracts instead of adding", pointer: `${cwd}/src/sum.ts:1` };
		const runsDir = join(tempDir("pi-delegate-code-review-"), "runs");
		const run = runPi(["-e", REPO, "-p", "/code-review src"], {
			cwd,
			env: { PI_DELEGATE_RUNS_DIR: runsDir },
			turns: [submit('{"files":["src/sum.ts"]}'), submit("One defect in src/sum.ts.", [finding])],
		});
		expect(run.status).toBe(0);
		expect(run.stdout).toBe("");
		expect(run.stderr).toMatch(/^code-review: passed$/m);
		expect(run.stderr).toMatch(/^PASS {2}workflow \d{8}T\d{6}Z-workflow-code-review$/m);
		expect(run.stderr).toContain(
			"Code review of src: 1 file, 1 of 1 review passed, 1 finding (every pointer verified).",
		);
		expect(run.stderr).toContain(`- sum subtracts instead of adding\n  ${cwd}/src/sum.ts:1`);
		expect(run.stderr).toMatch(/^1 {2}list-the-source-files-in-[0-9a-f]{6} +PASS/m);
		// The record: the run's result.json lists both children; each child's own record is a checked task.
		const runs = [
			...recordedRuns<{ kind: string; verdict: string; children?: Array<{ auditDir: string }> }>(runsDir).values(),
		];
		const workflow = runs.find((r) => r.result.kind === "workflow");
		expect(workflow?.result).toMatchObject({ verdict: "PASS", script: "bundled/code-review.ts" });
		const children = runs.filter((r) => r.result.kind !== "workflow");
		expect(children.map((c) => [c.result.kind, c.result.verdict])).toEqual([
			["task", "PASS"],
			["task", "PASS"],
		]);
		for (const child of children) expect(auditJson(child.auditDir, "launch.json")).toMatchObject({ kind: "task" });
		const listed = workflow?.result.children ?? [];
		expect(listed.map((c) => c.auditDir).sort()).toEqual(children.map((c) => c.auditDir).sort());
	});

	it("a finding whose pointer does not check out fails its review, and the report says the files are not covered", () => {
		const cwd = project();
		const wrong = { claim: "a defect", pointer: `${cwd}/src/sum.ts:99` };
		const run = runPi(["-e", REPO, "-p", "/code-review --mode scoped src"], {
			cwd,
			// The submit tool turns a bad pointer back twice, then takes the result as it is.
			turns: [submit('{"files":["src/sum.ts"]}'), ...Array(3).fill(submit("One defect.", [wrong]))],
		});
		expect(run.stderr).toMatch(/^code-review: failed$/m);
		expect(run.stderr).toContain("Reviews that failed (their files are not covered):");
		expect(run.stderr).toMatch(/evidence\[0\] ".*sum\.ts:99" not verified/);
	});

	it("bad arguments are refused with the usage, and nothing runs", () => {
		const run = runPi(["-e", REPO, "-p", "/code-review --moed legacy"], { cwd: project() });
		expect(run.stderr).toContain("unknown option --moed");
		expect(run.stderr).toContain("Usage: /code-review [--mode M] [target]");
		expect(run.stderr).not.toContain("workflow");
	});
});

describe("/deep-research in print mode", () => {
	it("splits the question, researches the parts in parallel, and answers with the evidence behind it", () => {
		const cwd = project();
		const where = { claim: "sum is defined here", pointer: `${cwd}/src/sum.ts:1` };
		const run = runPi(["-e", REPO, "-p", "/deep-research how is sum computed"], {
			cwd,
			turns: [
				submit('{"questions":["Where is sum defined?","What does sum return?"]}'),
				submit("In src/sum.ts.", [where]),
				submit("In src/sum.ts.", [where]),
				submit("sum returns a - b, which is a bug.", [where]),
			],
		});
		expect(run.status).toBe(0);
		expect(run.stderr).toMatch(/^deep-research: passed$/m);
		expect(run.stderr).toContain("Question: how is sum computed\n\nsum returns a - b, which is a bug.");
		expect(run.stderr).toContain(`- ${cwd}/src/sum.ts:1 — sum is defined here`);
		expect(run.stderr).toMatch(/at most 2 at once/);
	});
});

/** Runs `pi --mode rpc`, sends one prompt, and returns the first notification whose text starts with `title`. */
function rpcNotification(cwd: string, message: string, title: string, turns: unknown[]): Promise<string> {
	const agentDir = tempDir("pi-delegate-agent-");
	const script = join(agentDir, "script.json");
	writeFileSync(script, JSON.stringify({ turns }));
	const args = ["--offline", "-e", SCRIPTED_PROVIDER, "-e", REPO, "--model", "scripted/scripted-1"];
	const child = spawn("pi", [...args, "--mode", "rpc", "--no-session"], {
		cwd,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_SCRIPT: script },
		stdio: ["pipe", "pipe", "pipe"],
	});
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error("no notification in time"));
		}, 50_000);
		let buffer = "";
		child.stdout.on("data", (chunk: Buffer) => {
			buffer += chunk.toString("utf8");
			const lines = buffer.split("\n");
			buffer = lines.pop() ?? "";
			for (const line of lines) {
				const record = JSON.parse(line) as { type?: string; method?: string; message?: string };
				if (record.type === "extension_ui_request" && record.method === "notify" && record.message?.startsWith(title)) {
					clearTimeout(timer);
					child.stdin.end();
					resolve(record.message);
				}
			}
		});
		child.stdin.write(`${JSON.stringify({ id: "1", type: "prompt", message })}\n`);
	});
}

describe("/adversarial-review in RPC mode", () => {
	it("runs without a TUI and notifies one report: each finding challenged, the upheld ones kept", async () => {
		const cwd = project();
		const findings = [
			{ claim: "sum subtracts", pointer: `${cwd}/src/sum.ts:1` },
			{ claim: "the README has no usage", pointer: `${cwd}/README.md:1` },
		];
		const text = await rpcNotification(cwd, "/adversarial-review src", "adversarial-review:", [
			submit("Two defects.", findings),
			submit('{"ruling":"upheld","reason":"the code subtracts"}'),
			submit('{"ruling":"upheld","reason":"the code subtracts"}'),
		]);
		expect(text).toMatch(/^adversarial-review: passed\n\nPASS {2}workflow /);
		expect(text).toContain("Adversarial review of src: 2 of 2 findings upheld.");
		expect(text).toMatch(/UPHELD +sum subtracts\n +.*src\/sum\.ts:1 — the code subtracts/);
	});
});

describe("/workflow FILE", () => {
	it("runs a script of the session's own, its words reaching the script as args", () => {
		const cwd = project();
		const file = join(cwd, "wf.ts");
		writeFileSync(
			file,
			`export default async (wf, args) => "got " + args.join("|") + " " + (await wf.agent("look")).verdict;`,
		);
		const run = runPi(["-e", REPO, "-p", `/workflow wf.ts one "two words"`], { cwd, turns: [submit("seen")] });
		expect(run.stderr).toMatch(/^workflow: passed$/m);
		expect(run.stderr).toContain("got one|two words PASS");
	});
});

describe("the command line of the workflow commands", () => {
	it("splits words, keeping quoted ones whole", () => {
		expect(splitWords(`a "b c" 'd e' f\\ g`)).toEqual(["a", "b c", "d e", "f\\", "g"]);
	});

	it("takes --mode, --resume and --rerun-failed, and the rest as the script's args", () => {
		expect(parseWorkflowLine("--mode legacy how does it work", "deep-research")).toEqual({
			script: { bundled: "deep-research" },
			args: ["how", "does", "it", "work"],
			mode: "legacy",
			rerunFailed: false,
		});
		expect(parseWorkflowLine("wf.ts --resume R --rerun-failed -- --x")).toEqual({
			script: { file: "wf.ts" },
			args: ["--x"],
			resume: "R",
			rerunFailed: true,
		});
		expect(parseWorkflowLine("code-review src").script).toEqual({ bundled: "code-review" });
		expect(() => parseWorkflowLine("")).toThrow("missing the workflow file to run");
		expect(() => parseWorkflowLine("--rerun-failed wf.ts")).toThrow("--rerun-failed needs --resume");
		expect(() => parseWorkflowLine("--mode", "code-review")).toThrow("--mode needs a value");
	});

	it("takes --background before or after the file, and not after --", () => {
		expect(parseWorkflowLine("wf.ts --background a").background).toBe(true);
		expect(parseWorkflowLine("--background src", "code-review")).toMatchObject({ background: true, args: ["src"] });
		expect(parseWorkflowLine("wf.ts -- --background")).toMatchObject({ args: ["--background"] });
		expect(parseWorkflowLine("wf.ts").background).toBeUndefined();
	});
});
