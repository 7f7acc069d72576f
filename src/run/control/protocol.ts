/**
 * What a run's control endpoint and its clients say to each other: one JSON object a line, each way.
 * A request is `{"op": "status" | "send" | "stop" | "wait"}` (`send` with `message`); every answer
 * carries `ok`. Lines are capped both ways, so neither side reads without end. Pure: the server and
 * the client parse with these and nothing else.
 */
import { isRecord } from "../../values.ts";

/** The longest request line the endpoint reads; a longer one ends the connection. */
export const REQUEST_LINE_LIMIT = 64 * 1024;

/** The longest answer line a client reads. */
export const ANSWER_LINE_LIMIT = 256 * 1024;

/** The longest message `send` takes (in bytes of UTF-8), well inside a request line. */
export const MESSAGE_LIMIT = 32 * 1024;

/** Where a running run is: waiting for its turn (a prefix gate, its first snapshot) or running. */
export type LiveState = "queued" | "running";

/** How a run ended: a task's or a fork's verdict, stopped by a user, an unchecked child's end. */
export type EndState = "PASS" | "FAIL" | "stopped" | "done" | "failed";

/** Every state `runs` shows: live, ended, or lost (no result, and nothing answers for it). */
export type RunState = LiveState | EndState | "lost";

/** What `status` answers: what the run is doing now. */
export interface RunStatus {
	id: string;
	kind: string;
	state: LiveState;
	turn: number;
	/** The tool the child is running now, if any. */
	tool?: string;
	/** Dollars billed so far. */
	usd: number;
	startedAt: string;
	auditDir: string;
	/** The process that answers for the run, as the host numbers it, when known. */
	pid?: number;
}

/** What `wait` answers once the run has ended. */
export interface RunEnd {
	state: EndState;
	/** The result's verdict (a task's or a fork's) or status (an unchecked child's). */
	verdict: string;
}

export type ControlRequest = { op: "status" } | { op: "send"; message: string } | { op: "stop" } | { op: "wait" };

export type ControlAnswer =
	| { ok: true; op: "status"; status: RunStatus }
	| { ok: true; op: "send"; queued: boolean }
	| { ok: true; op: "stop"; stopping: boolean }
	| { ok: true; op: "wait"; end: RunEnd }
	| { ok: false; error: string };

const OPS = ["status", "send", "stop", "wait"] as const;

/** A request line as the endpoint reads it; anything else is an error to answer with. */
export function parseRequest(line: string): ControlRequest | { error: string } {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return { error: "not a JSON line" };
	}
	if (!isRecord(value) || !OPS.includes(value.op as (typeof OPS)[number]))
		return { error: `op must be one of ${OPS.join(", ")}` };
	if (value.op !== "send") return { op: value.op as Exclude<ControlRequest["op"], "send"> };
	if (typeof value.message !== "string" || value.message.trim() === "")
		return { error: "send needs a message: a non-empty string" };
	if (Buffer.byteLength(value.message) > MESSAGE_LIMIT)
		return { error: `the message holds more than ${MESSAGE_LIMIT} bytes` };
	return { op: "send", message: value.message };
}

const LIVE: readonly string[] = ["queued", "running"];
const ENDS: readonly string[] = ["PASS", "FAIL", "stopped", "done", "failed"];
const num = (v: unknown) => typeof v === "number" && Number.isFinite(v);

function statusOf(value: unknown): RunStatus | undefined {
	if (!isRecord(value)) return undefined;
	const { id, kind, state, turn, tool, usd, startedAt, auditDir, pid } = value;
	if (typeof id !== "string" || typeof kind !== "string" || !LIVE.includes(state as string)) return undefined;
	if (!num(turn) || !num(usd) || typeof startedAt !== "string" || typeof auditDir !== "string") return undefined;
	return {
		id,
		kind,
		state: state as LiveState,
		turn: turn as number,
		...(typeof tool === "string" && { tool }),
		usd: usd as number,
		startedAt,
		auditDir,
		...(Number.isInteger(pid) && { pid: pid as number }),
	};
}

/** An answer line as a client reads it, checked against what it asked; undefined when it is none. */
export function parseAnswer(line: string, op: ControlRequest["op"]): ControlAnswer | undefined {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch {
		return undefined;
	}
	if (!isRecord(value)) return undefined;
	if (value.ok === false) return { ok: false, error: typeof value.error === "string" ? value.error : "refused" };
	if (value.ok !== true || value.op !== op) return undefined;
	if (op === "status") {
		const status = statusOf(value.status);
		return status && { ok: true, op, status };
	}
	if (op === "send") return typeof value.queued === "boolean" ? { ok: true, op, queued: value.queued } : undefined;
	if (op === "stop")
		return typeof value.stopping === "boolean" ? { ok: true, op, stopping: value.stopping } : undefined;
	const end = value.end;
	if (!isRecord(end) || !ENDS.includes(end.state as string) || typeof end.verdict !== "string") return undefined;
	return { ok: true, op, end: { state: end.state as EndState, verdict: end.verdict } };
}
