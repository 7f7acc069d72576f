/**
 * OpenCode's `tools:` map (`{ write: false, bash: true }`): every tool is on unless the map turns it
 * off. The child starts from all of Pi's built-in tools (what the map's author started from) and
 * loses each one set to false. A wildcard (`"mymcp_*": false`) turns off every tool it matches; a
 * wildcard set to true adds nothing, as it could only grant tools the file never named. A name set
 * to true adds the tool when this session has it (an extension's) and nothing when nobody has it,
 * as OpenCode does: the map toggles tools, it does not list what the agent needs (collections
 * write `docker: true, kubernetes: true` for agents that run them through bash).
 */
import type { AgentNote } from "../definition.ts";
import { wildcardExpression } from "../permissions/wildcard.ts";
import type { KeyProblem } from "../restrict.ts";
import { classifyTool, nearestTool, PI_BUILTIN_TOOLS } from "../tools.ts";

export function toolsFromMap(
	map: Readonly<Record<string, unknown>>,
	available: readonly string[],
): { tools: string[]; notes: AgentNote[]; problems: KeyProblem[] } {
	const notes: AgentNote[] = [];
	const problems: KeyProblem[] = [];
	const on = new Set<string>(PI_BUILTIN_TOOLS);
	const off = new Set<string>();
	for (const [written, value] of Object.entries(map)) {
		if (typeof value !== "boolean") {
			problems.push({
				path: ["tools", written],
				code: "invalid_type",
				value,
				message: "a tools map entry must be true or false",
				fix: `write ${written}: false to turn the tool off (or list the tools: tools: read, grep)`,
			});
			continue;
		}
		if (/[*?]/.test(written)) {
			const pattern = wildcardExpression(written, { ignoreCase: true });
			if (value) notes.push({ key: "tools", message: `${written}: true adds nothing; only named tools are granted` });
			else for (const tool of [...on, ...available]) if (pattern.test(tool)) off.add(tool);
			continue;
		}
		const tool = classifyTool(written, available);
		if (tool.kind === "foreign") {
			if (value) notes.push({ key: "tools", message: `${written} dropped: ${tool.why}; the agent runs without it` });
			continue;
		}
		if (tool.kind === "pi") {
			if (value) on.add(tool.name);
			else off.add(tool.name);
			continue;
		}
		const near = nearestTool(written, available);
		if (value) {
			// On is where every tool starts, so true for a tool nobody here has turns nothing on (as in OpenCode).
			const hint = near === undefined ? "" : ` (did you mean "${near}"? it is on already)`;
			notes.push({ key: "tools", message: `${written}: true names no tool here${hint}; nothing to turn on` });
		} else if (near !== undefined) {
			problems.push({
				path: ["tools", written],
				code: "invalid_type",
				value,
				message: `"${written}" is not a tool (did you mean "${near}"?); a misspelt denial would leave the tool granted`,
				fix: `write ${near}: false, or remove the entry`,
			});
		} else notes.push({ key: "tools", message: `${written} is not a tool here; nothing to turn off` });
	}
	for (const tool of off) if (on.has(tool)) notes.push({ key: "tools", message: `${tool} turned off` });
	return { tools: [...on].filter((tool) => !off.has(tool)), notes, problems };
}
