/**
 * `--session FILE` on `preview` and `run`: the conversation a spec's `context.tail` quotes. Preview
 * shows the tail in the first message and the Run table; a file that is not a session, and the
 * flag without a spec, exit 2 before anything runs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { assistant, result, sessionOf, user } from "../support/conversation.ts";
import { makeProject, type TempProject } from "../support/project.ts";
import { gitRepo } from "../support/task-fixture.ts";

function project(): TempProject {
	const p = makeProject({});
	writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
	return p;
}

const cli = (p: TempProject, ...args: string[]) =>
	runCli(args, { cwd: p.cwd, env: { HOME: p.home, PI_CODING_AGENT_DIR: p.agentDir } });

/** A session file of a real Pi session manager, written as Pi writes one (header, then entries). */
function sessionFile(p: TempProject): string {
	const read = { id: "r1", name: "read", args: { path: "rounding.ts" } };
	const session = sessionOf(
		[
			user("Where are amounts rounded?"),
			assistant("Reading.", [read]),
			result(read, "export const round = (x) => Math.round(x * 100) / 100;"),
			assistant("In rounding.ts, to cents."),
		],
		p.cwd,
	);
	const file = join(p.cwd, "session.jsonl");
	const lines = [session.getHeader(), ...session.getEntries()].map((e) => JSON.stringify(e));
	writeFileSync(file, `${lines.join("\n")}\n`);
	return file;
}

function specFile(p: TempProject, tail: boolean): string {
	const file = join(p.cwd, "spec.json");
	const spec = { id: "check-rounding", goal: "Check the rounding.", deliverable: "A verdict.", roots: [p.cwd] };
	writeFileSync(file, JSON.stringify(tail ? { ...spec, context: { tail: { tokens: 2000 } } } : spec));
	return file;
}

describe("--session", () => {
	it("preview --spec --session quotes the session's branch in the first message and shows the tail row", async () => {
		const p = project();
		sessionFile(p);
		const r = await cli(p, "preview", "--spec", specFile(p, true), "--session", "session.jsonl");
		expect(r.stderr).toBe("");
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("## Background: the end of the caller's conversation");
		expect(r.stdout).toContain("> ← read returned:\n> export const round");
		expect(r.stdout).toMatch(/^rung +L3 /m);
		expect(r.stdout).toMatch(/^tail +3 entries, ~\d+ of 2000 tokens /m);
		// A long path may be cut across lines to stay within 80 columns: compare it without the breaks.
		expect(r.stdout.replace(/\s+/g, "")).toMatch(/tail3entries,~\d+of2000tokensfromthesession\S*session\.jsonl/);
	});

	it("refuses a file that is not a session, and --session without --spec, with exit 2", async () => {
		const p = project();
		writeFileSync(join(p.cwd, "notes.jsonl"), '{"hello": "world"}\n');
		const notSession = await cli(p, "preview", "--spec", specFile(p, true), "--session", "notes.jsonl");
		expect(notSession.code).toBe(2);
		expect(notSession.stderr).toContain("--session: is not a Pi session file: it has no session header line");
		const missing = await cli(p, "run", specFile(p, true), "--session", "gone.jsonl");
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain("--session: cannot be read (ENOENT)");
		const alone = await cli(p, "preview", "--session", "notes.jsonl");
		expect(alone.code).toBe(2);
		expect(alone.stderr).toContain("--session needs --spec");
	});

	it("run --session hands the tail to the child's brief and records the session as the run's parent", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		const session = sessionOf([user("Keep a.txt as it is."), assistant("Agreed.")], ws.project);
		const file = join(ws.project, "parent.jsonl");
		writeFileSync(file, `${[session.getHeader(), ...session.getEntries()].map((e) => JSON.stringify(e)).join("\n")}\n`);
		const spec = ws.spec({ roots: [a], context: { tail: { tokens: 500 } } });
		const out = await ws.run(spec, ["--session", "parent.jsonl"]);
		expect(out.stdout).toMatch(/^PASS {2}task t\n/);
		const [run] = listRuns(ws.runsDir);
		const launch = JSON.parse(readFileSync(join(run!.dir, "launch.json"), "utf8"));
		expect(launch.parentSession).toEqual({ id: session.getSessionId(), file });
		expect(launch.tail).toMatchObject({ entries: 2, omitted: 0, source: `the session ${file}` });
		expect(readFileSync(join(run!.dir, "prompt.txt"), "utf8")).toContain("> Keep a.txt as it is.");
	});
});
