/**
 * `pi-delegate doctor`: checks that this machine and setup can delegate — Node, the Pi found and
 * its version, the package's extension loading in that Pi, the settings, the model of each effort
 * and each agent, the runs directory, git and bubblewrap — and prints each with its fix. It reads
 * and never writes: no file is created in the agent dir or anywhere else (a probe file in the runs
 * directory is written and removed). The body, which loads Pi's SDK, is loaded only when it runs.
 */
import type { DoctorOptions } from "../doctor/run.ts";
import type { DoctorReport } from "../doctor/types.ts";
import { problemReplacer } from "../problems.ts";
import { type Command, EXIT } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const USAGE = `Usage: pi-delegate doctor [--json] [--approve | --no-approve]

Checks what delegating from this directory needs, each with what was found and, when something is
wrong, what to do:
  node             Node 22.19 or newer
  pi               the \`pi\` on PATH, and whether its version is supported
  pi for children  the Pi a subprocess child starts and the SDK an in-process child uses
  extension        the package's Pi extension loads in that pi without errors
  build            only in a clone that runs its sources because its build is missing or
                   older than them (a warning: everything works, but starts slower)
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
	return parseFlags(argv, { json: { type: "boolean" }, ...TRUST_OPTIONS }, { positionals: false }).values;
}

/** The command; `defaults` replace what is otherwise found (tests point it at another package). */
export function createDoctorCommand(defaults: Pick<DoctorOptions, "packageRoot"> = {}): Command {
	return {
		name: "doctor",
		summary: "check this machine and setup can delegate; each problem with a fix",
		usage: USAGE,
		async run(argv, io) {
			const values = flags(argv);
			const trust = trustOverride(values);
			const { renderDoctorReport } = await import("../doctor/render.ts");
			const print = (report: DoctorReport) =>
				io.stdout(values.json ? `${JSON.stringify(report, problemReplacer, 2)}\n` : renderDoctorReport(report));
			// On a Node too old for Pi, loading Pi's SDK could fail before any check is printed: say so first.
			const { readPackageFacts, ownPackageRoot } = await import("../doctor/package.ts");
			const { checkNode } = await import("../doctor/judge-platform.ts");
			const node = checkNode(process.versions.node, readPackageFacts(defaults.packageRoot ?? ownPackageRoot()));
			if (node.state === "fail") {
				const later = "the other checks load Pi, which needs a supported Node; run doctor again after upgrading";
				print({
					ok: false,
					checks: [{ ...node, fix: `${node.fix}; ${later}` }],
					counts: { ok: 0, warn: 0, fail: 1, skip: 0 },
				});
				return EXIT.fail;
			}
			// The first run after an install waits while Node and Pi compile their code (up to a minute on
			// a slow machine, seconds after): say so on a terminal, and clear the line once the checks are in.
			const waiting = io.isTTY && !values.json;
			if (waiting) io.stderr("doctor: checking… a first run after an install takes up to a minute");
			const { locatePi } = await import("../settings/locate.ts");
			const { runDoctor } = await import("../doctor/run.ts");
			const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: trust });
			const { report } = await runDoctor({
				cwd: io.cwd,
				home: where.home,
				agentDir: where.agentDir,
				projectTrusted: where.trust.trusted,
				env: io.env,
				...defaults,
			});
			if (waiting) io.stderr("\r\x1b[K");
			print(report);
			return report.ok ? EXIT.pass : EXIT.fail;
		},
	};
}

export const doctorCommand: Command = createDoctorCommand();
