/**
 * Resuming a finished task from the command line (`pi-delegate run SPEC --resume RUN`), on both
 * runners with a real `pi` child for the subprocess: the second leg's model receives the first
 * leg's conversation, then the new brief; the new leg is watched and judged on its own (a change
 * outside what the call allows FAILs it though the first leg passed, and write authority is never
 * carried over from the record); both records name each other, the first one's sealed files
 * untouched.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { type RunWorkspace, runWorkspace } from "../support/cli-run.ts";
import { SCRIPTED_PROVIDER } from "../support/pi.ts";
import type { RecordedRequest, ScriptTurn } from "../support/scripted-provider.ts";
import { gitRepo } from "../support/task-fixture.ts";

afterEach(() => {
	delete process.env.PI_DELEGATE_SCRIPT;
	delete process.env.PI_DELEGATE_REQUESTS;
});

/** Runs one leg with `turns` as the model's script; the model's requests are recorded beside it. */
async function leg(ws: RunWorkspace, runner: string, spec: string, turns: ScriptTurn[], args: string[] = []) {
	const script = join(ws.agentDir, "scripted.json");
	writeFileSync(script, JSON.stringify({ turns }));
	process.env.PI_DELEGATE_SCRIPT = script;
	process.env.PI_DELEGATE_REQUESTS = join(ws.agentDir, "requests.jsonl");
	const out = await ws.run(spec, ["--runner", runner, "--json", ...args]);
	const newest = listRuns(ws.runsDir).at(-1);
	return { out, dir: newest?.dir ?? "", result: JSON.parse(out.stdout || "{}") as TaskResult };
}

