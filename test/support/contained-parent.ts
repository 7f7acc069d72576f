/**
 * A parent process for tests of what happens when pi-delegate itself is killed: it runs one child
 * on the named runner whose only turn is the given bash command, and prints `STARTED` when the
 * command starts. The test then kills this process (SIGKILL: no cleanup can run) and watches the
 * command's processes.
 *
 *   node test/support/contained-parent.ts <subprocess|in-process> <command>
 */
import type { RunnerKind } from "../../src/run/types.ts";
import { bash, bothChild } from "./both-runners.ts";

const [kind, command] = process.argv.slice(2) as [RunnerKind, string];
const child = await bothChild(kind, [bash(command)]);
await child.run({
	during: (p) => {
		if (p.type === "tool_start") process.stdout.write("STARTED\n");
	},
});
process.stdout.write("ENDED\n");
