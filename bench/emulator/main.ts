/**
 * `npm run emulator -- --script <file> [--port N] [--agent-dir DIR] [--first-byte-ms N]`
 *
 * Runs the emulator until interrupted, prints its URL, and with --agent-dir writes an agent directory
 * pointing Pi at it (then `PI_CODING_AGENT_DIR=DIR pi …` talks to the emulator). Every request is
 * reported on stderr as it is answered; on exit a summary of tokens and dollars is printed.
 */
import { parseArgs } from "node:util";
import { renderTable } from "../../src/format/table.ts";
import { writeAgentDir } from "./agent-dir.ts";
import { loadScript, ScriptError } from "./load-script.ts";
import type { LogEntry } from "./log.ts";
import type { Script } from "./script.ts";
import { startEmulator } from "./server.ts";

const USAGE =
	"usage: npm run emulator -- --script <file.json|file.ts> [--port N] [--host H] [--agent-dir DIR] [--first-byte-ms N]";

function describe(e: LogEntry): string {
	const who = e.conversation ? `${e.conversation}${e.label ? `(${e.label})` : ""} turn ${e.turn}` : e.path;
	if (!e.usage || !e.cost)
		return `#${e.seq} ${who}: ${e.status} ${e.error?.type ?? e.outcome}: ${e.error?.message ?? ""}`;
	const u = e.usage;
	return `#${e.seq} ${who}: in ${u.input_tokens} read ${u.cache_read_input_tokens} write ${u.cache_creation_input_tokens} out ${u.output_tokens} $${e.cost.total.toFixed(6)} ${e.outcome}`;
}

/**
 * The process that started this one, read before anything is printed: a parent killed right after
 * it saw the address would otherwise be gone already, and the reaper taken for the parent.
 */
const startedBy = process.ppid;

async function main(): Promise<number> {
	let values: Record<string, string | undefined>;
	try {
		({ values } = parseArgs({
			options: {
				script: { type: "string" },
				port: { type: "string" },
				host: { type: "string" },
				"agent-dir": { type: "string" },
				"first-byte-ms": { type: "string" },
			},
			strict: true,
		}) as { values: Record<string, string | undefined> });
	} catch (error) {
		process.stderr.write(`${String(error instanceof Error ? error.message : error)}\n${USAGE}\n`);
		return 2;
	}
	let script: Script = {};
	try {
		if (values.script) script = await loadScript(values.script);
	} catch (error) {
		process.stderr.write(`${error instanceof ScriptError ? error.message : String(error)}\n`);
		return 2;
	}
	const port = values.port === undefined ? 0 : Number(values.port);
	const firstByteDelayMs = values["first-byte-ms"] === undefined ? 0 : Number(values["first-byte-ms"]);
	if (!Number.isInteger(port) || port < 0 || !(firstByteDelayMs >= 0)) {
		process.stderr.write(`--port and --first-byte-ms take non-negative numbers\n${USAGE}\n`);
		return 2;
	}
	const emulator = await startEmulator({ script, port, host: values.host ?? "127.0.0.1", firstByteDelayMs });
	emulator.log.subscribe((entry) => process.stderr.write(`${describe(entry)}\n`));
	process.stdout.write(`${emulator.url}\n`);
	if (values["agent-dir"]) {
		const dir = writeAgentDir({ url: emulator.url, dir: values["agent-dir"] });
		process.stdout.write(`PI_CODING_AGENT_DIR=${dir.agentDir} pi --model ${dir.modelRef()}\n`);
	}
	if (!values.script)
		process.stderr.write("no --script given: every request will be answered with an unscripted error\n");
	await new Promise<void>((resolve) => {
		process.once("SIGINT", resolve);
		process.once("SIGTERM", resolve);
		process.once("SIGHUP", resolve);
		// Started by `npm run emulator`, the parent is npm (or a shell): when it is killed it cannot pass
		// the signal on, so an orphaned emulator notices its parent is gone and stops too.
		setInterval(() => {
			if (process.ppid !== startedBy) resolve();
		}, 500).unref();
	});
	const t = emulator.log.totals();
	process.stdout.write(
		`\n${renderTable(
			["requests", "input", "cache read", "cache write", "output", "dollars", "hit ratio"],
			[
				[t.requests, t.input, t.cacheRead, t.cacheWrite, t.output, t.cost.total.toFixed(6), t.hitRatio.toFixed(3)].map(
					String,
				),
			],
			["right", "right", "right", "right", "right", "right", "right"],
		)}\n`,
	);
	await emulator.close();
	return 0;
}

process.exitCode = await main();
