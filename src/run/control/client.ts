/**
 * The client of a run's control endpoint: it finds the socket from the run directory alone, sends
 * one request and reads one answer line, with a cap on its length and a time limit. What answers is
 * read as data: a line that is not a valid answer to the request is no answer.
 *
 * Whether anything listens is told apart from whether it answered: a connection the system accepts
 * means a process holds the run's socket (the run is alive, if busy); a refused or missing socket
 * means nothing does.
 */
import { createConnection } from "node:net";
import { socketCandidates } from "./path.ts";
import { ANSWER_LINE_LIMIT, type ControlAnswer, type ControlRequest, parseAnswer } from "./protocol.ts";

/** What asking came to: nothing listens, or something does (with its answer, when one came). */
export type Asked = { reached: false } | { reached: true; answer: ControlAnswer | undefined };

export interface AskOptions {
	env?: Readonly<Record<string, string | undefined>>;
	/** How long to wait for the answer once connected; default 5 s. Infinity waits for ever. */
	timeoutMs?: number;
	/** Gives up waiting (the connection is closed; the answer is undefined). */
	signal?: AbortSignal;
}

/** The default time an answer may take: a run's event loop can be busy for a moment (a snapshot). */
export const ANSWER_MS = 5000;

/** Asks one socket; `reached: false` when nothing listens there. */
function askSocket(path: string, request: ControlRequest, options: AskOptions): Promise<Asked> {
	return new Promise((resolve) => {
		const socket = createConnection(path);
		let connected = false;
		let text = "";
		let timer: NodeJS.Timeout | undefined;
		const finish = (asked: Asked) => {
			if (timer) clearTimeout(timer);
			options.signal?.removeEventListener("abort", onAbort);
			socket.destroy();
			resolve(asked);
		};
		const onAbort = () => finish({ reached: true, answer: undefined });
		options.signal?.addEventListener("abort", onAbort, { once: true });
		socket.setEncoding("utf8");
		socket.on("error", () => finish(connected ? { reached: true, answer: undefined } : { reached: false }));
		socket.on("connect", () => {
			connected = true;
			socket.write(`${JSON.stringify(request)}\n`);
			const ms = options.timeoutMs ?? ANSWER_MS;
			if (Number.isFinite(ms)) timer = setTimeout(() => finish({ reached: true, answer: undefined }), ms);
		});
		socket.on("data", (chunk: string) => {
			text += chunk;
			const end = text.indexOf("\n");
			if (end >= 0) return finish({ reached: true, answer: parseAnswer(text.slice(0, end), request.op) });
			if (Buffer.byteLength(text) > ANSWER_LINE_LIMIT) finish({ reached: true, answer: undefined });
		});
		socket.on("close", () => finish(connected ? { reached: true, answer: undefined } : { reached: false }));
		if (options.signal?.aborted) onAbort();
	});
}

/** Asks the run recorded in `runDir`: each place its socket may be, until one listens. */
export async function askRun(runDir: string, request: ControlRequest, options: AskOptions = {}): Promise<Asked> {
	for (const path of socketCandidates(runDir, options.env)) {
		const asked = await askSocket(path, request, options);
		if (asked.reached) return asked;
	}
	return { reached: false };
}
