/**
 * `pi-delegate doctor`: checks that this machine and setup can delegate — Node, the Pi found and
 * its version, the package's extension loading in that Pi, the settings, the model of each effort
 * and each agent, the runs directory, git and bubblewrap — and prints each with its fix. It reads
 * and never writes: no file is created in the agent dir or anywhere else (a probe file in the runs
 * directory is written and removed). The body, which loads Pi's SDK, is loaded only when it runs.
 */
import { parseArgs } from "node:util";
import { type Command, EXIT, UsageError } from "./command.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const USAGE = `Usage: pi-delegate doctor [--json] [--approve | --no-approve]

Checks what delegating from this directory needs, each with what was found and, when something is
wrong, what to do:
  node             Node 22.19 or newer
  pi               the \`pi\` on PATH, and whether its version is supported
  pi for children  the Pi a subprocess child starts and the SDK an in-process child uses
  extension        the package's Pi extension loads in that pi without errors
  settings         pi-delegate's settings parse (every problem, each with its fix)
  effort …         the model each effort runs on resolves and has credentials
  agents           every agent's model resolves and its tools exist
  runs dir         where audit records go is writable
  git              present (every snapshot reads git state)
  bubblewrap       present and able to start a sandbox here (a warning when not: children then
                   run without the sandbox, and forbidden writes are caught, not prevented)

Nothing is written: not auth.json, not models-store.json, nothing in the agent dir.

Options:
  --json          print the checks as JSON
  --approve       read the project's .pi/ files even if Pi has not trusted the project
  --no-approve    ignore the project's .pi/ files

Exit codes: 0 no check failed (warnings allowed), 1 a check failed, 2 bad flags.`;

function flags(argv: string[]): { json?: boolean; approve?: boolean; "no-approve"?: boolean } {
	try {
		return parseArgs({
			args: argv,
			options: { json: { type: "boolean" }, ...TRUST_OPTIONS },
			strict: true,
			allowPositionals: false,
		}).values;
	} catch (error) {
		throw new UsageError(error instanceof Error ? error.message : String(error));
	}
}

export const doctorCommand: Command = {
	name: "doctor",
	summary: "check that this machine and setup can delegate, each problem with its fix",
	usage: USAGE,
	async run(argv, io) {
		const values = flags(argv);
		const trust = trustOverride(values);
		const { locatePi } = await import("../settings/locate.ts");
		const { runDoctor } = await import("../doctor/run.ts");
		const { renderDoctorReport } = await import("../doctor/render.ts");
		const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: trust });
		const { report } = await runDoctor({
			cwd: io.cwd,
			home: where.home,
			agentDir: where.agentDir,
			projectTrusted: where.trust.trusted,
			env: io.env,
		});
		io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : renderDoctorReport(report));
		return report.ok ? EXIT.pass : EXIT.fail;
	},
};
