/**
 * `pi-delegate agents`: every agent a session can call, checked the way a launch checks it — the
 * model resolved against the runtime's models, each tool against the tools a child could have — so
 * an agent listed as ready does start. The environment comes through a port, so tests need no
 * credentials; the real one is built as a launch builds it (src/agents/environment.ts).
 */
import { sep } from "node:path";
import { type LaunchEnvironment, launchable } from "../agents/check.ts";
import { claudeDir, claudeSettingsFiles } from "../agents/claude/plugins.ts";
import {
	managedSettingsFile,
	type UnappliedSettings,
	unappliedClaudeSettings,
	unappliedLine,
} from "../agents/claude/settings.ts";
import { agentReports, renderAgentListing, wrap } from "../agents/listing.ts";
import { loadAgents, placeLabel } from "../agents/load.ts";
import { projectDirs } from "../agents/places.ts";
import { agentRoster } from "../agents/roster.ts";
import { lookupMode, modeNames } from "../context/modes.ts";
import { terminalSafe } from "../format/text.ts";
import { formatProblems, type Problem, problemReplacer } from "../problems.ts";
import { type EnvironmentOptions, loadLaunchEnvironment } from "../run/launch-environment.ts";
import { loadModes } from "../settings/load-modes.ts";
import { locatePi } from "../settings/locate.ts";
import { didYouMean } from "../suggest.ts";
import { type Command, type CommandIO, EXIT, UsageError } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

/** How many Markdown files that are not agents the listing names before it counts the rest. */
const NOT_AGENTS_SHOWN = 5;

const usage = `Usage: pi-delegate agents [--json | --roster] [--approve | --no-approve]

Lists the agents a task can run as, from (highest first) .pi/agents/, .agents/, .claude/agents/,
.opencode/agents/ (or agent/) and OpenCode's opencode.json(c) in the project (the working
directory, then each directory above it up to its git repository's root), <agentDir>/agents/,
~/.agents/, ~/.claude/agents/, $XDG_CONFIG_HOME/opencode/agents/ (or agent/; ~/.config when unset)
and OpenCode's config there (the agent directory is ~/.pi/agent or $PI_CODING_AGENT_DIR), the
agents of Claude Code's plugins that are on, and the agents bundled with pi-delegate. A file hides any lower one of the same name; the listing says
which hides which. Files written for Claude Code, OpenCode and other Pi packages are read too:
their tool names are mapped, their restrictions kept, their other keys listed as ignored. Claude
Code's and OpenCode's folders are read with their subfolders, and Markdown there without
frontmatter (a README) is listed as not an agent file.

For each agent: its file, its model resolved against the configured models, its tools, notes,
ignored keys and every problem that would stop it from starting.

Options:
  --json          print the agents as JSON (with the roster)
  --roster        print the roster the parent's system prompt carries, and nothing else
  --approve       read the project's agents even if Pi has not trusted the project
  --no-approve    ignore the project's agents

Exit codes: 0 every agent is ready, 1 an agent would fail to start, 2 bad flags or setup.`;

/** Builds what a launch knows (models, tools, the parent's model); tests pass data. */
export type LoadEnvironment = (
	options: EnvironmentOptions,
) => Promise<{ env: LaunchEnvironment; problems: Problem[]; dispose(): void }>;

function flags(argv: string[]): { json?: boolean; roster?: boolean; approve?: boolean; "no-approve"?: boolean } {
	return parseFlags(
		argv,
		{ json: { type: "boolean" }, roster: { type: "boolean" }, ...TRUST_OPTIONS },
		{ positionals: false },
	).values;
}

type Loaded = ReturnType<typeof loadAgents>;
type Reports = ReturnType<typeof agentReports>;

/**
 * The Claude Code settings whose limits on tools Claude Code agents here run without (see
 * agents/claude/settings.ts); only when a Claude Code agent is listed.
 */
function unappliedSettings(loaded: Loaded, options: EnvironmentOptions, env: CommandIO["env"]): UnappliedSettings[] {
	const claude = claudeDir(options.home, env);
	const claudeAgent = [...loaded.agents.values()].some(
		(a) =>
			a.source.namespace !== undefined ||
			a.source.file.includes(`${sep}.claude${sep}agents${sep}`) ||
			a.source.file.startsWith(`${claude}${sep}`),
	);
	if (!claudeAgent) return [];
	const managed = managedSettingsFile();
	const files = claudeSettingsFiles({ ...options, env, projectDirs: projectDirs(options.cwd, options.home) });
	return unappliedClaudeSettings([...(managed ? [managed] : []), ...files], (file) =>
		file === managed ? file : placeLabel(file, file.startsWith(claude) ? "user" : "project", options),
	);
}

