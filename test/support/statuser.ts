/**
 * The statuser: a user agent whose file scopes bash to `git status` as Claude Code writes it
 * (`Bash(git status:*)`), and a workspace whose child runs as it. The command-rule tests send it
 * commands bash must be held to, through the whole flow.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { envelope, submitTurn } from "./child.ts";
import { type RunWorkspace, runWorkspace } from "./cli-run.ts";

const STATUSER = [
	"---",
	"name: statuser",
	"description: Looks at the state of a repository",
	"tools: Read, Bash(git status:*)",
	"---",
	"You look at a repository's state and say what you saw.",
	"",
].join("\n");

/** A workspace with the statuser agent whose child runs each of `commands` in bash, then submits citing repo/a.txt:1. */
export function statuserWorkspace(repo: string, commands: readonly string[]): RunWorkspace {
	const ws = runWorkspace({
		turns: [
			...commands.map((command) => ({ tools: [{ name: "bash", args: { command } }] })),
			submitTurn(envelope([`${repo}/a.txt:1`])),
		],
	});
	mkdirSync(join(ws.agentDir, "agents"), { recursive: true });
	writeFileSync(join(ws.agentDir, "agents", "statuser.md"), STATUSER);
	return ws;
}
