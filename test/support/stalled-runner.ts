/**
 * A process that runs one subprocess child which starts two background sleeps (one in its own
 * session) and then stalls. It prints `READY <project dir>` once the child stalls; the argv tokens
 * that find the child's processes are in `<project dir>/tokens` (the two sleeps, then the child's
 * session file, which only its Pi has in its argv). With `--own-sigint` it handles SIGINT itself,
 * as a host like Pi's TUI does, and prints the child's outcome when the run returns.
 *
 *   node test/support/stalled-runner.ts [--own-sigint]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runSubprocess } from "../../src/run/runners/subprocess.ts";
import { runScripted, scriptedChild } from "./child.ts";
import { sleepToken } from "./tokens.ts";

const [plain, detached] = [sleepToken(), sleepToken()];
const child = scriptedChild({
	turns: [
		{
			tools: [
				{
					name: "bash",
					args: { command: `sleep ${plain} & setsid sleep ${detached} &` },
				},
			],
		},
		{ text: "stalling", delayMs: 600_000 },
	],
});

writeFileSync(join(child.project, "tokens"), [plain, detached, child.sessionFile].join("\n"));

if (process.argv.includes("--own-sigint")) process.on("SIGINT", () => process.stdout.write("SIGINT handled\n"));

const run = await runScripted(runSubprocess, child, {
	during: (p) => {
		if (p.type === "turn" && p.turn === 2) process.stdout.write(`READY ${child.project}\n`);
	},
});
process.stdout.write(`OUTCOME ${JSON.stringify(run.outcome)}\n`);
