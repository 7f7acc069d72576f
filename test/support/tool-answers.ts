/**
 * The tool results a child's model read, from the events of its run: each tool's text and whether
 * it was an error. Tests of what a tool answered (a refusal, a FIFO that did not hang, a forged
 * line that did not reach the model) read them this way, from a run's events or its audit record.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** One tool result as the model read it. */
export interface ToolAnswer {
	tool: string;
	text: string;
	isError: boolean;
}

/** Every tool result among `events` (only `tool`'s, when named), in order. */
export function toolAnswers(events: ReadonlyArray<Record<string, unknown>>, tool?: string): ToolAnswer[] {
	return events
		.filter((e) => e.type === "tool_execution_end" && (tool === undefined || e.toolName === tool))
		.map((e) => ({
			tool: String(e.toolName),
			text: ((e.result as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? "").join(""),
			isError: e.isError === true,
		}));
}

/** The text of every result of `tool`, in order, one result a line. */
export const toolOutput = (events: ReadonlyArray<Record<string, unknown>>, tool: string): string =>
	toolAnswers(events, tool)
		.map((answer) => answer.text)
		.join("\n");

/** The text of each `task` tool result the parent read, with whether it was an error, from its audit record. */
export function taskAnswers(auditDir: string): Array<{ text: string; isError: boolean }> {
	const events = readFileSync(join(auditDir, "events.ndjson"), "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	return toolAnswers(events, "task").map(({ text, isError }) => ({ text, isError }));
}
