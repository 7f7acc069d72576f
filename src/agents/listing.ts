/**
 * What `pi-delegate agents` says about each agent, as data and as text for an 80-column terminal:
 * the file it comes from, its model resolved (or why not), its tools after mapping, the keys
 * ignored, the notes, what it hides and what hides it, and every problem of its file. An agent is
 * "ready" only when the checks a launch makes pass, so the listing never calls an agent fine that
 * would then fail to start. Pure: the catalog and the launch environment are passed in.
 */
import { terminalSafe } from "../format/text.ts";
import { formatPath, type Problem, samePlace, showValue } from "../problems.ts";
import type { CatalogEntry, ShadowedAgent } from "./catalog.ts";
import { type AgentLaunchCheck, checkAgentLaunch, type LaunchEnvironment } from "./check.ts";
import type { AgentDefinition, AgentNote, AgentScope, AgentSource } from "./definition.ts";
import type { LoadedAgents } from "./load.ts";
import { type CommandPolicy, describePolicy } from "./permissions/command-policy.ts";

export interface AgentReport {
	name: string;
	scope: AgentScope;
	file: string;
	description?: string;
	/** notCallable: usable, but never offered as a child (OpenCode's `mode: primary`); `off` says why. */
	status: "ready" | "fails" | "disabled" | "notCallable";
	/** The model as written, and what it resolved to (or why it stands aside for the launcher's). */
	model?: { ref: string; resolved?: string; how?: string; standsAside?: string };
	/** The model a child of this agent starts on, and why; absent when nothing here decides one. */
	startsOn?: { model: string; why: string };
	/** Why the agent cannot be called although it is usable. */
	off?: string;
	thinking?: string;
	/** Undefined: the launcher's default tools. */
	tools?: string[];
	/** The commands bash is held to, checked at each call; absent: any. */
	commands?: CommandPolicy[];
	notes: AgentNote[];
	ignoredKeys: Array<{ key: string; why: string }>;
	/** Files of the same name this one hides (a plugin's with the name it is still callable by). */
	hides: string[];
	/** A plugin agent's other name, as Claude Code names it: `<plugin>:<name>`. */
	qualified?: string;
	problems: Problem[];
}

function reportOf(entry: CatalogEntry, catalog: LoadedAgents, env: LaunchEnvironment): AgentReport {
	const def = entry.definition;
	const check: AgentLaunchCheck = def && !entry.disabled ? checkAgentLaunch(def, env) : { problems: [] };
	const problems = [...entry.problems, ...check.problems, ...clashOf(entry, catalog)];
	const status =
		problems.length > 0 ? "fails" : entry.disabled ? "disabled" : entry.notCallable ? "notCallable" : "ready";
	const resolved = check.model ? `${check.model.provider}/${check.model.id}` : undefined;
	const startsOn = def && startsOnOf(def, check, env);
	const qualified = qualifiedOf(entry.source, entry.name, catalog);
	return {
		name: entry.name,
		scope: entry.source.scope,
		file: entry.source.label,
		...(def && { description: def.description }),
		status,
		...(def?.model !== undefined && {
			model: {
				ref: def.model,
				...(resolved && { resolved }),
				...(check.model && { how: check.model.how }),
				...(check.standsAside && { standsAside: check.standsAside }),
			},
		}),
		...(startsOn && { startsOn }),
		...(entry.notCallable && { off: entry.notCallable }),
		...((def?.thinking ?? check.model?.thinking) && { thinking: def?.thinking ?? check.model?.thinking }),
		...(def?.tools && { tools: def.tools }),
		...(def?.commands && { commands: def.commands }),
		notes: def?.notes ?? [],
		ignoredKeys: (def?.ignoredKeys ?? []).map(({ key, why }) => ({ key, why })),
		hides: catalog.shadowed.filter((s) => s.by.file === entry.source.file).map((s) => hiddenLabel(s, catalog)),
		...(qualified && { qualified }),
		problems,
	};
}

/**
 * The model a child of the agent starts on, and why: its own, resolved; or the launcher's — the
 * parent's model (on the command line Pi's default stands for it) — when the file names none, says
 * `inherit`, or names one that stands aside. `--model` and an effort profile still come first.
 */
