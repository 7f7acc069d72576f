/**
 * `pi-delegate run SPEC --background`: the spec is checked and the run planned here, in the
 * foreground (bad input ends here, exit 2, with nothing started); then a supervisor process runs it
 * (run/control/supervisor.ts), and its run id is printed once it has opened the run's record and
 * its control endpoint answers. `runs`, `wait`, `send` and `stop` take it from there.
 */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hanging, terminalSafe } from "../format/text.ts";
import { ensurePrivateDir } from "../run/control/path.ts";
import { startSupervisor } from "../run/control/supervisor.ts";
import { findBwrap, probeSandboxSupport } from "../run/sandbox/support.ts";
import { type CommandIO, EXIT, type ExitCode, widthOf } from "./command.ts";

/** How long a supervisor may take to load Pi, plan and open its record. */
const OPEN_MS = 120_000;

/** The last lines of the log, to show why a supervisor ended before its record. */
function logTail(log: string): string {
	try {
		return readFileSync(log, "utf8").trimEnd().split("\n").slice(-20).join("\n");
	} catch {
		return "";
	}
}

/** Starts the supervisor with the run's own arguments (without --background) and prints its run id. */
export async function runInBackground(
	argv: readonly string[],
	io: CommandIO,
	json: boolean,
	specText?: string,
): Promise<ExitCode> {
	// The log lies in a private directory of the temporary directory the run is given, not with the sockets.
	const tmp = (io.env.TMPDIR || "/tmp").replace(/(.)\/$/, "$1");
	const dir = ensurePrivateDir(join(tmp, `pi-delegate-supervisors-${process.getuid?.() ?? 0}`));
	const log = join(dir, `supervisor-${Date.now()}-${randomBytes(4).toString("hex")}.log`);
	const logFd = openSync(log, "wx", 0o600);
	const support = probeSandboxSupport(() => findBwrap(io.env));
	const cli = fileURLToPath(new URL("../../bin/pi-delegate.cjs", import.meta.url));
	let started: Awaited<ReturnType<typeof startSupervisor>>;
	try {
		started = await startSupervisor({
			node: process.execPath,
			argv: [cli, "run", ...argv.filter((a) => a !== "--background"), "--supervise"],
			cwd: io.cwd,
			env: io.env,
			bwrap: support.containment ? support.bwrap : undefined,
			logFd,
			log,
			...(specText !== undefined && { specText }),
			timeoutMs: OPEN_MS,
		});
	} finally {
		closeSync(logFd);
	}
	const width = widthOf(io);
	if (!started.ok) {
		const tail = logTail(log);
		io.stderr(`${hanging("✗ ", `cannot run in the background: ${started.why}; its log is ${log}`, width)}\n`);
		if (tail !== "") io.stderr(`${terminalSafe(tail)}\n`);
		return started.code === EXIT.badInput ? EXIT.badInput : EXIT.fail;
	}
	const id = basename(started.dir);
	const held = started.namespace
		? "in a PID namespace of its own"
		: "in a process group of its own (no bubblewrap here)";
	if (json)
		io.stdout(
			`${JSON.stringify({ id, dir: started.dir, pid: started.pid, namespace: started.namespace, log }, null, 2)}\n`,
		);
	else io.stdout(`${id}\n`);
	io.stderr(
		`${hanging("", `running in the background (supervisor pid ${started.pid}, ${held}); pi-delegate wait ${id} waits for its verdict, runs show ${id} says what it is doing`, width)}\n`,
	);
	return EXIT.pass;
}
