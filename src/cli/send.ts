/**
 * `pi-delegate send RUN MESSAGE`: a message for a running child, handed to its run's inbox through
 * the run's control endpoint; the child sees it at its next turn, and its audit record keeps it.
 */
import { hanging, terminalSafe } from "../format/text.ts";
import type { Problem } from "../problems.ts";
import { askRun } from "../run/control/client.ts";
import { MESSAGE_LIMIT } from "../run/control/protocol.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { badInput, findTargets, RUN_ARGUMENT_USAGE, RUNS_FLAG_USAGE, runsDirOf, TARGET_FLAGS } from "./run-target.ts";
import { listedRun } from "./runs-view.ts";

const USAGE = `Usage: pi-delegate send RUN MESSAGE [--json] [--runs DIR]

Sends MESSAGE to the child of a running run: it reaches the child at its next turn, and the run's
audit record keeps it. MESSAGE - reads the message from standard input. Only a queued or running
run takes messages.

${RUN_ARGUMENT_USAGE}

Options:
${RUNS_FLAG_USAGE}

Exit codes: 0 the run took the message, 1 it is not running (nothing was sent) or did not
answer, 2 bad input.`;

function messageProblem(message: string): Problem | undefined {
	const place = { source: "MESSAGE", path: [], value: message.length > 80 ? `${message.slice(0, 80)}…` : message };
	if (message.trim() === "")
		return { ...place, code: "required", message: "is empty", fix: "write what the child should read" };
	if (Buffer.byteLength(message) > MESSAGE_LIMIT)
		return {
			...place,
			code: "too_big",
			message: `holds more than ${MESSAGE_LIMIT} bytes`,
			fix: "send a shorter message; put long text in a file the child can read and name the file",
		};
	return undefined;
}

/** What became of the message: taken, or why not. */
async function deliver(dir: string, id: string, message: string, io: CommandIO) {
	const asked = await askRun(dir, { op: "send", message }, { env: io.env });
	const answer = asked.reached ? asked.answer : undefined;
	if (answer?.ok && answer.op === "send")
		return answer.queued
			? { sent: true, text: `sent to ${id}: the child reads it at its next turn` }
			: { sent: false, text: `run ${id} has ended: nothing was sent` };
	if (asked.reached) return { sent: false, text: `run ${id} did not answer: the message may not have been sent` };
	const run = await listedRun(dir, id, io.env);
	return { sent: false, text: `run ${id} is ${run.state}, not running: nothing was sent` };
}

export const sendCommand: Command = {
	name: "send",
	summary: "send a running child a message it reads at its next turn",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const parsed = parseFlags(argv, TARGET_FLAGS);
		const [run, text, extra] = parsed.positionals;
		if (run === undefined || text === undefined)
			throw new UsageError("name the run and the message (send RUN MESSAGE)");
		if (extra !== undefined)
			throw new UsageError(`unexpected argument "${extra}": quote the message so that it is one argument`);
		const message = text === "-" ? await io.readStdin() : text;
		const found = findTargets([run], io, runsDirOf(io, parsed.values.runs));
		const problems = [...("problems" in found ? found.problems : []), messageProblem(message)].filter(
			(p): p is Problem => p !== undefined,
		);
		if (problems.length > 0 || "problems" in found) return badInput(io, "send", problems);
		const target = found.targets[0]!;
		const out = await deliver(target.dir, target.id, message, io);
		if (parsed.values.json) io.stdout(`${JSON.stringify({ id: target.id, dir: target.dir, ...out }, null, 2)}\n`);
		else io.stdout(`${terminalSafe(hanging(out.sent ? "" : "✗ ", out.text, widthOf(io)))}\n`);
		return out.sent ? EXIT.pass : EXIT.fail;
	},
};
