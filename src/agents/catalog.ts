/**
 * The set of agents a session can call, merged from every place agent files live. Places are ranked:
 * the project's before the user's (its agents are written for this code base), Pi's own folders
 * before Claude Code's within each, and the bundled agents last, so any file of the same name
 * overrides one. A hidden definition is reported as shadowed, never dropped in silence. A broken or
 * disabled file still claims its name: a lower-ranked agent of that name does not quietly take over,
 * because the caller meant the file that failed.
 */

import type { Problem, ProblemPlace } from "../problems.ts";
import { closest } from "../suggest.ts";
import { type ClaudeDenials, withoutDenied } from "./claude/deny.ts";
import type { AgentDefinition, AgentScope, AgentSource } from "./definition.ts";
import { nameFromFile } from "./name.ts";
import { PRIMARY_WHY } from "./opencode/agent-mode.ts";
import type { EntrySettings } from "./opencode/entry.ts";
import { type ParseOptions, parseAgentFile } from "./parse.ts";

/** One agent file's text and where it came from. */
export interface AgentFileText extends AgentSource {
	text: string;
	/** The folder it was found in (its label); files of one folder compete, folders rank. Default: its scope. */
	place?: string;
	/** Set when the file could not be read: it still claims its name. */
	readProblem?: Problem;
	/** The name it claims when it cannot be read; its file name otherwise. */
	name?: string;
	/** An OpenCode agent: the permission of OpenCode's config files applies to it (opencode/config.ts). */
	opencode?: true;
	/** An OpenCode config entry's permission and tools map, merged under a Markdown file of its name. */
	settings?: EntrySettings;
	/** A file of a Claude Code folder (or plugin): what Claude Code reads leniently, it is read for. */
	claude?: true;
	/** Keys laid under the file's own (ParseOptions `beneath`). */
	beneath?: ParseOptions["beneath"];
	/** A Claude Code agent: what Claude Code's settings files withhold from it (claude/deny.ts). */
	claudeDenials?: ClaudeDenials;
}

export interface ShadowedAgent {
	name: string;
	/** The definition that is hidden. */
	hidden: AgentSource;
	/** The definition that wins. */
	by: AgentSource;
}

/** What one file came to. */
export interface CatalogEntry {
	name: string;
	source: AgentSource;
	definition?: AgentDefinition;
	disabled: boolean;
	/** Why a usable agent is not offered as a child nor callable (OpenCode's `mode: primary`). */
	notCallable?: string;
	problems: Problem[];
}

export interface AgentCatalog {
	/** Usable agents by name. */
	agents: ReadonlyMap<string, AgentDefinition>;
	/**
	 * Usable plugin agents by the name Claude Code gives them, `<plugin>:<name>`: one a user's own
	 * agent of the same name hides is still callable so, as in Claude Code.
	 */
	qualified: ReadonlyMap<string, AgentDefinition>;
	/** Names whose winning definition is unusable, with the files involved. */
	broken: ReadonlyMap<string, AgentSource[]>;
	/** Names whose winning file turns itself off (`disable: true`). */
	disabled: ReadonlyMap<string, AgentSource>;
	/** Names whose winning file is usable but not offered as a child, and why (OpenCode's primary agents). */
	notCallable: ReadonlyMap<string, { source: AgentSource; why: string }>;
	shadowed: ShadowedAgent[];
	/** Every file, in rank order. */
	entries: CatalogEntry[];
	/** Every problem in every file. */
	problems: Problem[];
}

const SCOPE_RANK: Readonly<Record<AgentScope, number>> = { project: 0, user: 1, bundled: 2 };

function entryOf(file: AgentFileText, options: ParseOptions): CatalogEntry {
	const {
		text,
		place: _p,
		readProblem,
		name: claimed,
		beneath,
		opencode,
		settings: _s,
		claude,
		claudeDenials,
		...source
	} = file;
	if (readProblem) {
		const name = claimed ?? nameFromFile(source.file);
		return { name, source, disabled: false, problems: [readProblem] };
	}
	const format = opencode ? ("opencode" as const) : claude ? ("claude" as const) : undefined;
	const parsed = parseAgentFile(text, source, {
		...options,
		...(beneath && { beneath }),
		...(format && { format }),
	});
	const problems = [...parsed.problems, ...(claudeDenials?.problems ?? [])];
	const definition =
		parsed.definition && problems.length === 0 && claudeDenials
			? withoutDenied(parsed.definition, claudeDenials)
			: parsed.definition;
	return {
		name: parsed.name,
		source,
		disabled: parsed.disabled,
		...(parsed.primary && { notCallable: PRIMARY_WHY }),
		problems,
		...(definition && problems.length === 0 && { definition }),
	};
}

/** Two files of one folder claiming one name are both reported, and the name is unusable. */
function clashProblems(list: readonly CatalogEntry[]): Problem[] {
	if (list.length < 2) return [];
	const labels = list.map((entry) => entry.source.label).join(", ");
	return list.map((entry) => ({
		source: entry.source.label,
		path: ["name"],
		code: "duplicate" as const,
		value: entry.name,
		message: `${list.length} agent files in one folder are named "${entry.name}": ${labels}`,
		fix: "give each agent its own name, or delete the copy",
	}));
}

