/** `pi-delegate modes`: every context mode and what it expands to, built-in and from settings. */
import { listModes, MODE_TABLE_HEADER, modeTableCells } from "../context/modes-table.ts";
import { renderTable } from "../format/table.ts";
import { formatProblems, problemReplacer } from "../problems.ts";
import { loadModes } from "../settings/load-modes.ts";
import { locatePi } from "../settings/locate.ts";
import type { SettingsSection } from "../settings/section.ts";
import { type Command, EXIT, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const usage = `Usage: pi-delegate modes [--json] [--approve | --no-approve]

Lists the context modes a child can run under — the built-ins and those defined in Pi settings
under "pi-delegate": { "contextModes": { … } } — and which channels each lets through:
  context     project context files (AGENTS.md / CLAUDE.md)
  main rules  the main agent's own rules (APPEND_SYSTEM.md / --append-system-prompt)
  skills      the parent's skills
  prompt      append: the role goes under the base prompt; replace: the role is the whole base prompt

Options:
  --json          print the rows as JSON
  --approve       read the project's settings even if Pi has not trusted the project
  --no-approve    ignore the project's settings

Exit codes: 0 listed, 2 a settings file or mode definition has problems.`;

function sectionNote(section: SettingsSection, trustReason: string): string {
	const states: Record<SettingsSection["status"], string> = {
		read: "read",
		missing: "not present",
		untrusted: `not read: the project is not trusted (${trustReason})`,
		invalid: "has problems (below)",
	};
	return `  ${section.label}: ${states[section.status]}`;
}

export const modesCommand: Command = {
	name: "modes",
	summary: "list context modes and what each one lets a child see",
	usage,
	async run(argv, io) {
		const { values } = parseFlags(argv, { json: { type: "boolean" }, ...TRUST_OPTIONS }, { positionals: false });
		const override = trustOverride(values);
		const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: override });
		const loaded = loadModes({ ...where, projectTrusted: where.trust.trusted });
		const rows = listModes(loaded.registry);
		if (values.json) {
			io.stdout(`${JSON.stringify({ modes: rows, problems: loaded.problems }, problemReplacer, 2)}\n`);
		} else {
			const table = renderTable(MODE_TABLE_HEADER, modeTableCells(rows), [], { maxWidth: widthOf(io) });
			const notes = loaded.settings.sections.map((s) => sectionNote(s, where.trust.reason));
			io.stdout(`${table}\n\nSettings files:\n${notes.join("\n")}\n`);
		}
		if (loaded.problems.length === 0) return EXIT.pass;
		io.stderr(
			`pi-delegate modes: ${loaded.problems.length} problem(s) in the settings:\n${formatProblems(loaded.problems)}\n`,
		);
		return EXIT.badInput;
	},
};
