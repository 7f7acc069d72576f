/**
 * Small pure helpers both runners use to turn a child's events into progress and totals: a one-line
 * summary of a tool call for the user, the bash command a call ran, and usage summed over assistant
 * messages. Pi reports usage per assistant message and never a total, so the sum is ours.
 */

import { isRecord } from "../../values.ts";
import { addUsage, type ChildUsage, ZERO_USAGE } from "../types.ts";

const SUMMARY_MAX = 80;

function oneLine(text: string, max = SUMMARY_MAX): string {
	const flat = text.replace(/\s+/g, " ").trim();
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The argument that says what a call does, per tool; the first string argument otherwise. */
const KEY_ARGS = ["command", "pattern", "query", "url", "path", "file_path"] as const;

/**
 * `bash: npm test`, `read: src/a.ts`, `grep: TODO`: the tool's name and the one argument a user
 * recognises the call by, on one line and shortened. A call without a telling argument is just its name.
 */
export function summarizeToolCall(tool: string, args: unknown): string {
	if (!isRecord(args)) return tool;
	const key = KEY_ARGS.find((k) => typeof args[k] === "string" && args[k] !== "");
	const value = key ? (args[key] as string) : Object.values(args).find((v) => typeof v === "string" && v !== "");
	return typeof value === "string" ? `${tool}: ${oneLine(value)}` : tool;
}

/** The command of a bash tool call, exactly as the child ran it; undefined for any other call. */
export function bashCommand(tool: string, args: unknown): string | undefined {
	if (tool !== "bash" || !isRecord(args)) return undefined;
	return typeof args.command === "string" ? args.command : undefined;
}

export function emptyUsage(): ChildUsage {
	return { ...ZERO_USAGE, cost: { ...ZERO_USAGE.cost } };
}

function count(value: unknown): number {
	return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

function counts(record: Record<string, unknown>, keys: readonly string[]): Record<string, number> {
	return Object.fromEntries(keys.map((k) => [k, count(record[k])]));
}

/**
 * Adds an assistant message's usage to a total (a new object; the total is not changed). Anything
 * that is not an assistant message with usage adds nothing, so callers may pass every message.
 */
export function addMessageUsage(total: ChildUsage, message: unknown): ChildUsage {
	if (!isRecord(message) || message.role !== "assistant" || !isRecord(message.usage)) return total;
	const usage = message.usage;
	const cost = isRecord(usage.cost) ? counts(usage.cost, ["input", "output", "cacheRead", "cacheWrite", "total"]) : {};
	return addUsage(total, { ...counts(usage, ["input", "output", "cacheRead", "cacheWrite"]), cost });
}