/** Builds the catalog from every agent file's text; `options` passes the tools a child could have. */
export function buildAgentCatalog(files: readonly AgentFileText[], options: ParseOptions = {}): AgentCatalog {
	const places = [...new Set(files.map((f) => f.place ?? f.scope))];
	const rank = (f: AgentFileText) => SCOPE_RANK[f.scope] * 1000 + places.indexOf(f.place ?? f.scope);
	const ordered = [...files].sort((a, b) => rank(a) - rank(b));
	const entries = ordered.map((file) => entryOf(file, options));
	const problems = entries.flatMap((entry) => entry.problems);
	const byName = new Map<string, Array<{ entry: CatalogEntry; rank: number }>>();
	ordered.forEach((file, i) => {
		const entry = entries[i] as CatalogEntry;
		byName.set(entry.name, [...(byName.get(entry.name) ?? []), { entry, rank: rank(file) }]);
	});
	const agents = new Map<string, AgentDefinition>();
	const broken = new Map<string, AgentSource[]>();
	const disabled = new Map<string, AgentSource>();
	const notCallable = new Map<string, { source: AgentSource; why: string }>();
	const shadowed: ShadowedAgent[] = [];
	for (const name of [...byName.keys()].sort()) {
		const claims = byName.get(name) ?? [];
		const top = claims[0]?.rank;
		const winners = claims.filter((c) => c.rank === top).map((c) => c.entry);
		const clash = clashProblems(winners);
		problems.push(...clash);
		for (const c of claims) {
			if (c.rank !== top) for (const w of winners) shadowed.push({ name, hidden: c.entry.source, by: w.source });
		}
		const only = winners.length === 1 ? winners[0] : undefined;
		if (only?.disabled && only.problems.length === 0) disabled.set(name, only.source);
		else if (only?.definition && only.notCallable)
			notCallable.set(name, { source: only.source, why: only.notCallable });
		else if (only?.definition) agents.set(name, only.definition);
		else
			broken.set(
				name,
				winners.map((w) => w.source),
			);
	}
	return { agents, qualified: qualifiedNames(entries), broken, disabled, notCallable, shadowed, entries, problems };
}

/** Plugin agents by `<plugin>:<name>`; two usable files of one plugin claiming one name claim none. */
function qualifiedNames(entries: readonly CatalogEntry[]): Map<string, AgentDefinition> {
	const claims = new Map<string, CatalogEntry[]>();
	for (const entry of entries) {
		if (entry.source.namespace === undefined) continue;
		const key = `${entry.source.namespace}:${entry.name}`;
		claims.set(key, [...(claims.get(key) ?? []), entry]);
	}
	const qualified = new Map<string, AgentDefinition>();
	for (const [key, list] of claims) {
		const only = list.length === 1 ? list[0] : undefined;
		if (only?.definition && !only.disabled && !only.notCallable) qualified.set(key, only.definition);
	}
	return qualified;
}

export type AgentLookup =
	| { kind: "found"; agent: AgentDefinition }
	| { kind: "broken"; files: AgentSource[]; problem: Problem }
	| { kind: "unknown"; problem: Problem };

/** A call of an agent that is usable but not offered as a child (OpenCode's primary agents). */
function notOffered(name: string, off: { source: AgentSource; why: string }, where: ProblemPlace): AgentLookup {
	return {
		kind: "broken",
		files: [off.source],
		problem: {
			...where,
			code: "unavailable",
			value: name,
			message: `agent "${name}" in ${off.source.label} is not offered as a child: ${off.why}`,
			fix: "write mode: subagent (or all) in the file to offer it as a child, or call another agent",
		},
	};
}

/** Finds an agent by name for a launch; a broken, disabled or unknown name comes back as a problem to report. */
export function lookupAgent(
	catalog: AgentCatalog,
	name: string,
	where: ProblemPlace = { path: ["agent"] },
): AgentLookup {
	const agent = catalog.agents.get(name) ?? catalog.qualified.get(name);
	if (agent) return { kind: "found", agent };
	const off = catalog.disabled.get(name);
	if (off) {
		return {
			kind: "broken",
			files: [off],
			problem: {
				...where,
				code: "unavailable",
				value: name,
				message: `agent "${name}" is turned off in ${off.label} (disable: true)`,
				fix: "remove disable: true from the file, or call another agent",
			},
		};
	}
	const primary = catalog.notCallable.get(name);
	if (primary) return notOffered(name, primary, where);
	const files = catalog.broken.get(name);
	if (files) {
		return {
			kind: "broken",
			files,
			problem: {
				...where,
				code: "unavailable",
				value: name,
				message: `agent "${name}" is defined in ${files.map((f) => f.label).join(", ")}, which has problems`,
				fix: "fix the problems listed for that file (`pi-delegate agents` lists them)",
			},
		};
	}
	const names = [...catalog.agents.keys(), ...(name.includes(":") ? catalog.qualified.keys() : [])];
	// OpenCode names a file in a subfolder by its path (`team/reviewer`); here it is `reviewer`.
	const leaf = name.slice(name.lastIndexOf("/") + 1);
	const near = closest(name, names) ?? (leaf !== name && catalog.agents.has(leaf) ? leaf : undefined);
	return {
		kind: "unknown",
		problem: {
			...where,
			code: "not_found",
			value: name,
			message: `no agent named "${name}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`,
			fix:
				names.length === 0
					? "define one in .pi/agents/<name>.md or ~/.pi/agent/agents/<name>.md"
					: `use one of: ${names.sort().join(", ")}`,
		},
	};
}
