/**
 * `pi-delegate selftest`: runs known-good and known-bad envelopes and a two-sided boundary check on
 * temporary roots, prints a table of cases and outcomes, and exits 1 if any case fails to land on
 * its expected side. Needs no model and no network.
 */

import { renderTable } from "../format/table.ts";
import { runSelftest } from "../selftest/run.ts";
import { type Command, EXIT, UsageError } from "./command.ts";

const USAGE = [
	"Usage: pi-delegate selftest [--json]",
	"",
	"Proves that the checks discriminate on this machine: known-good and many known-bad result",
	"envelopes (none, two conflicting, bad status, missing deliverable, evidence without a pointer, an ok",
	"with no evidence, submit_result arguments that are not JSON, pointers to a missing file or line,",
	"outside the roots, to a command never run, …), and a two-sided",
	"boundary check on temporary roots (an authorised write passes; an incidental write into a",
	"watched-only root, a write inside an already-ignored directory, a same-size rewrite with its mtime",
	"restored, and a commit all fail).",
	"",
	"Exit codes: 0 every case discriminates, 1 some case does not.",
].join("\n");

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const selftestCommand: Command = {
	name: "selftest",
	summary: "prove the envelope and boundary checks discriminate (no model needed)",
	usage: USAGE,
	async run(argv, io) {
		const json = argv.includes("--json");
		const unknown = argv.filter((a) => a !== "--json");
		if (unknown.length > 0) throw new UsageError(`unexpected argument ${unknown[0]}`);
		const rows = await runSelftest();
		const failed = rows.filter((r) => !r.ok);
		if (json) {
			io.stdout(`${JSON.stringify({ ok: failed.length === 0, cases: rows }, null, 2)}\n`);
		} else {
			const table = renderTable(
				["", "check", "case", "expected", "got", "detail"],
				rows.map((r) => [r.ok ? "✓" : "✗", r.group, r.label, r.expected, r.got, clip(r.detail, 70)]),
			);
			const verdict =
				failed.length === 0
					? `${rows.length} of ${rows.length} cases discriminate.`
					: `✗ ${failed.length} of ${rows.length} cases did NOT land on their expected side: the checks cannot be trusted here.`;
			io.stdout(`${table}\n\n${verdict}\n`);
		}
		return failed.length === 0 ? EXIT.pass : EXIT.fail;
	},
};
