/**
 * `pi-delegate workflow run` end to end: real `pi` children (or in-process ones) answering from a
 * scripted provider, the table on stdout and progress on stderr, exit codes, arguments after --,
 * --json, and a run killed mid-way that resumes from its journal without asking the model again.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import { REPO, SCRIPTED_PROVIDER } from "../support/pi.ts";
import type { Script } from "../support/scripted-provider.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";
import { flat } from "../support/text.ts";

const submit = (
	deliverable: string,
	evidence: Array<{ claim: string; pointer: string }> = [{ claim: "the root was looked at", pointer: "." }],
) => ({
	tools: [{ name: "submit_result", args: { status: "ok", deliverable, evidence, unsure: [], did_not_do: [] } }],
	usage: { input: 1000, output: 50, cacheRead: 3000 },
});

function workspace(script: Script) {
	const base = realpathSync(tempDir("pi-delegate-cli-workflow-"));
	const agentDir = join(base, "agent");
	const runsDir = join(base, "runs");
	mkdirSync(agentDir);
	const project = gitRepo({ "README.md": "hello\n" });
	const scriptFile = join(agentDir, "scripted.json");
	writeFileSync(scriptFile, JSON.stringify({ prices: { input: 3, output: 15, cacheRead: 0.3 }, ...script }));
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_RUNS_DIR: runsDir, HOME: base };
	const flags = ["--model", "scripted/scripted-1", "--extension", SCRIPTED_PROVIDER];
	return {
		base,
		agentDir,
		runsDir,
		project,
		env,
		scriptFile,
		file(name: string, source: string) {
			const path = join(base, name);
			writeFileSync(path, source);
			return path;
		},
		argv: (file: string, args: string[] = []) => ["workflow", "run", file, ...flags, ...args],
		run: (file: string, args: string[] = []) =>
			runCli(["workflow", "run", file, ...flags, ...args], { cwd: project, env }),
	};
}

const TWO = `export default async function (wf, args) {
	const a = await wf.agent("Read the README");
	const b = await wf.agent("Check it again");
	return "report for " + args.join("+") + ": " + a.verdict + " " + b.verdict;
}`;

describe("pi-delegate workflow run", () => {
	it("PASS: exit 0, the children's table and the script's report on stdout, progress on stderr, args after --", async () => {
		const ws = workspace({ turns: [submit("it says hello")] });
		const out = await ws.run(ws.file("two.ts", TWO), ["--", "one", "two"]);
		expect(out.stderr).not.toMatch(/internal error/);
		expect(out.code).toBe(0);
		expect(out.stdout).toMatch(/^PASS {2}workflow \d{8}T\d{6}Z-workflow-two\n/);
		expect(out.stdout).toMatch(/^# {2}child +verdict +how +dollars +cache +time$/m);
		expect(out.stdout).toMatch(/^1 {2}read-the-readme-[0-9a-f]{6} +PASS +ran +\$0\.0046 +75% +\d+\.\d s$/m);
		expect(out.stdout).toContain("report for one+two: PASS PASS");
		expect(out.stdout).toMatch(/2 children · \$0\.0093 spent · at most 1 at once/);
		expect(out.stderr).toMatch(/read-the-readme-[0-9a-f]{6} {2}started/);
		expect(out.stderr).toMatch(/read-the-readme-[0-9a-f]{6} {2}PASS · \$0\.0046/);
		for (const line of out.stdout.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
	});

	it("--json gives the run's id and audit directory, which holds the journal and the run's result", async () => {
		const ws = workspace({ turns: [submit("fine")] });
		const out = await ws.run(ws.file("two.ts", TWO), ["--json"]);
		expect(out.code).toBe(0);
		const json = JSON.parse(out.stdout) as { runId: string; auditDir: string; status: string; children: unknown[] };
		expect(json.status).toBe("passed");
		expect(json.auditDir).toBe(join(ws.runsDir, json.runId));
		expect(existsSync(join(json.auditDir, "journal.ndjson"))).toBe(true);
		expect(JSON.parse(readFileSync(join(json.auditDir, "result.json"), "utf8"))).toMatchObject({
			kind: "workflow",
			verdict: "PASS",
		});
		expect(json.children).toHaveLength(2);
	});

	it("FAIL: exit 1 when a checked child fails, its problem named under the table", async () => {
		const ws = workspace({ turns: ["Just prose, no envelope."] });
		const out = await ws.run(ws.file("two.ts", TWO));
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL {2}workflow /);
		expect(out.stdout).toMatch(/Failed:\n {2}1 read-the-readme-[0-9a-f]{6}: no valid result envelope/);
	});

	it("bad input exits 2 before anything runs: a missing file, a bad flag, a script without a default function", async () => {
		const ws = workspace({});
		const missing = await ws.run(join(ws.base, "nope.ts"));
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain("does not exist");
		const flag = await ws.run(ws.file("two.ts", TWO), ["--concurrency", "0"]);
		expect(flag.code).toBe(2);
		expect(flag.stderr).toContain('--concurrency must be a positive whole number, not "0"');
		const shapeless = await ws.run(ws.file("x.ts", "export const y = 1;"));
		expect(shapeless.code).toBe(2);
		expect(shapeless.stderr).toContain("has no default export function");
		const mode = await ws.run(ws.file("two.ts", TWO), ["--mode", "isolatd"]);
		expect(mode.code).toBe(2);
		expect(mode.stderr).toContain('unknown context mode "isolatd" (did you mean "isolated"?)');
		expect(existsSync(ws.runsDir)).toBe(false);
		// Determinism is not the script's to waive: a refusal it catches still ends the run with exit 2.
		const caught = await ws.run(
			ws.file("caught.ts", "export default async () => { try { Math.random(); } catch {} return 'fine'; };"),
		);
		expect(caught.code).toBe(2);
		expect(flat(`${caught.stdout}${caught.stderr}`)).toContain("Math.random() is refused");
		// A misspelt bundled name is answered with the closest one, not "is not a script (no extension)".
		const misspelt = await runCli(["workflow", "run", "code-reviw"], { cwd: ws.project, env: ws.env });
		expect(misspelt.code).toBe(2);
		expect(flat(misspelt.stderr)).toContain('did you mean "code-review"?');
		expect(misspelt.stderr).not.toContain("is not a script");
		// A bundled workflow whose usage requires an argument refuses to start without it: no run, no record.
		const records = () => (existsSync(ws.runsDir) ? readdirSync(ws.runsDir).length : 0);
		const before = records();
		for (const [name, what] of [
			["deep-research", "question"],
			["adversarial-review", "target"],
		] as const) {
			const bare = await runCli(["workflow", "run", name], { cwd: ws.project, env: ws.env });
			expect(bare.code, bare.stderr).toBe(2);
			expect(flat(bare.stderr)).toContain(`${name} needs a ${what}`);
			expect(flat(bare.stderr)).toContain(`give the ${what} after the name`);
		}
		expect(records()).toBe(before);
		const unknown = await runCli(["workflow", "run", "zzzz"], { cwd: ws.project, env: ws.env });
		expect(unknown.code).toBe(2);
		expect(flat(unknown.stderr)).toContain("use one of: code-review");
		const sub = await runCli(["workflow", "go"], { cwd: ws.project, env: ws.env });
		expect(sub.code).toBe(2);
		expect(sub.stderr).toContain('unknown subcommand "go"; use run');
	});

	it("a refused call exits 2 with every problem, and the record of what ran before it", async () => {
		const ws = workspace({ turns: [submit("ok")] });
		const file = ws.file(
			"typo.ts",
			`export default async (wf) => { await wf.agent("first"); await wf.agent("second", { read_only: false, write_alowed: [wf.cwd] }); };`,
		);
		const out = await ws.run(file);
		expect(out.code).toBe(2);
		expect(out.stdout).toMatch(/^ERROR {2}workflow /);
		expect(flat(out.stdout)).toContain(
			'agent(2).options.write_alowed: unknown option "write_alowed" (did you mean "write_allowed"?)',
		);
		expect(out.stdout).toMatch(/^1 {2}first-[0-9a-f]{6} +PASS/m);
	});
});

describe("a workflow run killed mid-way", () => {
	it("resumes from its journal: the calls that ended replay without a model request, the rest run", async () => {
		const ws = workspace({ turns: [submit("one"), submit("two"), { text: "slow", delayMs: 60_000 }] });
		const requests = join(ws.base, "requests.jsonl");
		const file = ws.file(
			"three.ts",
			`export default async (wf) => [await wf.agent("first"), await wf.agent("second"), await wf.agent("third")].map((r) => r.verdict).join(",");`,
		);
		const env = { ...ws.env, PI_DELEGATE_SCRIPT: ws.scriptFile, PI_DELEGATE_REQUESTS: requests };
		const proc = spawn(
			process.execPath,
			[join(REPO, "dist/cli/main.js"), ...ws.argv(file, ["--runner", "in-process"])],
			{
				cwd: ws.project,
				env,
				stdio: ["ignore", "pipe", "pipe"],
			},
		);
		const journal = () => {
			const dirs = existsSync(ws.runsDir) ? readdirSync(ws.runsDir).filter((d) => d.includes("-workflow-")) : [];
			return dirs[0] ? join(ws.runsDir, dirs[0], "journal.ndjson") : undefined;
		};
		const countRequests = () => (existsSync(requests) ? readFileSync(requests, "utf8").trim().split("\n").length : 0);
		// Killed once two calls have ended and the third has asked the model (and waits for its answer).
		const deadline = Date.now() + 40_000;
		while (Date.now() < deadline) {
			const at = journal();
			const ended = at && existsSync(at) ? readFileSync(at, "utf8").split('"type":"call"').length - 1 : 0;
			if (ended === 2 && countRequests() === 3) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		proc.kill("SIGKILL");
		await new Promise((resolve) => proc.once("exit", resolve));
		const killed = journal();
		expect(killed && readFileSync(killed, "utf8")).not.toContain('"type":"end"');
		expect(countRequests()).toBe(3);
		writeFileSync(ws.scriptFile, JSON.stringify({ turns: [submit("three")] }));
		process.env.PI_DELEGATE_SCRIPT = ws.scriptFile;
		process.env.PI_DELEGATE_REQUESTS = requests;
		try {
			const out = await runCli(ws.argv(file, ["--runner", "in-process", "--resume", dirname(killed ?? ""), "--json"]), {
				cwd: ws.project,
				env,
			});
			expect(out.code, out.stderr + out.stdout).toBe(0);
			const json = JSON.parse(out.stdout) as { children: Array<{ replayed: boolean }>; report: string };
			expect(json.children.map((c) => c.replayed)).toEqual([true, true, false]);
			expect(json.report).toBe("PASS,PASS,PASS");
			expect(countRequests()).toBe(4);
		} finally {
			delete process.env.PI_DELEGATE_SCRIPT;
			delete process.env.PI_DELEGATE_REQUESTS;
		}
	});
});
