/**
 * A process that runs one subprocess child which starts two background sleeps (one in its own
 * session) and then stalls. It prints `READY <project dir>` once the child stalls; the pids are in
 * `<project dir>/pids` (the two sleeps, then the child's Pi). With `--own-sigint` it handles SIGINT
 * itself, as a host like Pi's TUI does, and prints the child's outcome when the run returns.
 *
 *   node test/support/stalled-runner.ts [--own-sigint]
 */
import { runSubprocess } from "../../src/run/subprocess.ts";
import { runScripted, scriptedChild } from "./child.ts";

const child = scriptedChild({
	turns: [
		{
			tools: [
				{
					name: "bash",
					args: { command: "sleep 600 & echo $! > pids; setsid sleep 601 & echo $! >> pids; echo $PPID >> pids" },
				},
			],
		},
		{ text: "stalling", delayMs: 600_000 },
	],
});

if (process.argv.includes("--own-sigint")) process.on("SIGINT", () => process.stdout.write("SIGINT handled\n"));

const run = await runScripted(runSubprocess, child, {
	during: (p) => {
		if (p.type === "turn" && p.turn === 2) process.stdout.write(`READY ${child.project}\n`);
	},
});
process.stdout.write(`OUTCOME ${JSON.stringify(run.outcome)}\n`);
