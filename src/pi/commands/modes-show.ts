/**
 * The body of `/modes`: the table of every context mode — built-in and from Pi settings — with what
 * each expands to, the settings files it read and their problems. Loaded when the command first runs.
 */
import { listModes, MODE_TABLE_HEADER, modeTableCells } from "../../context/modes-table.ts";
import { renderTable } from "../../format/table.ts";
import { formatProblems } from "../../problems.ts";
import { loadModes } from "../../settings/load-modes.ts";
import type { Report } from "./report.ts";

const STATUS_WORDS = {
	read: "read",
	missing: "not present",
	untrusted: "not read: Pi does not trust this project",
	invalid: "has problems",
} as const;

/** Where the modes are read from: the session's project, as Pi trusts it. */
export interface ModesPlace {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
}

export function modesReport(place: ModesPlace): Report {
	const loaded = loadModes(place);
	const rows = listModes(loaded.registry);
	const table = renderTable(MODE_TABLE_HEADER, modeTableCells(rows));
	const files = loaded.settings.sections.map((s) => `  ${s.label}: ${STATUS_WORDS[s.status]}`);
	const legend = [
		"context: AGENTS.md / CLAUDE.md",
		"main rules: APPEND_SYSTEM.md / --append-system-prompt",
		"prompt: append keeps the base prompt and adds the role;",
		"        replace makes the role the whole base",
	];
	const parts = [table, "", ...legend, "", "Settings files:", ...files];
	if (loaded.problems.length > 0) {
		parts.push("", `${loaded.problems.length} problem(s); no child starts until they are fixed:`);
		parts.push(formatProblems(loaded.problems));
	}
	return {
		title: `Context modes (${rows.length})`,
		summary: table,
		text: parts.join("\n"),
		table: {
			header: [...MODE_TABLE_HEADER],
			rows: modeTableCells(rows).map((r) => [...r]),
			rest: parts.slice(2).join("\n"),
		},
		...(loaded.problems.length > 0 && { error: true }),
	};
}
