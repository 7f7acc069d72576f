/**
 * Every git process pi-delegate starts goes through src/boundary/git-process.ts, which decides
 * what a repository's configuration can make git do (nothing that runs a program). This fails
 * on any other way of starting git in src/: `"git"` handed as a program to a call, a shell
 * command line that runs git, or process-starting code in a file that is not known to start only
 * other programs. The one exception is asking `git --version` (doctor), which reads no repository
 * and no configuration.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support/ts-files.ts";

const SRC = resolve(import.meta.dirname, "../src");
const GIT_MODULE = "boundary/git-process.ts";

/** The files that may start processes, and what each starts (none of them git, but the module). */
const STARTS_PROCESSES: Record<string, string> = {
	[GIT_MODULE]: "git, every process of it",
	"boundary/exec.ts": "find (and git when git-process.ts hands it the hardened command line)",
	"run/runners/subprocess.ts": "the child's pi",
	"run/accept.ts": "the caller's acceptance commands, each in bubblewrap under the child's sandbox plan",
	"run/workspace/copy.ts":
		"cp, copying the files of a root into its private copy (apply on-pass), before the child starts",
	"run/sandbox/support.ts": "bubblewrap's probe",
	"run/control/supervisor.ts": "a background run's supervisor: pi-delegate itself, in a PID namespace of bubblewrap's",
	"run/sandbox/command-namespace.ts":
		"the keeper of the PID namespace a subprocess child's commands share (bubblewrap)",
	"doctor/programs.ts": "the programs doctor asks for their version",
	"selftest/e2e.ts": "the version probe of a program a case needs (python3)",
};

/** `text` with comments blanked out (a doc comment may well name git), lines kept in place. */
function code(text: string): string {
	return text
		.split("\n")
		.map((line) => (/^\s*(\*|\/\*)/.test(line) ? "" : line.replace(/\/\/.*$/, "")))
		.join("\n");
}

/** Hands git to something that starts it (an Exec port included), anywhere in src/, over line breaks too. */
const GIT_AS_PROGRAM = /\(\s*["'`]git["'`]\s*[,)]/g;
/** A shell command line that runs git, in a file that starts processes: `execSync("… git …")`, `sh -c "git …"`. */
const GIT_IN_COMMAND_LINE = [
	/\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\(\s*["'`][^"'`]*\bgit\b/g,
	/["'`]-c["'`]\s*,\s*["'`][^"'`]*\bgit\b/g,
];
/** `git --version` reads no repository and no configuration. */
const VERSION_PROBE = /^\(\s*["'`]git["'`]\s*,\s*\[\s*["'`]--version["'`]\s*\]/;

function offences(file: string, text: string): string[] {
	const name = relative(SRC, file);
	if (name === GIT_MODULE) return [];
	const found: string[] = [];
	const starts = /from "node:child_process"/.test(text);
	if (starts && !(name in STARTS_PROCESSES))
		found.push(
			`${name}: imports node:child_process (start git through ${GIT_MODULE}; other programs: list the file here)`,
		);
	const body = code(text);
	const at = (index: number) => `${name}:${body.slice(0, index).split("\n").length}`;
	for (const match of body.matchAll(GIT_AS_PROGRAM)) {
		if (!VERSION_PROBE.test(body.slice(match.index))) found.push(`${at(match.index)}: passes "git" as the program`);
	}
	for (const pattern of starts ? GIT_IN_COMMAND_LINE : []) {
		for (const match of body.matchAll(pattern)) found.push(`${at(match.index)}: a command line that runs git`);
	}
	return found;
}

describe("git processes", () => {
	it("are all started by src/boundary/git-process.ts", () => {
		const found = tsFiles(SRC).flatMap((file) => offences(file, readFileSync(file, "utf8")));
		expect(found, `start git through ${GIT_MODULE}`).toEqual([]);
	});

	it("would catch each way of starting git elsewhere", () => {
		const file = resolve(SRC, "run/elsewhere.ts");
		const spawns = 'import { execSync } from "node:child_process";\n';
		const cases = [
			spawns,
			'spawnSync("git", ["status"]);\n',
			'run("git", args, cwd);\n',
			'return run(\n\t"git",\n\t[...args],\n);\n',
			`${spawns}spawn("sh", ["-c", "git status --porcelain"]);\n`,
			`${spawns}execSync("cd x && git log");\n`,
		];
		for (const text of cases) expect(offences(file, text), text).not.toEqual([]);
		expect(offences(file, 'askOnPath("git", ["--version"], ask);\n')).toEqual([]);
		expect(offences(file, "// git rev-parse in a comment\n")).toEqual([]);
	});

	it("lists only files that exist and still start processes", () => {
		const stale = Object.keys(STARTS_PROCESSES).filter((name) => {
			try {
				return !/from "node:child_process"/.test(readFileSync(resolve(SRC, name), "utf8"));
			} catch {
				return true;
			}
		});
		expect(stale).toEqual([]);
	});
});
