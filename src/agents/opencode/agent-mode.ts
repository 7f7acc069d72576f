/**
 * Two of OpenCode's agent settings that decide whether and how an agent is offered, read as OpenCode
 * reads them (its task tool, tool/task.ts):
 *
 * - `mode`: OpenCode's task tool offers every agent whose mode is not `primary`; a primary agent is
 *   one the user talks to, switched to with Tab, never a child. Here too it is not offered to the
 *   parent and a call of it is refused, with the reason; `subagent` and `all` are offered.
 * - `description`: OpenCode loads an agent without one and lists it to the model as "This subagent
 *   should only be called manually by the user". Claude Code and Pi's packages skip such a file, so
 *   only an OpenCode agent is kept without one: offered by name, with a note.
 */
import type { AgentNote, IgnoredKey } from "../definition.ts";

/** What a call of a primary agent is refused with, and what the listing says of it. */
export const PRIMARY_WHY = "mode: primary; OpenCode never offers a primary agent as a child, and neither does this";

/** Whether `mode` keeps the agent from being offered, and how the listing names the key. */
export function modeOf(mode: unknown): { primary: boolean; ignored?: IgnoredKey } {
	if (mode === undefined) return { primary: false };
	if (mode === "primary") {
		const why = "OpenCode's primary agent, for the user to talk to; see off";
		return { primary: true, ignored: { key: "mode", value: mode, why } };
	}
	const why = `OpenCode's agent mode: ${String(mode)} is offered as a child, as OpenCode's task tool offers it`;
	return { primary: false, ignored: { key: "mode", value: mode, why } };
}

/** The note an OpenCode agent without a description carries, and the text that stands for it. */
export const NO_DESCRIPTION: AgentNote = {
	key: "description",
	message:
		"none; OpenCode offers such an agent to be called by name only, and so does the roster (it says only to call it when asked)",
};