function startsOnOf(def: AgentDefinition, check: AgentLaunchCheck, env: LaunchEnvironment) {
	if (check.model) return { model: `${check.model.provider}/${check.model.id}`, why: "the agent's own" };
	if (def.model !== undefined && !check.standsAside) return undefined;
	const inherit = def.notes.some((n) => n.key === "model" && n.message.startsWith("inherit"));
	const first = def.model !== undefined ? `"${def.model}" stands aside` : inherit ? "inherit" : "the file names none";
	const whose = env.parentReason ?? "the parent's model";
	const then = "unless --model or an effort profile decides";
	if (!env.parent)
		return {
			model: "the launcher's",
			why: `${first}; no default model is set here: --model or an effort profile decides`,
		};
	return { model: `${env.parent.provider}/${env.parent.id}`, why: `${first}: the launcher's, ${whose}, ${then}` };
}

/** `<plugin>:<name>` when that name calls this very file. */
function qualifiedOf(source: AgentSource, name: string, catalog: LoadedAgents): string | undefined {
	if (source.namespace === undefined) return undefined;
	const key = `${source.namespace}:${name}`;
	return catalog.qualified.get(key)?.source.file === source.file ? key : undefined;
}

function hiddenLabel(s: ShadowedAgent, catalog: LoadedAgents): string {
	const key = qualifiedOf(s.hidden, s.name, catalog);
	return key ? `${s.hidden.label} (callable as ${key})` : s.hidden.label;
}

/** The catalog's problems about this file that are not the file's own (a name clash in its folder). */
function clashOf(entry: CatalogEntry, catalog: LoadedAgents): Problem[] {
	const name = { source: entry.source.label, path: ["name"] };
	return catalog.problems.filter((p) => samePlace(p, name) && !entry.problems.includes(p));
}

/** One report per agent name: the file that wins it. */
export function agentReports(catalog: LoadedAgents, env: LaunchEnvironment): AgentReport[] {
	const hidden = new Set(catalog.shadowed.map((s) => s.hidden.file));
	return catalog.entries
		.filter((entry) => !hidden.has(entry.source.file))
		.map((entry) => reportOf(entry, catalog, env))
		.sort((a, b) => a.name.localeCompare(b.name) || a.file.localeCompare(b.file));
}

/** Shortens a cell to `width` columns, marking the cut. */
function cut(text: string, width: number): string {
	return [...text].length <= width ? text : `${[...text].slice(0, width - 1).join("")}…`;
}

/** Wraps words to `width` columns; the first line starts with `first`, the others with `rest`. */
export function wrap(text: string, width: number, first: string, rest: string): string[] {
	const lines: string[] = [];
	let line = "";
	let prefix = first;
	for (const word of text.split(/\s+/).filter((w) => w !== "")) {
		const candidate = line === "" ? word : `${line} ${word}`;
		if ([...prefix].length + [...candidate].length > width && line !== "") {
			lines.push(prefix + line);
			prefix = rest;
			line = word;
		} else line = candidate;
	}
	if (line !== "") lines.push(prefix + line);
	return lines;
}

const MARK: Readonly<Record<AgentReport["status"], string>> = {
	ready: "✓",
	fails: "✗",
	disabled: "-",
	notCallable: "-",
};

function modelCell(r: AgentReport): string {
	if (!r.model || r.model.standsAside) return "(default)";
	return r.model.resolved ?? `✗ ${r.model.ref}`;
}

function toolsCell(r: AgentReport): string {
	if (r.tools === undefined) return "(default)";
	return r.tools.length === 0 ? "(none)" : r.tools.join(",");
}

