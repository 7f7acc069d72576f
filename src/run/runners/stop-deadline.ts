/**
 * How long a stopped in-process child may take to end. Its session ends once its running tool
 * calls return, and a call may never return: a tool of an extension blocked for good on a FIFO, a
 * network mount, a lock. The runner waits for it on a timer of the event loop — which needs no
 * thread of libuv's pool, so a call holding one (or all four) cannot hold the stop too — and then
 * leaves the session behind and ends the run.
 */
import { STOP_GRACE_MS } from "./subprocess.ts";

/** The grace a stopped session gets, from the first stop on. */
export function stopDeadline() {
	let timer: NodeJS.Timeout | undefined;
	let over = false;
	let pass = () => {};
	const passed = new Promise<void>((resolve) => {
		pass = resolve;
	});
	return {
		passed,
		start() {
			timer ??= setTimeout(() => {
				over = true;
				pass();
			}, STOP_GRACE_MS);
		},
		over: () => over,
		clear: () => clearTimeout(timer),
	};
}

/** What the outcome says of a session left behind. */
export function leftBehind(running: ReadonlyMap<string, { tool: string }>): string {
	const tools = [...new Set([...running.values()].map((call) => call.tool))];
	const which = tools.length > 0 ? ` (still running: ${tools.join(", ")})` : "";
	return `the child's session had not ended ${STOP_GRACE_MS} ms after it was stopped${which}; it was left behind`;
}