/** The listing for people: the agents, then the skipped folders and the files that are not agents. */
function listing(loaded: Loaded, reports: Reports, trustReason: string, unapplied: UnappliedSettings[]): string {
	const skipped = loaded.skipped.map((s) => `skipped: ${terminalSafe(s.label)} (${s.reason}; ${trustReason})\n`);
	const settings = unapplied.map((u) => `${wrap(terminalSafe(unappliedLine(u)), 80, "", "  ").join("\n")}\n`);
	// A cloned collection may hold many such files: the first few, and the count (--json lists all).
	const notAgents = loaded.notAgents.slice(0, NOT_AGENTS_SHOWN);
	const other = notAgents.map((n) => `not an agent file (${n.reason}): ${terminalSafe(n.label)}\n`);
	const more = loaded.notAgents.length - notAgents.length;
	if (more > 0) other.push(`… and ${more} more files that are not agents (--json lists them)\n`);
	return renderAgentListing(reports) + skipped.join("") + settings.join("") + other.join("");
}

/**
 * What goes to stderr after the listing: unknown mode names, problems of hidden files, and the
 * problems no agent's report carries. Returns those last ones: they fail the command.
 */
function reportProblems(loaded: Loaded, reports: Reports, options: EnvironmentOptions, io: CommandIO): Problem[] {
	// A mode name is checked against the registry as a courtesy: at launch the resolver warns and
	// the default mode stands in, so a typo is visible before the first run rather than after.
	const { registry } = loadModes(options);
	for (const agent of loaded.agents.values()) {
		const mode = agent.context.contextMode;
		if (mode === undefined || lookupMode(registry, mode)) continue;
		io.stderr(
			`pi-delegate agents: warning: ${agent.source.label}: contextMode "${mode}" is not a known mode${didYouMean(mode, modeNames(registry))}; the default mode will stand in\n`,
		);
	}
	// Files hidden by a higher one cannot start, so their problems are shown but fail nothing.
	const hidden = new Set(loaded.shadowed.map((s) => s.hidden.file));
	const hiddenProblems = loaded.entries.filter((e) => hidden.has(e.source.file)).flatMap((e) => e.problems);
	if (hiddenProblems.length > 0) {
		io.stderr(`pi-delegate agents: problems in hidden files:\n${formatProblems(hiddenProblems, "!")}\n`);
	}
	const owned = new Set([...hiddenProblems, ...reports.flatMap((r) => r.problems)]);
	const folderProblems = loaded.problems.filter((p) => !owned.has(p));
	if (folderProblems.length > 0) io.stderr(`pi-delegate agents: problems:\n${formatProblems(folderProblems)}\n`);
	return folderProblems;
}

export function createAgentsCommand(loadEnvironment: LoadEnvironment = loadLaunchEnvironment): Command {
	return {
		name: "agents",
		summary: "list the agents a task can run as, and what would stop each",
		usage,
		async run(argv, io) {
			const values = flags(argv);
			if (values.json && values.roster) throw new UsageError("--json and --roster print different things; pass one");
			const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: trustOverride(values) });
			const options = { cwd: io.cwd, home: where.home, agentDir: where.agentDir, projectTrusted: where.trust.trusted };
			let built: Awaited<ReturnType<LoadEnvironment>>;
			try {
				built = await loadEnvironment(options);
			} catch (error) {
				io.stderr(
					`pi-delegate agents: cannot build the model runtime: ${error instanceof Error ? error.message : String(error)}\n`,
				);
				return EXIT.badInput;
			}
			try {
				if (built.problems.length > 0) {
					io.stderr(`pi-delegate agents: setup problems:\n${formatProblems(built.problems)}\n`);
					return EXIT.badInput;
				}
				const loaded = loadAgents({ ...options, availableTools: built.env.tools, env: io.env });
				const roster = agentRoster(launchable(loaded.agents.values(), built.env));
				if (values.roster) {
					io.stdout(
						roster === "" ? "No agents: the parent's prompt carries no roster.\n" : `${terminalSafe(roster)}\n`,
					);
					return EXIT.pass;
				}
				const reports = agentReports(loaded, built.env);
				const unapplied = unappliedSettings(loaded, options, io.env);
				if (values.json) {
					const { shadowed, skipped, notAgents, problems } = loaded;
					const out = { roster, agents: reports, shadowed, skipped, unapplied, notAgents, problems };
					io.stdout(`${JSON.stringify(out, problemReplacer, 2)}\n`);
				} else io.stdout(listing(loaded, reports, where.trust.reason, unapplied));
				const folderProblems = reportProblems(loaded, reports, options, io);
				return reports.some((r) => r.status === "fails") || folderProblems.length > 0 ? EXIT.fail : EXIT.pass;
			} finally {
				built.dispose();
			}
		},
	};
}

export const agentsCommand: Command = createAgentsCommand();
