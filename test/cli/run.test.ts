import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { REPO, SCRIPTED_PROVIDER } from "../support/pi.ts";
import { waitFor } from "../support/processes.ts";
import { gitRepo } from "../support/task-fixture.ts";

const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

describe("pi-delegate run (subprocess runner, real pi children)", () => {
	it("PASS: exit 0, the report on stdout, progress on stderr, a complete audit directory", async () => {
		const a = gitRepo({ "README.md": "teh\n" });
		const ws = runWorkspace({
			prices: PRICES,
			turns: [
				{
					tools: [{ name: "edit", args: { path: `${a}/README.md`, edits: [{ oldText: "teh", newText: "the" }] } }],
					usage: { input: 1200, output: 80 },
				},
				{ ...submitTurn(envelope([`${a}/README.md:1`])), usage: { input: 1400, output: 60 } },
			],
		});
		const out = await ws.run(ws.spec({ read_only: false, roots: [a], write_allowed: [a] }));
		expect(out.stderr).not.toMatch(/internal error/);
		expect(out.stdout).toMatch(/^PASS {2}task t\n/);
		expect(out.code).toBe(0);
		expect(out.stdout).toContain("✓  claim 1");
		expect(out.stdout).toMatch(/tokens {3}in 2,600 · out 140/);
		expect(out.stdout).toMatch(/model {4}scripted\/scripted-1 \(effort balanced, subprocess\)/);
		expect(out.stderr).toContain("t  running");
		expect(readFileSync(join(a, "README.md"), "utf8")).toBe("the\n");
		const [run] = listRuns(ws.runsDir);
		expect(run?.result?.verdict).toBe("PASS");
		for (const f of [
			"spec.json",
			"prompt.txt",
			"launch.json",
			"events.ndjson",
			"boundary-before.snapshot.gz",
			"boundary-after.snapshot.gz",
			"session.jsonl",
			"result.json",
		]) {
			expect(existsSync(join(run!.dir, f)), f).toBe(true);
		}
	});

	it("FAIL (T4): exit 1 when an obedient child's command writes into a watched-only root", async () => {
		const a = gitRepo({ "README.md": "teh\n" });
		const b = gitRepo({ "mod.py": "x = 1\n", ".gitignore": "__pycache__/\n" });
		const compile = `python3 -m py_compile ${b}/mod.py`;
		const ws = runWorkspace({
			turns: [
				{ tools: [{ name: "edit", args: { path: `${a}/README.md`, edits: [{ oldText: "teh", newText: "the" }] } }] },
				{ tools: [{ name: "bash", args: { command: compile } }] },
				submitTurn(envelope([`${a}/README.md:1`, `cmd: ${compile}`])),
			],
		});
		const out = await ws.run(
			ws.spec({
				read_only: false,
				roots: [a, b],
				write_allowed: [a],
				context: { commands: [compile] },
				sandbox: "off",
			}),
		);
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL {2}task t · \d+ problems?\n {2}✗ boundary violation: added __pycache__/);
		expect(out.stdout).not.toMatch(/boundary violation: .* README\.md/);
	});

	it("--json prints the result object", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		const out = await ws.run(ws.spec({ roots: [a] }), ["--json"]);
		expect(out.code).toBe(0);
		const result = JSON.parse(out.stdout) as { verdict: string; claims: unknown[] };
		expect(result.verdict).toBe("PASS");
		expect(result.claims).toHaveLength(1);
	});

	it("--json gives each problem a code and a structured place programs can rely on", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`], "partial"))] });
		const out = await ws.run(ws.spec({ roots: [a] }), ["--json"]);
		expect(out.code).toBe(1);
		const result = JSON.parse(out.stdout) as { verdict: string; problems: Array<Record<string, unknown>> };
		expect(result.verdict).toBe("FAIL");
		expect(result.problems).toEqual([
			{
				code: "status",
				kind: "status",
				at: "status",
				path: ["status"],
				value: "partial",
				message: 'the child reported status "partial"',
				fix: expect.stringContaining("did_not_do"),
			},
		]);
		// The record on disk holds the same form.
		const [run] = listRuns(ws.runsDir);
		const record = JSON.parse(readFileSync(join(run!.dir, "result.json"), "utf8")) as typeof result;
		expect(record.problems).toEqual(result.problems);
	});

	it("also runs in-process when asked, with the same verdict", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		try {
			const out = await ws.run(ws.spec({ roots: [a] }), ["--runner", "in-process"]);
			expect(out.stdout).toMatch(/^PASS/);
			expect(out.stdout).toContain("(effort balanced, in-process)");
		} finally {
			delete process.env.PI_DELEGATE_SCRIPT;
		}
	});
});

describe("pi-delegate run: bad input and setup problems exit 2 before anything runs", () => {
	it("an invalid spec, with every problem", async () => {
		const ws = runWorkspace({});
		const out = await ws.run(ws.spec({ roots: ["relative/dir"], "write-allowed": [] }));
		expect(out.code).toBe(2);
		expect(out.stderr).toContain('unknown field "write-allowed"');
		expect(out.stderr).toContain("roots[0]");
		expect(existsSync(ws.runsDir)).toBe(false);
	});

	it("an unknown --mode, with the nearest name: the default never stands in for a chosen mode", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const out = await ws.run(ws.spec({ roots: [a] }), ["--mode", "isolatd"]);
		expect(out.code).toBe(2);
		expect(out.stderr).toContain('--mode: unknown context mode "isolatd" (did you mean "isolated"?)');
		expect(out.stdout).toBe("");
		expect(existsSync(ws.runsDir)).toBe(false);
	});

	it("no model anywhere", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const out = await (await import("../support/cli.ts")).runCli(["run", ws.spec({ roots: [a] })], {
			cwd: ws.project,
			env: ws.env,
		});
		expect(out.code).toBe(2);
		expect(out.stderr).toContain('no model for effort "balanced"');
	});

	it("an unknown model, naming the ones that exist", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const out = await ws.run(ws.spec({ roots: [a] }), ["--model", "scripted/nope"]);
		expect(out.code).toBe(2);
		expect(out.stderr).toContain('no model "nope" in provider "scripted"');
		expect(out.stderr).toContain("scripted/scripted-1");
	});

	it("a model without credentials", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const env = { ...ws.env, ANTHROPIC_API_KEY: undefined, ANTHROPIC_OAUTH_TOKEN: undefined };
		const { runCli } = await import("../support/cli.ts");
		const out = await runCli(["run", ws.spec({ roots: [a] }), "--model", "anthropic/claude-sonnet-4-5"], {
			cwd: ws.project,
			env,
		});
		expect(out.code).toBe(2);
		expect(out.stderr).toContain('no credentials for provider "anthropic"');
	});

	it("a refused model leaves the agent directory as it found it: reading never writes", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		const before = readdirSync(ws.agentDir).sort();
		const { runCli } = await import("../support/cli.ts");
		const out = await runCli(["run", ws.spec({ roots: [a] }), "--model", "nosuch/model"], {
			cwd: ws.project,
			env: ws.env,
		});
		expect(out.code).toBe(2);
		expect(readdirSync(ws.agentDir).sort()).toEqual(before);
		expect(before).not.toContain("auth.json");
	});

	it("a model that cannot be reached is a setup problem (exit 2), not a blown budget", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		// A provider on a port nothing listens on: every request is refused.
		const model = { id: "m1", name: "m1", reasoning: false, input: ["text"], contextWindow: 200000, maxTokens: 8000 };
		const cost = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
		writeFileSync(
			join(ws.agentDir, "models.json"),
			JSON.stringify({
				providers: {
					deadhost: {
						baseUrl: "http://127.0.0.1:9",
						api: "anthropic-messages",
						apiKey: "sk-test",
						models: [{ ...model, cost }],
					},
				},
			}),
		);
		const { runCli } = await import("../support/cli.ts");
		const out = await runCli(
			["run", ws.spec({ roots: [a], budget: { wall_s: 3 } }), "--model", "deadhost/m1", "--runner", "in-process"],
			{ cwd: ws.project, env: ws.env },
		);
		expect(out.code).toBe(2);
		expect(out.stdout).toContain("the child's model could not be reached");
		expect(out.stdout).not.toContain("over wall budget");
		expect(out.stdout).not.toContain("no valid result envelope");
	});

	it("a bad flag", async () => {
		const ws = runWorkspace({});
		const out = await ws.run(ws.spec({ roots: [ws.project] }), ["--runner", "docker"]);
		expect(out.code).toBe(2);
		expect(out.stderr).toContain("--runner must be subprocess or in-process");
	});
});

describe("pi-delegate run, killed mid-run", () => {
	it("leaves a readable audit directory without result.json, and takes its child down with it", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({
			turns: [{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }] }, { text: "slow", delayMs: 60_000 }],
		});
		// A private TMPDIR: whatever the run leaves outside its audit record shows up here.
		const tmp = join(ws.base, "tmp");
		mkdirSync(tmp);
		const proc = spawn(process.execPath, [join(REPO, "dist/cli/main.js"), ...ws.argv(ws.spec({ roots: [a] }))], {
			cwd: ws.project,
			env: { ...ws.env, TMPDIR: tmp },
			stdio: ["ignore", "pipe", "pipe"],
		});
		const eventsFile = () => {
			const dirs = existsSync(ws.runsDir) ? readdirSync(ws.runsDir) : [];
			return dirs.length > 0 ? join(ws.runsDir, dirs[0]!, "events.ndjson") : undefined;
		};
		const deadline = Date.now() + 30_000;
		while (Date.now() < deadline) {
			const file = eventsFile();
			if (file && existsSync(file) && readFileSync(file, "utf8").includes('"tool_execution_end"')) break;
			await new Promise((r) => setTimeout(r, 100));
		}
		// Pi renames its process to "pi", so the child is found by its working directory (unique to this test).
		const workingHere = () =>
			readdirSync("/proc").filter((pid) => {
				if (!/^\d+$/.test(pid) || Number(pid) === proc.pid) return false;
				try {
					return readlinkSync(`/proc/${pid}/cwd`) === ws.project;
				} catch {
					return false;
				}
			});
		expect(workingHere().length).toBeGreaterThan(0);
		proc.kill("SIGKILL");
		await new Promise((r) => proc.once("exit", r));
		const runs = listRuns(ws.runsDir);
		expect(runs).toHaveLength(1);
		expect(runs[0]?.result).toBeUndefined();
		for (const f of ["spec.json", "prompt.txt", "launch.json", "events.ndjson", "boundary-before.snapshot.gz"]) {
			expect(existsSync(join(runs[0]!.dir, f)), f).toBe(true);
		}
		const events = readFileSync(join(runs[0]!.dir, "events.ndjson"), "utf8").trim().split("\n");
		expect(() => events.map((line) => JSON.parse(line))).not.toThrow();
		// The child notices its parent is gone and stops its own tree.
		await waitFor(() => workingHere().length === 0, 10_000);
		// Nothing of the run outside its record: its prompt files and private /tmp live in the audit dir.
		expect(readdirSync(tmp).filter((name) => name.startsWith("pi-delegate-") && !name.includes("cache"))).toEqual([]);
	});
});

describe("pi-delegate run and preview agree on what a task's child sees", () => {
	it("the system prompt a run records is the one preview --spec shows, and the tools follow authority", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		const specFile = ws.spec({ roots: [a] });
		const { runCli } = await import("../support/cli.ts");
		const preview = await runCli(["preview", "--spec", specFile, "--json"], { cwd: ws.project, env: ws.env });
		expect(preview.code).toBe(0);
		const shown = JSON.parse(preview.stdout) as { systemPrompt: { text: string }; tools: { names: string[] } };
		expect(shown.tools.names).toEqual(["read", "grep", "find", "ls", "submit_result"]);
		const out = await ws.run(specFile);
		expect(out.code).toBe(0);
		const [run] = listRuns(ws.runsDir);
		const prompt = readFileSync(join(run!.dir, "prompt.txt"), "utf8");
		expect(prompt.startsWith(`=== system prompt ===\n${shown.systemPrompt.text}\n=== tools ===\n`)).toBe(true);
	});

	it("runs a task as an agent: its role, its tools narrowed by the task's authority, a warning for the rest", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		mkdirSync(join(ws.agentDir, "agents"), { recursive: true });
		writeFileSync(
			join(ws.agentDir, "agents", "reviewer.md"),
			"---\nname: reviewer\ndescription: Reviews code\ntools: read, grep, write\n---\nYou review code and report problems with line numbers.\n",
		);
		const out = await ws.run(ws.spec({ roots: [a] }), ["--agent", "reviewer"]);
		expect(out.code).toBe(0);
		expect(out.stderr).toContain("the agent lists write, which this task's authority does not allow");
		const [run] = listRuns(ws.runsDir);
		const prompt = readFileSync(join(run!.dir, "prompt.txt"), "utf8");
		expect(prompt).toContain('<active_agent name="reviewer"/>');
		expect(prompt).toContain("You review code and report problems with line numbers.");
		expect(prompt).toContain("=== tools ===\n- read\n- grep\n- submit_result\n");
	});

	it("refuses an unknown agent, and an agent naming a tool that does not exist, before anything runs", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({});
		mkdirSync(join(ws.agentDir, "agents"), { recursive: true });
		writeFileSync(
			join(ws.agentDir, "agents", "typo.md"),
			"---\nname: typo\ndescription: d\ntools: read, grpe\n---\nrole\n",
		);
		const unknown = await ws.run(ws.spec({ roots: [a] }), ["--agent", "nobody"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('no agent "nobody"');
		const typo = await ws.run(ws.spec({ roots: [a] }), ["--agent", "typo"]);
		expect(typo.code).toBe(2);
		expect(typo.stderr).toContain('"grpe"');
		expect(existsSync(ws.runsDir)).toBe(false);
	});
});

describe("pi-delegate run picks the model from the effort's profile", () => {
	it("uses pi-delegate.effortProfiles from Pi's settings when no --model is given, and says so", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		writeFileSync(
			join(ws.agentDir, "settings.json"),
			JSON.stringify({
				"pi-delegate": { effortProfiles: { fast: { model: "scripted/scripted-1", thinking: "off" } } },
			}),
		);
		const { runCli } = await import("../support/cli.ts");
		const out = await runCli(
			["run", ws.spec({ roots: [a], effort: "fast" }), "--extension", SCRIPTED_PROVIDER, "--json"],
			{
				cwd: ws.project,
				env: ws.env,
			},
		);
		expect(out.code).toBe(0);
		const [run] = listRuns(ws.runsDir);
		const launch = JSON.parse(readFileSync(join(run!.dir, "launch.json"), "utf8")) as {
			model: { reason: string; id: string };
		};
		expect(launch.model.id).toBe("scripted-1");
		expect(launch.model.reason).toContain("pi-delegate.effortProfiles.fast");
	});
});
