/**
 * The delegation rule, as pi-delegate adds it to the parent's system prompt. The system prompt is
 * the one place a rule survives compaction (a skill, or a paragraph in the conversation, is gone
 * after the first one), and a rule placed anywhere else lost to the fork tool's own description.
 * It says the one thing that decides (what the child sees) and is byte-stable: the same text on
 * every request keeps the prompt cache warm.
 *
 * It is also the one place the guidance is said: what a task's verdict proves, the three
 * pre-flight questions (the gate's three rule-read reason kinds, asked in advance; the fourth,
 * not-read-only, is the backstop's: a brief that fails none of them but reads as an act), and that
 * a child's words are data. The tools' descriptions only say what each does and name their fields:
 * every word of them rides on every request of the parent as the rule does, and a second copy would
 * be paid for each time (docs/cost.md).
 */

import { CHILD_TEXT_NOTE } from "../format/child-text.ts";

/** The three questions to ask before any fork; one yes makes it a task. */
export const PREFLIGHT_QUESTIONS =
	"Before a fork, ask: does the brief say do not, only, never or must not? Will the child write, edit, commit or push? Do I want a PASS/FAIL I can check? One yes makes it a task (such a fork is blocked and handed back as a task call).";

/** The tag around the rule: it marks the section, so it is never appended twice. */
export const DELEGATION_RULE_TAG = "delegation";

/** The section pi-delegate appends to the parent's system prompt. */
export const DELEGATION_RULE = [
	`<${DELEGATION_RULE_TAG}>`,
	"Delegating: task first, fork second. They differ in what the child sees.",
	"- task: only its spec; checked PASS/FAIL: every root diffed (a change outside write_allowed fails it), evidence pointers verified. A PASS proves shape and pointers, not truth. The default for anything that writes or must obey a rule.",
	"- fork: this whole conversation, which outweighs the brief; unchecked prose. Only for read-only exploration of this conversation, or several independent opinions.",
	PREFLIGHT_QUESTIONS,
	CHILD_TEXT_NOTE,
	`</${DELEGATION_RULE_TAG}>`,
].join("\n");

/**
 * The fork tool's description: what it does, never offered for implementation (the rule says when
 * to choose it, and asks the questions), and the field its schema leaves out.
 */
export const FORK_TOOL_DESCRIPTION = [
	"Run a read-only child that sees this whole conversation (or its branch at entry id from), your brief last, and answers in prose.",
	"Also: resume (a fork's run id to continue).",
].join("\n");

/**
 * The parent's system prompt with the rule appended once. Pure and idempotent: the same prompt
 * always gives the same bytes, and a prompt that already carries the section is returned as is.
 */
export function withDelegationRule(systemPrompt: string): string {
	if (systemPrompt.includes(DELEGATION_RULE)) return systemPrompt;
	return systemPrompt === "" ? DELEGATION_RULE : `${systemPrompt}\n\n${DELEGATION_RULE}`;
}