function requests(ws: RunWorkspace): RecordedRequest[] {
	return readFileSync(join(ws.agentDir, "requests.jsonl"), "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as RecordedRequest);
}

function specFile(ws: RunWorkspace, name: string, value: Record<string, unknown>): string {
	const file = join(ws.base, name);
	writeFileSync(file, JSON.stringify(value));
	return file;
}

/** The first leg: writes one.txt in its writable root and passes. */
async function firstLeg(runner: string) {
	const root = gitRepo({ "README.md": "x\n" });
	const ws = runWorkspace({});
	const spec = specFile(ws, "first.json", {
		id: "lexer",
		goal: "Write one.txt with the word one.",
		deliverable: "what you wrote",
		read_only: false,
		roots: [root],
		write_allowed: [root],
		sandbox: "off",
		apply: "direct",
	});
	const first = await leg(ws, runner, spec, [
		{ text: "FIRST-LEG-REMARK", tools: [{ name: "bash", args: { command: `printf one > ${root}/one.txt` } }] },
		submitTurn(envelope([`${root}/one.txt:1`])),
	]);
	expect(first.result.verdict, first.out.stderr + JSON.stringify(first.result.problems)).toBe("PASS");
	return { ws, root, first, asked: requests(ws).length };
}

describe.each(RUNNERS)("%s: run --resume", (runner) => {
	it("continues the first leg's session with the new goal, judges the new leg, and links both records", async () => {
		const { ws, root, first, asked } = await firstLeg(runner);
		const resultBefore = readFileSync(join(first.dir, "result.json"));
		const spec = specFile(ws, "second.json", {
			goal: "Now write two.txt with the word two.",
			read_only: false,
			write_allowed: [root],
			sandbox: "off",
			apply: "direct",
		});
		const second = await leg(
			ws,
			runner,
			spec,
			[
				{ tools: [{ name: "bash", args: { command: `printf two > ${root}/two.txt` } }] },
				submitTurn(envelope([`${root}/two.txt:1`])),
			],
			["--resume", "lexer"],
		);
		expect(second.result.verdict, second.out.stderr + JSON.stringify(second.result.problems)).toBe("PASS");
		// The second leg's first request carries the first leg's conversation, then the new brief.
		const seen = requests(ws)[asked];
		const texts = (seen?.messages ?? []).map((m) => `${m.role}: ${m.text}`);
		const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
		expect(at("Write one.txt with the word one.")).toBeGreaterThanOrEqual(0);
		expect(at("FIRST-LEG-REMARK")).toBeGreaterThan(at("Write one.txt"));
		expect(at("submit_result:{")).toBeGreaterThan(at("FIRST-LEG-REMARK"));
		expect(texts.at(-1)).toMatch(/^user: [\s\S]*Now write two\.txt with the word two\./);
		// The spec is the first leg's with the call's fields over it; its record and result name the first leg.
		const recorded = JSON.parse(readFileSync(join(second.dir, "spec.json"), "utf8"));
		expect(recorded).toMatchObject({ id: "lexer", deliverable: "what you wrote", roots: [root] });
		expect(second.result.resumes).toMatchObject({ run: basename(first.dir), dir: first.dir, kind: "task" });
		expect(JSON.parse(readFileSync(join(second.dir, "launch.json"), "utf8")).resumes.run).toBe(basename(first.dir));
		// The first record gains a line naming the second; the files its seal covered are as they were.
		const links = readFileSync(join(first.dir, "links.ndjson"), "utf8").trim().split("\n");
		expect(links.map((l) => JSON.parse(l))).toEqual([
			{ resumed_by: basename(second.dir), dir: second.dir, at: expect.any(String) },
		]);
		expect(readFileSync(join(first.dir, "result.json"))).toEqual(resultBefore);
		// The new session holds the first leg's entries, then the new leg's.
		const session = readFileSync(join(second.dir, "session.jsonl"), "utf8");
		expect(session).toContain("FIRST-LEG-REMARK");
		expect(session).toContain("Now write two.txt");
	});

	it("judges the new leg on its own: a write the call does not allow FAILs it, whatever the first leg could write", async () => {
		const { ws, root, first } = await firstLeg(runner);
		// No read_only or write_allowed in the call: the resumed leg is read-only, as any call without them.
		const spec = specFile(ws, "second.json", {
			goal: "Look, then write two.txt anyway.",
			context: { commands: ["ls"] },
			sandbox: "off",
		});
		const second = await leg(
			ws,
			runner,
			spec,
			[
				{ tools: [{ name: "bash", args: { command: `printf two > ${root}/two.txt` } }] },
				submitTurn(envelope([`${root}/two.txt:1`])),
			],
			["--resume", basename(first.dir)],
		);
		expect(second.out.code).toBe(1);
		expect(second.result.verdict).toBe("FAIL");
		// Its prompt differs from the first leg's (the reading tools): the check follows the session's patch.
		expect(second.result.problems.map((p) => `${p.code}: ${p.message}`).join("\n")).not.toMatch(/^child/m);
		expect(second.result.violations.map((v) => v.path)).toContain("two.txt");
		expect(second.result.roots).toEqual([{ root, writable: false }]);
		expect(second.result.resumes?.run).toBe(basename(first.dir));
	});
});

describe("run --resume: refusals before anything runs", () => {
	it("refuses a leg the settings would leave without the sandbox its first leg had, unless the call says so", async () => {
		const root = gitRepo({ "README.md": "x\n" });
		const ws = runWorkspace({});
		const spec = specFile(ws, "first.json", {
			id: "look",
			goal: "Read README.md.",
			deliverable: "its text",
			roots: [root],
			sandbox: "enforce",
		});
		const first = await leg(ws, "in-process", spec, [submitTurn(envelope([`${root}/README.md:1`]))]);
		expect(first.result.verdict, JSON.stringify(first.result.problems)).toBe("PASS");
		writeFileSync(join(ws.agentDir, "settings.json"), JSON.stringify({ "pi-delegate": { sandbox: "off" } }));
		const again = specFile(ws, "again.json", { goal: "Read it again." });
		const refused = await ws.run(again, ["--runner", "in-process", "--resume", "look"]);
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain("would be allowed more than the run it continues");
		expect(refused.stderr).toContain('sandbox: "enforce"');
		expect(listRuns(ws.runsDir)).toHaveLength(1);
		// The call names it: the leg runs, as the caller decided.
		const said = specFile(ws, "said.json", { goal: "Read it again.", sandbox: "off" });
		const second = await leg(
			ws,
			"in-process",
			said,
			[submitTurn(envelope([`${root}/README.md:1`]))],
			["--resume", "look"],
		);
		expect(second.result.verdict, JSON.stringify(second.result.problems)).toBe("PASS");
		expect(second.result.resumes?.run).toBe(basename(first.dir));
		// preview --resume plans the same leg without running it.
		const preview = await runCli(
			[
				"preview",
				"--spec",
				said,
				"--resume",
				"look",
				"--model",
				"scripted/scripted-1",
				"--extension",
				SCRIPTED_PROVIDER,
			],
			{ cwd: ws.project, env: ws.env },
		);
		expect(preview.code, preview.stderr).toBe(0);
		expect(preview.stdout).toContain("Read it again.");
	});

	it("refuses a run that is not found, and one that is not finished, naming --resume", async () => {
		const ws = runWorkspace({});
		const spec = specFile(ws, "again.json", { goal: "Go on." });
		const missing = await ws.run(spec, ["--resume", "nothing-here"]);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toMatch(/--resume.*is not a run in/);
	});
});
