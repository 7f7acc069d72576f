/**
 * How a child adopts the parent's words: `full` (the default) takes the operator's channels as Pi
 * loaded them, `portable` a capture that travels without the parent's files (src/prompt/inherit.ts).
 * One list for every reader of user input: agent files, the `task` tool, specs.
 */
export const STRATEGIES = ["full", "portable"] as const;
export type Strategy = (typeof STRATEGIES)[number];
