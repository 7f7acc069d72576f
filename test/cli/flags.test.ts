/**
 * Hostile command lines, for every command: each is refused with exit 2, a line that names the
 * flag and what to write instead, the command's usage, nothing on stdout and no stack trace.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";

const cases: Array<[string[], string]> = [
	[[], "pi-delegate: no command given"],
	[["run", "--model"], "--model needs a value: --model VALUE"],
	[["run", "--model", "--json", "spec.json"], "--model needs a value, but a flag follows it; write --model=VALUE"],
	[["run", "--model=", "spec.json"], "--model needs a value"],
	[
		["run", "--model", "a/b", "--model", "c/d", "spec.json"],
		'--model is given twice ("a/b", then "c/d"); give it once',
	],
	[["run", "--json=no", "spec.json"], "--json takes no value; write --json alone"],
	[["run", "--runnr", "x", "spec.json"], "unknown option --runnr (did you mean --runner?)"],
	[["run", "-z", "spec.json"], "unknown option -z"],
	[["validate", "--jsn", "s.json"], "unknown option --jsn (did you mean --json?)"],
	[["preview", "stray"], 'unexpected argument "stray": this command takes flags only'],
	[["preview", "--mode"], "--mode needs a value"],
	[["spend", "--since"], "--since needs a value"],
	[["spend", "--by", "task", "--by", "day"], "--by is given twice"],
	[["gate", "--cwd", "--json", "brief"], "--cwd needs a value, but a flag follows it"],
	[["agents", "--bogus"], "unknown option --bogus"],
	[["doctor", "--jsno"], "unknown option --jsno (did you mean --json?)"],
	[["modes", "extra"], 'unexpected argument "extra"'],
	[["selftest", "--runner"], "--runner needs a value"],
	[["envelope", "check", "--cwd", "a", "--cwd", "b"], "--cwd is given twice"],
	[["boundary", "snapshot", "--bogus", "."], "unknown option --bogus"],
	[["boundary", "diff", "--after"], "--after needs a value"],
	[["workflow", "run", "--mode", "--json", "wf.ts"], "--mode needs a value, but a flag follows it"],
	// An empty argument would be read as a path to the current directory: a whole-tree snapshot or "is a directory".
	[["run", ""], 'an argument is empty (""): name a file, or remove it'],
	[["validate", ""], 'an argument is empty ("")'],
	[["boundary", "snapshot", ".", ""], 'an argument is empty ("")'],
	[["boundary", "diff", ""], 'an argument is empty ("")'],
	[["gate", ""], 'an argument is empty ("")'],
	[["envelope", "check", ""], 'an argument is empty ("")'],
];

describe("a bad flag", () => {
	it.each(cases)("%j is refused: %s", async (argv, message) => {
		const result = await runCli(argv, { cwd: "/" });
		expect(result.code).toBe(2);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain(message);
		expect(result.stderr).toMatch(/Usage:\s+pi-delegate/);
		expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
	});
});
