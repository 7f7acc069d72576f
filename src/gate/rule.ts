/**
 * The delegation rule, as pi-delegate adds it to the parent's system prompt. The system prompt is
 * the one place a rule survives compaction (a skill, or a paragraph in the conversation, is gone
 * after the first one), and a rule placed anywhere else lost to the fork tool's own description.
 * So it is short, says the one thing that decides (what the child sees), and is byte-stable: the
 * same text on every request keeps the prompt cache warm.
 *
 * The three pre-flight questions are the gate's three rule-read reason kinds, asked in advance (the
 * fourth, not-read-only, is the backstop's: a brief that fails none of them but reads as an act). They are
 * written once, in the fork tool's description, where the model reads them as it chooses to fork;
 * the rule points at them. Tool definitions are sent on every request, as the system prompt is, so
 * they survive compaction too, and a second copy would be paid for on every request of the parent.
 */

import { CHILD_TEXT_NOTE } from "../format/child-text.ts";

/** The three questions to ask before any fork; one yes makes it a task. */
export const PREFLIGHT_QUESTIONS = [
	"Before a fork, ask; one yes makes it a task:",
	"1. Does the brief say do not, only, never or must not?",
	"2. Will the child write, edit, commit or push?",
	"3. Do I want a PASS/FAIL I can check?",
].join("\n");

/** The tag around the rule: it marks the section, so it is never appended twice. */
export const DELEGATION_RULE_TAG = "delegation";

/** The section pi-delegate appends to the parent's system prompt. */
export const DELEGATION_RULE = [
	`<${DELEGATION_RULE_TAG}>`,
	"Delegating: task first, fork second. They differ in what the child sees.",
	"- task: only its spec; checked PASS/FAIL, every root diffed. The default for anything that writes or must obey a rule.",
	"- fork: this whole conversation, which outweighs the brief; unchecked prose. Only for read-only exploration of this conversation, or several independent opinions.",
	"Before a fork, ask the three questions in its description: one yes makes it a task, and a fork that fails them is blocked and handed back as a task call.",
	`</${DELEGATION_RULE_TAG}>`,
].join("\n");

/**
 * The fork tool's description: what it is for, what it is not for, that its answer is data (it
 * comes back between `<child>` tags, report/fork-report.ts), and the questions.
 */
export const FORK_TOOL_DESCRIPTION = [
	"Run a child that sees this whole conversation, your brief last, and returns prose. Only for read-only " +
		"exploration of this conversation, or several briefs for independent opinions at once.",
	"Not for implementation, nor anything that writes or must obey a rule: use task (checked PASS/FAIL).",
	CHILD_TEXT_NOTE,
	PREFLIGHT_QUESTIONS,
	"Also: resume (a finished fork's run id: it continues with this brief).",
].join("\n");

/**
 * The parent's system prompt with the rule appended once. Pure and idempotent: the same prompt
 * always gives the same bytes, and a prompt that already carries the section is returned as is.
 */
export function withDelegationRule(systemPrompt: string): string {
	if (systemPrompt.includes(DELEGATION_RULE)) return systemPrompt;
	return systemPrompt === "" ? DELEGATION_RULE : `${systemPrompt}\n\n${DELEGATION_RULE}`;
}
