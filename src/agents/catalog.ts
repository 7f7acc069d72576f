/**
 * The set of agents a session can call, merged from the project's and the user's definitions.
 * The project wins a name clash (its agents are written for this code base), and the user's
 * definition it hides is reported as shadowed, never dropped in silence. A broken project file
 * still claims its name: the user's agent of that name does not quietly take over, because the
 * caller meant the project's.
 */

import type { Problem } from "../problems.ts";
import { closest } from "../suggest.ts";
import type { AgentDefinition, AgentSource } from "./definition.ts";
import { parseAgentFile } from "./parse.ts";

/** One agent file's text and where it came from. */
export interface AgentFileText extends AgentSource {
	text: string;
}

export interface ShadowedAgent {
	name: string;
	/** The definition that is hidden (the user's). */
	hidden: AgentSource;
	/** The definition that wins (the project's). */
	by: AgentSource;
}

export interface AgentCatalog {
	/** Usable agents by name. */
	agents: ReadonlyMap<string, AgentDefinition>;
	/** Names whose winning definition is unusable, with the files involved. */
	broken: ReadonlyMap<string, AgentSource[]>;
	shadowed: ShadowedAgent[];
	/** Every problem in every file. */
	problems: Problem[];
}

interface Entry {
	/** The name the file claims (its file name when it gives none or cannot be read). */
	name: string;
	source: AgentSource;
	definition?: AgentDefinition;
}

/** Groups one scope's files by name; two files claiming one name are both reported and unusable. */
function groupByName(entries: readonly Entry[], problems: Problem[]): Map<string, Entry[]> {
	const map = new Map<string, Entry[]>();
	for (const entry of entries) map.set(entry.name, [...(map.get(entry.name) ?? []), entry]);
	for (const [name, list] of map) {
		if (list.length < 2) continue;
		const labels = list.map((entry) => entry.source.label).join(", ");
		for (const entry of list) {
			problems.push({
				path: `${entry.source.label}: name`,
				value: name,
				message: `${list.length} ${entry.source.scope} agent files are named "${name}": ${labels}`,
				fix: "give each agent its own name, or delete the copy",
			});
		}
	}
	return map;
}

/** Builds the catalog from every agent file's text. */
export function buildAgentCatalog(files: readonly AgentFileText[]): AgentCatalog {
	const problems: Problem[] = [];
	const entries: Entry[] = files.map(({ text, ...source }) => {
		const parsed = parseAgentFile(text, source);
		problems.push(...parsed.problems);
		return { name: parsed.name, source, definition: parsed.definition };
	});
	const project = groupByName(
		entries.filter((e) => e.source.scope === "project"),
		problems,
	);
	const user = groupByName(
		entries.filter((e) => e.source.scope === "user"),
		problems,
	);
	const agents = new Map<string, AgentDefinition>();
	const broken = new Map<string, AgentSource[]>();
	const shadowed: ShadowedAgent[] = [];
	for (const name of [...new Set([...project.keys(), ...user.keys()])].sort()) {
		const winner = project.get(name) ?? user.get(name) ?? [];
		const hidden = project.has(name) ? (user.get(name) ?? []) : [];
		for (const h of hidden) for (const w of winner) shadowed.push({ name, hidden: h.source, by: w.source });
		const only = winner.length === 1 ? winner[0]?.definition : undefined;
		if (only) agents.set(name, only);
		else
			broken.set(
				name,
				winner.map((entry) => entry.source),
			);
	}
	return { agents, broken, shadowed, problems };
}

export type AgentLookup =
	| { kind: "found"; agent: AgentDefinition }
	| { kind: "broken"; files: AgentSource[]; problem: Problem }
	| { kind: "unknown"; problem: Problem };

/** Finds an agent by name for a launch; a broken or unknown name comes back as a problem to report. */
export function lookupAgent(catalog: AgentCatalog, name: string, where = "agent"): AgentLookup {
	const agent = catalog.agents.get(name);
	if (agent) return { kind: "found", agent };
	const files = catalog.broken.get(name);
	if (files) {
		return {
			kind: "broken",
			files,
			problem: {
				path: where,
				value: name,
				message: `agent "${name}" is defined in ${files.map((f) => f.label).join(", ")}, which has problems`,
				fix: "fix the problems listed for that file (`pi-delegate agents` lists them)",
			},
		};
	}
	const names = [...catalog.agents.keys()];
	const near = closest(name, names);
	return {
		kind: "unknown",
		problem: {
			path: where,
			value: name,
			message: `no agent named "${name}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`,
			fix:
				names.length === 0
					? "define one in .pi/agents/<name>.md or ~/.pi/agent/agents/<name>.md"
					: `use one of: ${names.sort().join(", ")}`,
		},
	};
}
