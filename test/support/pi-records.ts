/**
 * What a real `pi` run through the package left for users and models to read: the tool results in
 * its JSON event stream, the custom entries of its session file, each child's audit record, the
 * requests the scripted model received. Shared by the end-to-end tests of the tools and commands.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RecordedRequest } from "./scripted-provider.ts";

/** A `tool_execution_end` event as Pi's JSON mode prints it. */
export interface ToolEnd<Details = unknown> {
	type: "tool_execution_end";
	toolCallId: string;
	toolName: string;
	isError: boolean;
	result: {
		content?: Array<{ type: string; text?: string }>;
		details?: Details;
		usage?: { input: number; output: number; cacheRead: number; cacheWrite: number; cost: { total: number } };
	};
}

/** Every end of a call of `tool`, in the order the calls ended. */
export function toolEnds<Details = unknown>(events: ReadonlyArray<Record<string, unknown>>, tool: string) {
	return events.filter((e) => e.type === "tool_execution_end" && e.toolName === tool) as unknown as Array<
		ToolEnd<Details>
	>;
}

/** The text a tool result gave the model. */
export const textFor = (end: ToolEnd | undefined) => end?.result.content?.map((c) => c.text ?? "").join("") ?? "";

/** One custom entry of a Pi session file. */
export interface CustomEntry<Data = Record<string, unknown>> {
	type: "custom";
	customType: string;
	data: Data;
}

/** The custom entries of type `customType` in a session file. */
export function sessionEntries<Data = Record<string, unknown>>(file: string, customType: string) {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as { type?: string; customType?: string })
		.filter((e) => e.type === "custom" && e.customType === customType) as Array<CustomEntry<Data>>;
}

/** A JSON file of an audit directory. */
export function auditJson<T = Record<string, unknown>>(dir: string, file: "result.json" | "launch.json"): T {
	return JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
}

/** A child's audit directory and its result.json. */
export interface RecordedChild<Result = Record<string, unknown>> {
	auditDir: string;
	result: Result;
}

/**
 * Every finished run in a runs directory by its id. Read from disk rather than from the tool
 * results: on a Pi before 0.99 a call whose every child failed is thrown and carries no details.
 */
export function recordedRuns<Result = { id: string; kind: string }>(runsDir: string) {
	const runs = new Map<string, RecordedChild<Result>>();
	for (const name of readdirSync(runsDir).sort()) {
		const auditDir = join(runsDir, name);
		if (!existsSync(join(auditDir, "result.json"))) continue;
		const result = auditJson<Result & { id: string }>(auditDir, "result.json");
		runs.set(result.id, { auditDir, result });
	}
	return runs;
}

/** The requests the scripted model received (PI_DELEGATE_REQUESTS), in order. */
export function recordedRequests(file: string): RecordedRequest[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as RecordedRequest);
}

/** When a child ran, as its result.json says. */
export interface Interval {
	id: string;
	startedAt: number;
	finishedAt: number;
}

export function intervalOf(auditDir: string): Interval {
	const result = auditJson<{ id: string; startedAt: string; finishedAt: string }>(auditDir, "result.json");
	return { id: result.id, startedAt: Date.parse(result.startedAt), finishedAt: Date.parse(result.finishedAt) };
}

/** When a child sent a message (its first request) and when the answer to it began, by the messages' own clocks. */
export interface Exchange {
	asked: number;
	answered: number;
}

/**
 * The exchange of a child's session file that starts with the first user message containing `prompt`
 * (a fork's session begins with the branch it inherited, so its own message is found by its text).
 * A scripted answer's message is made when the answer begins, after any delay the script asks for.
 */
export function exchangeOf(sessionFile: string, prompt: string): Exchange {
	const messages = readFileSync(sessionFile, "utf8")
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map(
			(line) => JSON.parse(line) as { type?: string; message?: { role: string; content: unknown; timestamp: number } },
		)
		.flatMap((entry) => (entry.type === "message" && entry.message ? [entry.message] : []));
	const asked = messages.findIndex((m) => m.role === "user" && JSON.stringify(m.content).includes(prompt));
	const answer = messages.slice(asked + 1).find((m) => m.role === "assistant");
	if (asked < 0 || !answer) throw new Error(`no exchange for ${JSON.stringify(prompt)} in ${sessionFile}`);
	return { asked: messages[asked]!.timestamp, answered: answer.timestamp };
}

/**
 * Whether the later of two siblings sent its first request only once the earlier one's answer had
 * begun — what the prefix gate does. Without it both ask at once, and a held answer starts later.
 */
export function heldUntilAnswered(a: Exchange, b: Exchange): boolean {
	const [first, second] = [a, b].sort((x, y) => x.asked - y.asked);
	return second!.asked >= first!.answered;
}

/** Whether two runs shared any moment. */
export const overlap = (a: Interval, b: Interval) => a.startedAt < b.finishedAt && b.startedAt < a.finishedAt;

/** A row of `pi-delegate spend --json`. */
export interface SpendRow {
	id: string;
	kind: string;
	auditDir: string | null;
	dollars: { total: number };
}

/** A text turn whose answer is also a valid envelope (fenced JSON): a task and a fork can both take it. */
export function fencedEnvelopeTurn(pointer: string, delayMs?: number) {
	const envelope = { status: "ok", deliverable: "It says one.", evidence: [{ claim: "read it", pointer }] };
	const text = `It says one.\n\`\`\`json\n${JSON.stringify({ ...envelope, unsure: [], did_not_do: [] })}\n\`\`\``;
	return { text, ...(delayMs !== undefined && { delayMs }) };
}

/** Dollars per million tokens for the scripted model, so every child costs something and sums can be checked. */
export const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
