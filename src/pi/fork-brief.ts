/** The `fork` tool's name and its briefs as the gate reads them: what the tool, the hook and the decision share. */

/** The name of the tool the gate watches. */
export const FORK_TOOL_NAME = "fork";

/** The fork tool's parameters as far as the gate reads them. */
export interface ForkInput {
	brief?: string;
	briefs?: string[];
	from?: string;
}

/** The briefs of a fork call, in order; anything that is not a string is left to the tool to reject. */
export function forkBriefs(input: unknown): string[] {
	if (typeof input !== "object" || input === null) return [];
	const { brief, briefs } = input as ForkInput;
	const list = Array.isArray(briefs) ? briefs : [];
	return [...(typeof brief === "string" ? [brief] : []), ...list.filter((b): b is string => typeof b === "string")];
}
