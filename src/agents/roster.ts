/**
 * The roster: the agents a task can run as, in a few lines the parent's system prompt carries, so
 * the model that delegates knows `agent: reviewer` exists and what it is for. Claude Code lists its
 * agents in its Task tool for the same reason; without a roster an agent file is only used when the
 * operator names it.
 *
 * It rides on every request of the parent, so each agent gets one line: its name, the first clause
 * of its description (Claude Code's run to pages of examples) and whether it can change files. The
 * text is a pure function of the catalog — the project's agents first, then the user's, then the
 * bundled ones, each by name — so the same files give the same bytes and the prompt cache stays
 * warm. Pure.
 */
import { isControl } from "../format/text.ts";
import type { AgentDefinition, AgentScope } from "./definition.ts";

export const ROSTER_TAG = "agents";

/** Agents listed by name and summary; past this, the rest are counted. */
const MAX_LISTED = 30;
/** Agents past MAX_LISTED named without a summary; past this, counted. */
const MAX_NAMED = 60;
/** Longest summary, in characters: about 20 tokens. */
const MAX_SUMMARY = 90;
const WRITING_TOOLS = ["edit", "write", "bash"];
/** The project's agents first (written for this code base), then the user's, then the bundled ones. */
const SCOPE_ORDER: Readonly<Record<AgentScope, number>> = { project: 0, user: 1, bundled: 2 };

/** The description's first clause, on one line, cut to MAX_SUMMARY at a word. */
export function summaryOf(description: string): string {
	const flat = description
		.replace(/\\n/g, "\n")
		.split(/\n|;\s|\.\s|\s(?=Examples?:)|<example>/i)[0]
		// The summary goes into the parent's system prompt: no tags (a file's "</agents>" must not
		// close the section) and no control characters.
		?.replace(/<[^>]*>/g, " ")
		.replace(/[<>]/g, "")
		.replace(/[\s\S]/g, (c) => (isControl(c.charCodeAt(0)) ? " " : c))
		.replace(/\s+/g, " ")
		.trim()
		.replace(/[.:,]$/, "");
	const text = flat ?? "";
	if ([...text].length <= MAX_SUMMARY) return text;
	const cut = [...text].slice(0, MAX_SUMMARY - 1).join("");
	const space = cut.lastIndexOf(" ");
	return `${space > MAX_SUMMARY / 2 ? cut.slice(0, space) : cut}…`;
}

/** Whether the agent's own tool list leaves it unable to change files (undefined: the launcher's default). */
function readOnly(agent: AgentDefinition): boolean {
	return agent.tools !== undefined && !agent.tools.some((tool) => WRITING_TOOLS.includes(tool));
}

/**
 * The roster section for the parent's system prompt, or "" when there is no agent. `agents` are the
 * usable ones (the catalog's `agents`): a broken or disabled file is left out, since calling it fails.
 */
export function agentRoster(agents: Iterable<AgentDefinition>): string {
	const sorted = [...agents].sort(
		(a, b) => SCOPE_ORDER[a.source.scope] - SCOPE_ORDER[b.source.scope] || a.name.localeCompare(b.name),
	);
	if (sorted.length === 0) return "";
	const lines = sorted.slice(0, MAX_LISTED).map((agent) => {
		const summary = summaryOf(agent.description);
		// Said once: a summary that says so already ("Read-only planning") needs no mark.
		const mark = readOnly(agent) && !/read-only/i.test(summary) ? " (read-only)" : "";
		// OpenCode's words for an agent without a description (opencode/agent-mode.ts).
		const about = agent.description === "" ? ": no description; call it only when the user names it" : "";
		return `- ${agent.name}${mark}${summary === "" ? about : `: ${summary}`}`;
	});
	const rest = sorted.slice(MAX_LISTED);
	if (rest.length > 0) {
		const named = rest.slice(0, MAX_NAMED).map((a) => a.name);
		const unnamed = rest.length - named.length;
		lines.push(
			`- and ${named.join(", ")}${unnamed > 0 ? `, and ${unnamed} more (pi-delegate agents lists them)` : ""}`,
		);
	}
	return [`<${ROSTER_TAG}>`, "Agents a task can run as (agent: name):", ...lines, `</${ROSTER_TAG}>`].join("\n");
}

/** The prompt with the roster appended once; a prompt that carries it already is returned as is. */
export function withRoster(systemPrompt: string, roster: string): string {
	if (roster === "" || systemPrompt.includes(roster)) return systemPrompt;
	return systemPrompt === "" ? roster : `${systemPrompt}\n\n${roster}`;
}
