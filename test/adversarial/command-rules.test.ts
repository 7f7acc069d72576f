/**
 * Per-command bash rules against a child that writes its commands to slip past them: each form is
 * one bash runs differently from how a pattern over its text reads it, or one that hides a denied
 * command where a text scanner does not look. An allowlist must refuse what it cannot prove
 * allowed; a denylist must find a denial behind every wrapper, and refuse what no rule can know
 * before it runs. The reverse holds too: quoted text is data, not a command, unless a shell runs it.
 * The last case runs a hostile command through a whole task on both runners.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CommandPolicy, type CommandRule, checkCommand } from "../../src/agents/permissions/command-policy.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { statuserWorkspace } from "../support/statuser.ts";
import { gitRepo } from "../support/task-fixture.ts";

const rule = (pattern: string, effect: CommandRule["effect"], syntax: CommandRule["syntax"] = "claude") => ({
	pattern,
	effect,
	syntax,
	from: `test ${pattern}`,
});

const only = (...patterns: string[]): CommandPolicy => ({
	otherwise: "deny",
	rules: patterns.map((pattern) => rule(pattern, "allow")),
});

/** Claude Code's settings style: everything but these. */
const DENY: CommandPolicy = { otherwise: "allow", rules: [rule("rm:*", "deny"), rule("git push:*", "deny")] };

const decision = async (command: string, policy: CommandPolicy) => await checkCommand(command, policy);

describe("an allowlist refuses what it cannot prove allowed", () => {
	it.each<[string, string, CommandPolicy]>([
		// `$'\''` is one quote character for bash: the `;` after it ends the command.
		[
			"an ANSI-C quote that ends where a scanner thinks it opens",
			"git status $'\\'' ; touch pwned #'",
			only("git status:*"),
		],
		// `<>` opens the file for reading and writing, and creates it.
		["a read-write redirection that creates a file", "git status <>created.txt", only("git status:*")],
		["bash -c running a command the list does not name", "bash -c 'rm -rf build'", only("bash *")],
		[
			"a glob where the pattern allows one character",
			"ls *",
			{ otherwise: "deny", rules: [rule("ls ?", "allow", "opencode")] },
		],
		["git -c naming a pager git runs", "git -c core.pager='rm -rf build' -p log", only("git *")],
		["git -c defining an alias that runs a shell", "git -c alias.st='!rm -rf build' st", only("git *")],
	])("%s: %j", async (_what, command, policy) => {
		expect(await decision(command, policy)).toMatchObject({ ok: false });
	});
});

describe("a denylist finds a denial behind every wrapper and refuses what it cannot know", () => {
	it.each([
		["git's own options before the subcommand", "git -C . push"],
		["git's --git-dir before the subcommand", "git --git-dir=.git push origin main"],
		["a command named by a variable", "X=rm; $X -rf build"],
		["eval of words", "eval rm -rf build"],
		["a brace expansion in the command's place", "{rm,} -rf build"],
		["a glob in the command's place", "/bin/r? -rf build"],
		["sudo's long user option", "sudo --user root rm -rf build"],
		["stdbuf's long option", "stdbuf --output L rm -rf build"],
		["timeout's long signal option", "timeout --signal KILL 5 rm -rf build"],
		["xargs reading its arguments from a file", "xargs -a list.txt rm -rf"],
		["a tracer running the command", "strace -f -o /dev/null rm -rf build"],
		["source of a process substitution", "source <(echo rm -rf build)"],
		["a here-document fed to a shell", "cat <<EOF | bash\nrm -rf build\nEOF"],
		["decoded text piped into a shell", "echo cm0gLXJmIGJ1aWxkCg== | base64 -d | sh"],
		["a script file the child wrote, run by a shell", "bash s.sh"],
		["a script file the child wrote, sourced", ". ./s.sh"],
		["shell text held in a variable", 'CMD=$(cat f); sh -c "$CMD"'],
		["a function that runs its arguments", 'f() { "$@"; }; f rm -rf build'],
		["an alias defined and then used", "shopt -s expand_aliases; alias r=rm\nr -rf build"],
		["git -c defining an alias", "git -c alias.x='!rm -rf build' x"],
		["arithmetic over a value read from a file", "read x < f; echo $((x))"],
		["a pager set for git to run", "export PAGER=rm\\ -rf\\ build; git -p log"],
		["backquotes nested in backquotes", "echo `echo \\`rm -rf build\\``"],
		["a shell named by a variable", "$SHELL -c rm\\ -rf\\ build"],
		["find running what it found", "find /bin -name rm -exec {} -rf build \\;"],
		["a builtin loaded from a file the child wrote", "enable -f ./x.so rm"],
		["sudo's shell reading its input", "echo rm -rf build | sudo -s"],
		["su reading its input", "echo rm -rf build | su"],
		["a file of commands every bash reads first", "BASH_ENV=./s.sh bash -c true"],
	])("%s: %j", async (_what, command) => {
		expect(await decision(command, DENY)).toMatchObject({ ok: false });
	});
});

describe("quoted text is data unless a shell runs it", () => {
	it.each<[string, CommandPolicy]>([
		['git commit -m "rm the old helper"', DENY],
		["echo 'rm -rf is dangerous'", DENY],
		['grep -rn "git push" docs', DENY],
		["git status -- $'it\\'s'", only("git status:*")],
	])("%j runs", async (command, policy) => {
		expect(await decision(command, policy)).toEqual({ ok: true });
	});
});

describe.each(RUNNERS)("a hostile command through a whole task, %s runner", (runner) => {
	it("refuses the command bash would split where the old scanner saw one, and runs the allowed one", async () => {
		const repo = gitRepo({ "a.txt": "x\n" });
		const hostile = `git status $'\\'' ; echo leaked > ${repo}/leak.txt #'`;
		const ws = statuserWorkspace(repo, [hostile, "git status --short"]);
		const spec = ws.spec({ read_only: false, roots: [repo], write_allowed: [repo] });
		const { out, dir } = await ws.runAgent(spec, "statuser", runner);
		expect(existsSync(join(repo, "leak.txt"))).toBe(false);
		const result = JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as {
			isolation?: { prevented: Array<{ command?: string; reason: string; refusedBy?: string }> };
		};
		const prevented = result.isolation?.prevented ?? [];
		expect(prevented.map((attempt) => attempt.command)).toEqual([hostile]);
		// Refused for what it does, by the grammar: not because the grammar failed to load.
		expect(prevented[0]?.reason).toContain("output redirected to a file");
		expect(prevented[0]?.refusedBy).toBe("commands");
		expect(out.stdout).toContain("1 command refused");
		expect(out.code).toBe(0);
	});
});
