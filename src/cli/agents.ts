/** `pi-delegate agents`: the agent definitions a session can call, and every problem in them. */
import { parseArgs } from "node:util";
import type { AgentDefinition } from "../agents/definition.ts";
import { loadAgents } from "../agents/load.ts";
import { loadModes } from "../context/load-modes.ts";
import { lookupMode, modeNames } from "../context/modes.ts";
import { renderTable } from "../format/table.ts";
import { formatProblems } from "../problems.ts";
import { locatePi } from "../settings/locate.ts";
import { didYouMean } from "../suggest.ts";
import { type Command, EXIT, UsageError } from "./command.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const usage = `Usage: pi-delegate agents [--json] [--approve | --no-approve]

Lists the agents defined in .pi/agents/*.md (project) and <agentDir>/agents/*.md (user; the agent
directory is ~/.pi/agent or $PI_CODING_AGENT_DIR). A project agent hides a user agent of the same
name; hidden ones are listed as shadowed.

Options:
  --json          print the agents as JSON
  --approve       read the project's agents even if Pi has not trusted the project
  --no-approve    ignore the project's agents

Exit codes: 0 listed, 2 an agent file has problems.`;

function toolsCell(agent: AgentDefinition): string {
	if (agent.tools === undefined) return "(default)";
	return agent.tools.length === 0 ? "(none)" : agent.tools.join(",");
}

export const agentsCommand: Command = {
	name: "agents",
	summary: "list agent definitions, shadowed ones, and problems in their files",
	usage,
	async run(argv, io) {
		let values: { json?: boolean; approve?: boolean; "no-approve"?: boolean };
		try {
			({ values } = parseArgs({
				args: argv,
				options: { json: { type: "boolean" }, ...TRUST_OPTIONS },
				strict: true,
				allowPositionals: false,
			}));
		} catch (error) {
			throw new UsageError(error instanceof Error ? error.message : String(error));
		}
		const override = trustOverride(values);
		const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: override });
		const loaded = loadAgents({ ...where, projectTrusted: where.trust.trusted });
		const agents = [...loaded.agents.values()];
		// A mode name is checked against the registry here as a courtesy; at launch the resolver warns
		// and the default mode stands in, so a typo is visible before the first run rather than after.
		const { registry } = loadModes({ ...where, projectTrusted: where.trust.trusted });
		const unknownModes = agents.filter(
			(a) => a.context.contextMode !== undefined && !lookupMode(registry, a.context.contextMode),
		);
		if (values.json) {
			const broken = Object.fromEntries(loaded.broken);
			const out = { agents, broken, shadowed: loaded.shadowed, skipped: loaded.skipped, problems: loaded.problems };
			io.stdout(`${JSON.stringify(out, null, 2)}\n`);
		} else {
			const rows = agents.map((a) => [
				a.name,
				a.source.scope,
				toolsCell(a),
				a.model ?? "(default)",
				a.context.contextMode ?? "-",
				a.description,
			]);
			const lines = [
				agents.length === 0
					? "No agents defined."
					: renderTable(["agent", "scope", "tools", "model", "mode", "description"], rows),
			];
			for (const [name, files] of loaded.broken) {
				lines.push(`unusable: ${name} (${files.map((f) => f.label).join(", ")} has problems, listed below)`);
			}
			for (const s of loaded.shadowed) lines.push(`shadowed: ${s.hidden.label} (hidden by ${s.by.label})`);
			for (const s of loaded.skipped) lines.push(`skipped: ${s.label} (${s.reason}; ${where.trust.reason})`);
			io.stdout(`${lines.join("\n")}\n`);
		}
		for (const a of unknownModes) {
			const name = a.context.contextMode ?? "";
			io.stderr(
				`pi-delegate agents: warning: ${a.source.label}: contextMode "${name}" is not a known mode${didYouMean(name, modeNames(registry))}; the default mode will stand in\n`,
			);
		}
		if (loaded.problems.length === 0) return EXIT.pass;
		io.stderr(
			`pi-delegate agents: ${loaded.problems.length} problem(s) in agent files:\n${formatProblems(loaded.problems)}\n`,
		);
		return EXIT.badInput;
	},
};