/** The compact table: status, name, scope, model, tools; cells are cut so lines stay within 80 columns. */
export function renderAgentTable(reports: readonly AgentReport[]): string[] {
	const first = reports.map((r) => [MARK[r.status], cut(r.name, 18), r.scope, cut(modelCell(r), 28)]);
	const header = ["", "agent", "scope", "model", "tools"];
	const widths = header
		.slice(0, 4)
		.map((h, i) => Math.max([...h].length, ...first.map((row) => [...(row[i] ?? "")].length)));
	const room = Math.max(12, 80 - widths.reduce((sum, w) => sum + w + 2, 0));
	const rows = reports.map((r, i) => [...(first[i] ?? []), cut(toolsCell(r), room)]);
	widths.push(room);
	const line = (cells: readonly string[]) =>
		cells
			.map((c, i) => c + " ".repeat(Math.max(0, (widths[i] ?? 0) - [...c].length)))
			.join("  ")
			.trimEnd();
	const toolsWidth = Math.max(5, ...rows.map((row) => [...(row[4] ?? "")].length));
	return [line(header), line([...widths.slice(0, 4), toolsWidth].map((w) => "─".repeat(w))), ...rows.map(line)];
}

/** A problem as formatProblems lays it out, wrapped to 80 columns. */
function problemLines(p: Problem): string[] {
	return [
		...wrap(`${formatPath(p)}: ${p.message}`, 80, "  ✗ ", "      "),
		...wrap(showValue(p.value, 60), 80, "      value: ", "             "),
		...wrap(p.fix, 80, "      fix:   ", "             "),
	];
}

/** Lines of the description shown; `--json` holds it whole (Claude Code's run to pages of examples). */
const ABOUT_LINES = 3;

function aboutLines(description: string): string[] {
	// Claude Code's generator writes line breaks as a literal \n: shown as the space they stand for.
	const lines = wrap(description.replace(/\\n/g, " "), 80, "  about     ", " ".repeat(12));
	if (lines.length <= ABOUT_LINES) return lines;
	const kept = lines.slice(0, ABOUT_LINES);
	const last = kept[ABOUT_LINES - 1] ?? "";
	kept[ABOUT_LINES - 1] = `${[...last].length > 77 ? last.slice(0, last.lastIndexOf(" ")) : last} …`;
	return kept;
}

function detailLines(r: AgentReport): string[] {
	const lines = [`${r.name}  ${r.file}`];
	const field = (label: string, text: string) => lines.push(...wrap(text, 80, `  ${label.padEnd(9)} `, " ".repeat(12)));
	if (r.description) lines.push(...aboutLines(r.description));
	if (r.model?.resolved) field("model", `${r.model.ref} → ${r.model.resolved} (${r.model.how})`);
	if (r.model?.standsAside) field("model", `${r.model.ref} → the launcher's model: ${r.model.standsAside}`);
	if (r.startsOn && !r.model?.resolved) field("starts on", `${r.startsOn.model} (${r.startsOn.why})`);
	if (r.thinking) field("thinking", r.thinking);
	field("tools", r.tools === undefined ? "the launcher's default" : r.tools.length === 0 ? "none" : r.tools.join(", "));
	for (const policy of r.commands ?? []) field("commands", describePolicy(policy));
	for (const n of r.notes) field("note", `${n.key}: ${n.message}`);
	for (const k of r.ignoredKeys) field("ignored", `${k.key} (${k.why})`);
	if (r.qualified) field("also", r.qualified);
	for (const h of r.hides) field("hides", h);
	if (r.status === "disabled") field("off", "disable: true; the agent cannot be called");
	if (r.off) field("off", `${r.off}; the agent cannot be called`);
	for (const p of r.problems) lines.push(...problemLines(p));
	return lines;
}

/** The whole text listing: the table, one block of detail per agent, and a summary line. */
export function renderAgentListing(reports: readonly AgentReport[]): string {
	if (reports.length === 0) return "No agents defined.\n";
	const failing = reports.filter((r) => r.status === "fails").length;
	const off = reports.filter((r) => r.status === "notCallable").length;
	const aside = off === 0 ? "" : ` (${off} not offered as a child)`;
	const blocks = reports.map((r) => detailLines(r).join("\n"));
	const summary =
		failing === 0
			? `${reports.length} agent(s), all ready to start${aside}.`
			: `${reports.length} agent(s), ${failing} would fail to start (problems above)${aside}.`;
	return terminalSafe(`${[renderAgentTable(reports).join("\n"), ...blocks, summary].join("\n\n")}\n`);
}
