/**
 * `pi-delegate gate`: exit codes, what a person reads, the JSON, every way of giving a brief, every
 * kind of bad input (one line, exit 2, no stack trace), a terminal on stdin, and that the command
 * loads nothing of Pi.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.ts";
import { WRITE_ALLOWED_PLACEHOLDER } from "../../src/gate/types.ts";
import { runCli } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

const dir = tempDir("pi-delegate-gate-cli-");
const REPO = resolve(import.meta.dirname, "..", "..");

/** Runs the CLI in-process with stdin a terminal: reading it would be a bug. */
async function onTerminal(argv: string[]) {
	let stderr = "";
	let read = false;
	const code = await main(argv, {
		stdout: () => {},
		stderr: (t) => {
			stderr += t;
		},
		readStdin: async () => {
			read = true;
			return "";
		},
		cwd: dir,
		env: {},
		isTTY: true,
		stdinIsTTY: true,
	});
	return { code, stderr, read };
}

describe("pi-delegate gate", () => {
	it("exits 0 with one line for a brief that may be a fork", async () => {
		const r = await runCli(["gate", "Why did the fix fail on CI?"]);
		expect(r).toEqual({
			code: 0,
			stdout: "FORK  may go to a fork: no prohibition, write boundary or file-changing order found\n",
			stderr: "",
		});
	});

	it("exits 1 for a task, with an aligned table of reasons and the call, within 80 columns", async () => {
		const r = await runCli(["gate", "Could you fix the typo in a.ts? Don't touch src/api."], { cwd: "/repo" });
		expect(r.code).toBe(1);
		expect(r.stderr).toBe("");
		const lines = r.stdout.split("\n");
		expect(lines.slice(0, 8)).toEqual([
			"TASK  must be a task: 4 reasons",
			"",
			"  at  kind            words           rule",
			"  ──  ──────────────  ──────────────  ─────────────────",
			'  10  file-change     "fix the typo"  change-verb',
			'  26  write-boundary  "a.ts"          change-target',
			'  32  prohibition     "Don\'t touch"   negated-directive',
			'  44  write-boundary  "src/api"       negated-directive',
		]);
		expect(r.stdout).toContain('Call instead:\n\ntask({\n  id: "fix-typo-ts-touch-src",');
		expect(r.stdout).toContain('  roots: ["/repo"],');
		for (const line of lines.filter((l) => !/^\s+(deliverable|goal|write_allowed):/.test(l))) {
			expect(line.length, line).toBeLessThanOrEqual(80);
		}
	});

	it("cuts a long quote in the table with an ellipsis, so a cut is never read as the whole", async () => {
		const r = await runCli(["gate", "Wondering if the stale fixtures could all go away in one sweep."]);
		expect(r.code).toBe(1);
		const row = r.stdout.split("\n").find((l) => l.includes("learned")) ?? "";
		expect(row).toMatch(/^ {3}0 {2}not-read-only {2}"Wondering if the stale fixtures… {2}learned$/);
	});

	it("prints the decision and the proposal as JSON", async () => {
		const r = await runCli(["gate", "--json", "--cwd", "/work/repo", "Fix README.md."]);
		expect(r.code).toBe(1);
		const out = JSON.parse(r.stdout);
		expect(out.route).toBe("task");
		expect(out.reasons.map((x: { kind: string }) => x.kind)).toEqual(["file-change", "write-boundary"]);
		expect(out.proposal.params).toMatchObject({
			read_only: false,
			roots: ["/work/repo"],
			write_allowed: [WRITE_ALLOWED_PLACEHOLDER],
		});
		expect(out.proposal.writeHints).toEqual(["README.md"]);
		expect(typeof out.proposal.text).toBe("string");
		const fork = JSON.parse((await runCli(["gate", "--json", "Explain the meter."])).stdout);
		expect(fork).toMatchObject({ route: "fork", reasons: [], proposal: { params: { read_only: true } } });
	});

	it("reads the brief from --file, from - and from a pipe, and joins unquoted words", async () => {
		const file = join(dir, "brief.md");
		writeFileSync(file, "# Task\n\n- never push\n");
		expect((await runCli(["gate", "--file", file])).code).toBe(1);
		expect((await runCli(["gate", "-"], { stdin: "Never push." })).code).toBe(1);
		expect((await runCli(["gate", "--file", "-"], { stdin: "Explain it." })).code).toBe(0);
		expect((await runCli(["gate"], { stdin: "Never push." })).code).toBe(1);
		const words = await runCli(["gate", "--json", "fix", "the", "typo"]);
		expect(JSON.parse(words.stdout).proposal.params.goal).toBe("fix the typo");
	});

	it("resolves a relative --cwd against the working directory", async () => {
		const r = await runCli(["gate", "--json", "--cwd", "sub", "Fix a.ts."], { cwd: "/base" });
		expect(JSON.parse(r.stdout).proposal.params.roots).toEqual(["/base/sub"]);
	});

	it("says what it expects, without waiting, when stdin is a terminal and no brief is given", async () => {
		const r = await onTerminal(["gate"]);
		expect(r).toEqual({
			code: 2,
			stderr: "pi-delegate gate: no brief given: pass it as an argument, with --file <path>, or pipe it in with -\n",
			read: false,
		});
		// An explicit - still reads: the user asked for it.
		expect((await onTerminal(["gate", "-"])).read).toBe(true);
	});

	it("exits 2 with one line for an empty brief or an unreadable file", async () => {
		const empty = join(dir, "empty.md");
		writeFileSync(empty, "  \n\t\n");
		const utf16 = join(dir, "utf16.md");
		writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Do not touch it.", "utf16le")]));
		const cases: Array<[string[], string | undefined, string]> = [
			[["gate", "-"], "", "pi-delegate gate: the brief from standard input is empty\n"],
			[["gate", "   "], undefined, "pi-delegate gate: the brief from the argument is empty\n"],
			[["gate", "--file", empty], undefined, `pi-delegate gate: the brief from ${empty} is empty\n`],
			[
				["gate", "--file", join(dir, "nope.md")],
				undefined,
				`pi-delegate gate: cannot read ${join(dir, "nope.md")}: no such file\n`,
			],
			[["gate", "--file", dir], undefined, `pi-delegate gate: cannot read ${dir}: it is a directory\n`],
			[
				["gate", "--file", utf16],
				undefined,
				`pi-delegate gate: cannot read ${utf16}: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte-order mark); save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8, or Out-File -Encoding utf8; in an editor: save with encoding UTF-8)\n`,
			],
		];
		for (const [argv, stdin, stderr] of cases) {
			const r = await runCli(argv, stdin === undefined ? {} : { stdin });
			expect(r, argv.join(" ")).toEqual({ code: 2, stdout: "", stderr });
		}
	});

	it("exits 2 with one line when standard input cannot be read", async () => {
		let stderr = "";
		const code = await main(["gate", "-"], {
			stdout: () => {},
			stderr: (t) => {
				stderr += t;
			},
			readStdin: async () => {
				throw Object.assign(new Error("EAGAIN: resource temporarily unavailable, read"), { code: "EAGAIN" });
			},
			cwd: dir,
			env: {},
			isTTY: false,
		});
		expect({ code, stderr }).toEqual({
			code: 2,
			stderr: "pi-delegate gate: cannot read standard input: EAGAIN: resource temporarily unavailable, read\n",
		});
	});

	it("exits 2 with the usage for bad flags, naming the near miss", async () => {
		const r = await runCli(["gate", "--jsno", "x"]);
		expect(r.code).toBe(2);
		expect(r.stderr.split("\n")[0]).toBe("pi-delegate gate: unknown option --jsno (did you mean --json?)");
		expect(r.stderr).toContain("Usage: pi-delegate gate");
		const both = await runCli(["gate", "--file", "a.md", "also", "words"]);
		expect(both.stderr.split("\n")[0]).toBe("pi-delegate gate: give the brief one way: an argument, --file or -");
		expect((await runCli(["gate", "-", "more"])).code).toBe(2);
	});

	it("is listed in the help", async () => {
		const r = await runCli(["help"]);
		expect(r.stdout).toMatch(/\n {2}gate +say whether a brief may go to a fork or must be a task/);
		expect((await runCli(["help", "gate"])).stdout).toContain(
			"Exit codes: 0 may be a fork, 1 must be a task, 2 no brief",
		);
	});

	it("gives the same exit codes from a real process, reading a pipe", () => {
		const run = (args: string[], input?: string) =>
			spawnSync(process.execPath, [join(REPO, "src/cli/main.ts"), "gate", ...args], { input, encoding: "utf8" });
		expect(run(["Explain the meter."]).status).toBe(0);
		expect(run(["-"], "Do not push.").status).toBe(1);
		const bad = run(["--file", join(dir, "missing")]);
		expect(bad.status).toBe(2);
		expect(bad.stderr).not.toMatch(/\n\s+at /);
	});
});

/** The modules a source file imports, followed through relative imports. */
function importGraph(entry: string): { files: string[]; external: string[] } {
	const files = new Set<string>();
	const external = new Set<string>();
	const visit = (file: string) => {
		if (files.has(file)) return;
		files.add(file);
		const text = readFileSync(file, "utf8");
		for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)) {
			const spec = m[1] ?? "";
			if (/^import\s+type\s/.test(m[0].trim())) continue;
			if (spec.startsWith(".")) visit(resolve(dirname(file), spec));
			else external.add(spec);
		}
	};
	visit(entry);
	return { files: [...files], external: [...external] };
}

describe("the gate command's imports", () => {
	it("load the classifier and the CLI basics, nothing of Pi and no package at all", () => {
		const { files, external } = importGraph(join(REPO, "src/cli/gate.ts"));
		expect(external.filter((s) => !s.startsWith("node:"))).toEqual([]);
		const rel = files.map((f) => f.slice(REPO.length + 1));
		expect(
			rel.every(
				(f) =>
					f.startsWith("src/gate/") ||
					[
						"src/cli/gate.ts",
						"src/cli/command.ts",
						"src/cli/flags.ts",
						"src/format/table.ts",
						"src/format/width.ts",
						"src/format/wrap-line.ts",
						"src/format/text.ts",
						"src/format/numbers.ts",
						"src/json/encoding.ts",
						"src/read-input.ts",
						"src/suggest.ts",
					].includes(f),
			),
		).toBe(true);
	});

	it("are read by a walk that does see Pi where it is imported (control)", () => {
		expect(importGraph(join(REPO, "src/run/runners/in-process.ts")).external).toContain(
			"@earendil-works/pi-coding-agent",
		);
		expect(importGraph(join(REPO, "src/settings/check-values.ts")).external).toContain("typebox/value");
	});
});
