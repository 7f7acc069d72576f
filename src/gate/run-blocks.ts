/**
 * Commands run from a fenced block: "run this:" or "execute the following:" before a block orders
 * the block's commands, and the first line that changes things is the hit. Pure.
 */
import { changingShell } from "./commands.ts";
import { type Hit, hit } from "./hits.ts";
import type { Clause, Token } from "./types.ts";

/** Verbs that run something: "run", "execute", "apply". */
export const RUN_VERBS = new Set(["run", "execute", "exec", "invoke", "type", "apply", "re-run", "rerun"]);

/** A clause that introduces a fenced block to run: "run this:", "execute the following:". */
export function runsNextBlock(c: Clause): boolean {
	const t = c.tokens[c.head];
	return c.mood === "directive" && c.endsWithColon && t !== undefined && RUN_VERBS.has(t.norm);
}

/** The hit for a fenced block that a "run this:" clause introduces: the first line that changes things. */
export function blockHit(block: Token): Hit[] {
	const line = block.norm.split("\n").find((l) => changingShell(l));
	if (line === undefined || line.trim() === "") return [];
	const text = line.trim();
	const start = block.start + block.text.indexOf(text);
	const quoted: Token = { kind: "code", text, norm: text, start, end: start + text.length };
	return [hit("file-change", "run-command", quoted)];
}
