import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { CASE_LAYOUT } from "../../src/envelope/cases.ts";
import { writeLayout } from "../../src/envelope/probe.ts";
import { runCli } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

const CORPUS = join(import.meta.dirname, "../fixtures/envelopes");
const sandbox = tempDir("pi-delegate-cli-envelope-");
writeLayout(sandbox, CASE_LAYOUT);
const repo = join(sandbox, "repo");
const commandsFile = join(sandbox, "commands.txt");
writeFileSync(commandsFile, "npm test\n\n  \ngit diff --stat\n");
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const fixture = (name: string) => join(CORPUS, name);
const verify = ["--roots", repo, "--cwd", repo, "--commands-file", commandsFile];

describe("pi-delegate envelope check", () => {
	it("passes a valid message whose pointers all hold, with a mark per claim", async () => {
		const result = await runCli(["envelope", "check", fixture("good-message.md"), ...verify]);
		expect(result.code).toBe(0);
		expect(result.stderr).toBe("");
		expect(result.stdout).toContain("source: the fenced json block at line 5\nstatus: ok\n");
		expect(result.stdout).toMatch(/✓ +1 +src\/app\.ts:1-3 +lines 1-3 exist \(3 lines\) +add returns the sum/);
		expect(result.stdout).toMatch(/✓ +3 +cmd: npm test +ran as command 1 of 2/);
		expect(result.stdout).toContain("unsure:\n  - whether callers rely on string coercion\ndid not do: none\n");
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("PASS  valid envelope, 3 of 3 pointers verified");
	});

	it("checks validity only when given neither roots nor commands, marking pointers unchecked", async () => {
		const result = await runCli(["envelope", "check", fixture("good-envelope.json")]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/· +1 +src\/app\.ts:1 +not checked/);
		expect(result.stdout).toContain(
			"PASS  valid envelope; 2 pointers not verified (give --roots and --commands-file to verify them)",
		);
	});

	it("fails with exit 1 when a pointer does not hold, and says why next to the claim", async () => {
		const result = await runCli(["envelope", "check", fixture("escape-symlink.json"), ...verify]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain(
			`✗  1  leak.txt:1  ${repo}/leak.txt is outside the roots (${repo}) through a symlink`,
		);
		expect(result.stdout).toContain("FAIL  valid envelope, but 1 of 1 pointers failed verification");
	});

	it("fails a cmd: pointer when roots are given but no command record", async () => {
		const result = await runCli(["envelope", "check", fixture("good-envelope.json"), "--roots", repo, "--cwd", repo]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain("no record of the commands the child ran was given");
	});

	it("resolves relative pointers against --cwd, defaulting to the current directory", async () => {
		const here = await runCli(["envelope", "check", fixture("past-last-line.json"), "--roots", repo], { cwd: repo });
		expect(here.stdout).toContain("src/app.ts has 3 lines; lines 3-9 run past the end");
		const elsewhere = await runCli(["envelope", "check", fixture("good-untagged-trailing-comma.md"), "--roots", repo], {
			cwd: sandbox,
		});
		expect(elsewhere.code).toBe(1);
		expect(elsewhere.stdout).toContain(`${sandbox}/README.md is outside the roots`);
	});

	it("fails an invalid envelope with exit 1, listing every problem with its fix", async () => {
		const result = await runCli(["envelope", "check", fixture("unknown-fields.json"), ...verify]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain("  ✗ didNotDo: is not an envelope field");
		expect(result.stdout).toContain("      fix:   rename it to did_not_do");
		expect(result.stdout.trimEnd().split("\n").at(-1)).toBe(
			"FAIL  invalid envelope: the JSON text is not a valid envelope: 3 problems (evidence[0].confidence, didNotDo, summary)",
		);
	});

	it("fails a prose-only answer", async () => {
		const result = await runCli(["envelope", "check", fixture("prose-only.md")]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain("FAIL  invalid envelope: no envelope:");
	});

	it("reads standard input for - and when no file is named", async () => {
		const text = readFileSync(fixture("good-message.md"), "utf8");
		expect((await runCli(["envelope", "check", "-"], { stdin: text })).code).toBe(0);
		expect((await runCli(["envelope", "check"], { stdin: text })).code).toBe(0);
		expect((await runCli(["envelope", "check"], { stdin: "no envelope here" })).code).toBe(1);
	});

	it("prints JSON with --json", async () => {
		const result = await runCli(["envelope", "check", fixture("missing-file.json"), ...verify, "--json"]);
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout);
		expect(report).toMatchObject({ pass: false, valid: true, source: "the JSON text", problems: [] });
		expect(report.claims).toEqual([
			{
				index: 0,
				claim: "there is a test for add",
				pointer: "test/app.test.ts:4",
				verified: false,
				reason: `${repo}/test/app.test.ts does not exist`,
			},
		]);
		const bad = JSON.parse((await runCli(["envelope", "check", fixture("bad-status.json"), "--json"])).stdout);
		expect(bad).toMatchObject({
			pass: false,
			valid: false,
			reason: "the JSON text is not a valid envelope: 1 problem (status)",
		});
		expect(bad.problems[0].at).toBe("status");
		expect(bad.problems[0]).toMatchObject({ code: "invalid_value", path: ["status"], value: "success" });
	});

	it.each([
		[["envelope", "check", "missing.md"], "input file"],
		[["envelope", "check", fixture("good-message.md"), "--roots", join(sandbox, "nope")], "does not exist"],
		[["envelope", "check", fixture("good-message.md"), "--roots", join(repo, "README.md")], "is not a directory"],
		[["envelope", "check", fixture("good-message.md"), "--commands-file", join(sandbox, "none.txt")], "commands file"],
		[["envelope", "check", fixture("good-message.md"), "--cwd", join(sandbox, "nope")], "--cwd"],
	])("exits 2 on unusable input: %j", async (argv, message) => {
		const result = await runCli(argv);
		expect(result.code).toBe(2);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain(message);
	});

	it.each([
		[["envelope"], "missing subcommand: check"],
		[["envelope", "verify"], 'unknown subcommand "verify"'],
		[["envelope", "check", "a", "b"], 'one input at most; also got "b"'],
		[["envelope", "check", "--bogus"], "unknown option --bogus"],
		[["envelope", "check", "--roots"], "--roots"],
	])("exits 2 with the usage on bad flags: %j", async (argv, message) => {
		const result = await runCli(argv);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(message);
		expect(result.stderr).toContain("Usage: pi-delegate envelope check");
	});

	it("fails an ok envelope with no evidence unless --evidence optional relaxes the rule", async () => {
		const bare = JSON.stringify({ deliverable: "d", evidence: [], unsure: [], did_not_do: [], status: "ok" });
		const strict = await runCli(["envelope", "check", "-"], { stdin: bare });
		expect(strict.code).toBe(1);
		expect(strict.stdout).toContain("FAIL  valid envelope, but status is ok with no evidence");
		const relaxed = await runCli(["envelope", "check", "-", "--evidence", "optional"], { stdin: bare });
		expect(relaxed.code).toBe(0);
		expect(relaxed.stdout).toContain('note: evidence not required (spec: evidence "optional")');
		const typo = await runCli(["envelope", "check", "-", "--evidence", "optinal"], { stdin: bare });
		expect(typo.code).toBe(2);
		expect(typo.stderr).toContain('--evidence must be required or optional, not "optinal" (did you mean "optional"?)');
	});

	it("says why a root is unusable when it is a dangling symlink", async () => {
		const result = await runCli(["envelope", "check", fixture("good-message.md"), "--roots", join(repo, "gone")], {});
		expect(result.stderr).toContain(`root ${repo}/gone does not exist`);
		execFileSync("ln", ["-s", "nowhere", join(sandbox, "dangling-root")]);
		const dangling = await runCli([
			"envelope",
			"check",
			fixture("good-message.md"),
			"--roots",
			join(sandbox, "dangling-root"),
		]);
		expect(dangling.code).toBe(2);
		expect(dangling.stderr).toContain("is a symlink whose target does not exist");
	});

	it("is listed by help", async () => {
		const result = await runCli(["help"]);
		expect(result.stdout).toContain("envelope  check a child's result envelope");
	});
});

describe("pi-delegate envelope check reading standard input", () => {
	const good = readFileSync(fixture("good-message.md"), "utf8");
	afterEach(() => {
		vi.useRealTimers();
	});

	it("says what it is reading and how to end it when standard input is a terminal", async () => {
		const result = await runCli(["envelope", "check"], { stdin: good, stdinIsTTY: true });
		expect(result.code).toBe(0);
		expect(result.stderr).toBe(
			"reading an envelope from standard input; end with Ctrl-D (or give a file instead of -)\n",
		);
	});

	it("says nothing when a pipe delivers at once", async () => {
		expect((await runCli(["envelope", "check", "-"], { stdin: good })).stderr).toBe("");
	});

	it("says it is still waiting when input does not end, instead of hanging in silence", async () => {
		vi.useFakeTimers();
		let end: (text: string) => void = () => {};
		const pending = runCli(["envelope", "check", "-"], { readStdin: () => new Promise((r) => (end = r)) });
		await vi.advanceTimersByTimeAsync(3000);
		end(good);
		const result = await pending;
		expect(result.code).toBe(0);
		expect(result.stderr).toMatch(/^still waiting for an envelope on standard input after 3 s: nothing has ended it/);
	});

	it("announces a FIFO given as the file before it waits for a writer", async () => {
		const fifo = join(sandbox, "result.fifo");
		execFileSync("mkfifo", [fifo]);
		const pending = runCli(["envelope", "check", fifo]);
		await writeFile(fifo, good);
		const result = await pending;
		expect(result.code).toBe(0);
		expect(result.stderr).toBe(
			`reading the input file from the FIFO ${fifo}: waiting until something writes to it and closes it (Ctrl-C to give up)\n`,
		);
	});

	const hasScript = spawnSync("script", ["--version"]).status === 0;
	it.skipIf(!hasScript)("prints the hint on a real terminal (a pseudo-terminal from script)", () => {
		const main = join(import.meta.dirname, "../../src/cli/main.ts");
		const out = spawnSync("script", ["-qec", `${process.execPath} ${main} envelope check`, "/dev/null"], {
			input: `${JSON.stringify({ deliverable: "d", evidence: [], unsure: [], did_not_do: [], status: "failed" })}\n\u0004`,
			encoding: "utf8",
			timeout: 20_000,
		});
		expect(out.stdout).toContain("reading an envelope from standard input; end with Ctrl-D");
		expect(out.stdout).toContain("PASS  valid envelope, with no evidence to verify");
	});
});
