/**
 * `/modes` in Pi: every context mode — built-in and from Pi settings — and what it expands to, the
 * same table `pi-delegate modes` prints. The project's settings count only when Pi trusts the
 * project, as Pi itself decides (ctx.isProjectTrusted()).
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { listModes, MODE_TABLE_HEADER, modeTableCells } from "../../context/modes-table.ts";
import { renderTable } from "../../format/table.ts";
import { formatProblems } from "../../problems.ts";
import { loadModes } from "../../settings/load-modes.ts";
import { registerReportRenderer, showReport } from "./report.ts";

const STATUS_WORDS = {
	read: "read",
	missing: "not present",
	untrusted: "not read: Pi does not trust this project",
	invalid: "has problems",
} as const;

export function registerModesCommand(pi: ExtensionAPI): void {
	registerReportRenderer(pi);
	pi.registerCommand("modes", {
		description: "List pi-delegate's context modes and what each lets a child see",
		handler: async (_args, ctx) => {
			const loaded = loadModes({
				cwd: ctx.cwd,
				home: process.env.HOME || homedir(),
				agentDir: getAgentDir(),
				projectTrusted: ctx.isProjectTrusted(),
			});
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
			const text = parts.join("\n");
			showReport(pi, ctx, {
				title: `Context modes (${rows.length})`,
				summary: table,
				text,
				table: {
					header: [...MODE_TABLE_HEADER],
					rows: modeTableCells(rows).map((r) => [...r]),
					rest: parts.slice(2).join("\n"),
				},
				...(loaded.problems.length > 0 && { error: true }),
			});
		},
	});
}
