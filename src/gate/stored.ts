/**
 * A verbless rule that nothing be kept where the work would land: "nothing on disk yet", "nothing
 * written to disk", "nothing in the repo". Read after "nothing" by the no-action rule (limits.ts).
 * Pure.
 */
import { isWord } from "./hits.ts";
import type { Token } from "./types.ts";
import { changeParticiple } from "./verbs.ts";

/** Where the work would be kept: "nothing on disk", "nothing in the repo yet". */
const STORES = new Set(["disk", "repo", "repository", "worktree", "filesystem", "tree", "branch", "main"]);

/** After "nothing": "on disk", "written to disk", "committed" — a verbless rule that nothing be kept. */
export function storedAt(tokens: readonly Token[], at: number): boolean {
	if (tokens[at]?.kind === "word" && changeParticiple((tokens[at] as Token).norm)) return true;
	if (!isWord(tokens, at, ["on", "to", "in", "into"])) return false;
	return isWord(tokens, at + 1, STORES) || (isWord(tokens, at + 1, ["the"]) && isWord(tokens, at + 2, STORES));
}
