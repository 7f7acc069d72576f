/**
 * Launch-time checks of a definition against the session that will run it. A listed tool that does
 * not exist is an error, not a silent drop: an agent written for `read, grep, lint` that started
 * without `lint` would do a different job than its author meant.
 */

import type { Problem } from "../problems.ts";
import { didYouMean } from "../suggest.ts";
import type { AgentDefinition } from "./definition.ts";

/** Every tool the definition lists that the session does not offer. */
export function checkAgentTools(definition: AgentDefinition, availableToolNames: Iterable<string>): Problem[] {
	const available = new Set(availableToolNames);
	const problems: Problem[] = [];
	for (const [index, tool] of (definition.tools ?? []).entries()) {
		if (available.has(tool)) continue;
		problems.push({
			path: `${definition.source.label}: tools[${index}]`,
			value: tool,
			message: `agent "${definition.name}" lists the tool "${tool}", which this session does not have${didYouMean(tool, available)}`,
			fix:
				available.size === 0
					? "remove it; no tools are available"
					: `remove it, load the extension that provides it, or use one of: ${[...available].sort().join(", ")}`,
		});
	}
	return problems;
}
