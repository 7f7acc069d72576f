/**
 * `pi-delegate selftest`: runs known-good and known-bad envelopes and a two-sided boundary check on
 * temporary roots, prints a table of cases and outcomes, and exits 1 if any case fails to land on
 * its expected side. Needs no model and no network. With `--e2e` it runs two real delegations with
 * a scripted model instead (selftest-e2e.ts).
 */
import { tmpdir } from "node:os";
import { renderTable } from "../format/table.ts";
import type { RunnerKind } from "../plan/types.ts";
import { runSelftest, type SelftestRow } from "../selftest/run.ts";
import { type Command, EXIT, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";

const USAGE = [
	"Usage: pi-delegate selftest [--json]",
	"       pi-delegate selftest --e2e [--runner subprocess|in-process|both] [--json]",
	"",
	"Proves that the checks discriminate on this machine: known-good and many known-bad result",
	"envelopes (none, two conflicting, bad status, missing deliverable, evidence without a pointer, an ok",
	"with no evidence, submit_result arguments that are not JSON, pointers to a missing file or line,",
	"outside the roots, to a command never run, …), and a two-sided",
	"boundary check on temporary roots (an authorised write passes; an incidental write into a",
	"watched-only root, a write inside an already-ignored directory, a same-size rewrite with its mtime",
	"restored, and a commit all fail).",
	"",
	"--e2e runs two real delegations end to end instead — spec, plan, a real child, snapshots, the",
	"boundary judgement, the envelope, the verdict — with a SCRIPTED model (scripted/scripted-1: its",
	"answers are written in advance), so no API key is needed: a read-only review that must PASS, and",
	"a write task whose compile command drops __pycache__/ into a watched-only root, which must FAIL",
	"while the authorised edit is not flagged. It needs git and python3. Everything happens in one",
	"temporary directory (agent dir, runs dir, roots), removed at the end; your agent dir and runs",
	"dir are not touched.",
	"",
	"Options:",
	"  --e2e                 the end-to-end run",
	"  --runner <kind>       with --e2e: subprocess (default; a real `pi` child), in-process (an SDK",
	"                        session in this process, as the task tool runs by default), or both",
	"  --json                print the cases as JSON",
	"",
	"Exit codes: 0 every case came out as expected, 1 some case did not, 2 bad flags, or (--e2e) a",
	"case could not run here (python3 or git missing, the run refused).",
].join("\n");

/**
 * One case as a row: where it landed and what it is. A case that landed on the wrong side also says
 * where it should have landed and why it did not; `--json` has every case's detail.
 */
function selftestRow(r: SelftestRow): string[] {
	const why = r.ok ? "" : ` — expected ${r.expected}: ${r.detail}`;
	return [r.ok ? "✓" : "✗", r.group, r.got, `${r.label}${why}`];
}

const RUNNERS: Readonly<Record<string, RunnerKind[]>> = {
	subprocess: ["subprocess"],
	"in-process": ["in-process"],
	both: ["subprocess", "in-process"],
};

function flags(argv: string[]): { json: boolean; e2e: boolean; runners: RunnerKind[] } {
	const { values } = parseFlags(
		argv,
		{ json: { type: "boolean" }, e2e: { type: "boolean" }, runner: { type: "string" } },
		{ positionals: false },
	);
	const runners = RUNNERS[values.runner ?? "subprocess"];
	if (!runners) throw new UsageError(`--runner must be subprocess, in-process or both, not "${values.runner}"`);
	if (values.runner !== undefined && !values.e2e) throw new UsageError("--runner goes with --e2e");
	return { json: values.json === true, e2e: values.e2e === true, runners };
}

export const selftestCommand: Command = {
	name: "selftest",
	summary: "prove the checks discriminate; --e2e runs two real delegations",
	usage: USAGE,
	async run(argv, io) {
		const args = flags(argv);
		if (args.e2e) {
			const { runE2eCommand } = await import("./selftest-e2e.ts");
			return runE2eCommand(args, io);
		}
		const rows = await runSelftest({ tmpRoot: io.env.TMPDIR || tmpdir() });
		const failed = rows.filter((r) => !r.ok);
		if (args.json) {
			io.stdout(`${JSON.stringify({ ok: failed.length === 0, cases: rows }, null, 2)}\n`);
		} else {
			const table = renderTable(["", "check", "landed on", "case"], rows.map(selftestRow), [], {
				maxWidth: widthOf(io),
			});
			const verdict =
				failed.length === 0
					? `${rows.length} of ${rows.length} cases discriminate.`
					: `✗ ${failed.length} of ${rows.length} cases did NOT land on their expected side: the checks cannot be trusted here.`;
			io.stdout(`${table}\n\n${verdict}\n`);
		}
		return failed.length === 0 ? EXIT.pass : EXIT.fail;
	},
};
