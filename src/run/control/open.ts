/**
 * The real control port: a run's endpoint opened in the user's private control directory, at the
 * path its run directory names (path.ts). A directory that is not the user's own, or a socket that
 * cannot be made, leaves the run without an endpoint (it runs on; `ready` says false and why).
 */

import { socketPathFor } from "./path.ts";
import type { ControlEndpoint, ControlHandlers } from "./server.ts";
import { openControlServer } from "./server.ts";

/** The process that answers for runs, as the host numbers it (a supervisor in a PID namespace sets it). */
let answeringPid: number = process.pid;

/** Says which pid `status` reports: the supervisor's as the host sees it, when it runs in a namespace. */
export function setAnsweringPid(pid: number): void {
	answeringPid = pid;
}

export const currentPid = () => answeringPid;

/** An endpoint that could not be opened: nothing listens, and `why` says why. */
function unopened(why: string): ControlEndpoint & { why: string } {
	return { ready: Promise.resolve(false), ended() {}, close() {}, why };
}

export function openRunControl(auditDir: string, handlers: ControlHandlers): ControlEndpoint & { why?: string } {
	try {
		return openControlServer(socketPathFor(auditDir), handlers);
	} catch (error) {
		return unopened(error instanceof Error ? error.message : String(error));
	}
}
