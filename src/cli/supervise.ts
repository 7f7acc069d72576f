/**
 * The supervisor's side of `run --background` (run/control/supervisor.ts starts it): it reads what
 * the starter hands it on standard input, tells the starter which record it opened on descriptor 4
 * once its endpoint answers, and removes its log after a clean end (the record holds everything;
 * the log of a supervisor that crashed stays, to say why).
 */
import { closeSync, rmSync, writeSync } from "node:fs";
import { setAnsweringPid } from "../run/control/open.ts";
import { REPORT_FD, type SupervisorHeader } from "../run/control/supervisor.ts";
import { isRecord } from "../values.ts";
import type { CommandIO } from "./command.ts";

/** The header the starter wrote, or undefined when standard input holds none. */
export async function readHeader(io: Pick<CommandIO, "readStdin">): Promise<SupervisorHeader | undefined> {
	const text = await io.readStdin();
	try {
		const value: unknown = JSON.parse(text);
		if (!isRecord(value) || typeof value.log !== "string") return undefined;
		return {
			log: value.log,
			...(Number.isInteger(value.pid) && { pid: value.pid as number }),
			...(typeof value.specText === "string" && { specText: value.specText }),
		};
	} catch {
		return undefined;
	}
}

/** Takes on the header: the pid `status` reports, the spec text `run -` reads. */
export function supervisedIO(io: CommandIO, header: SupervisorHeader): CommandIO {
	if (header.pid !== undefined) setAnsweringPid(header.pid);
	return { ...io, readStdin: async () => header.specText ?? "" };
}

/** Tells the starter the record is open (once); a descriptor that is not there is no one to tell. */
export function reportRecord(dir: string): void {
	try {
		writeSync(REPORT_FD, `${JSON.stringify({ dir })}\n`);
		closeSync(REPORT_FD);
	} catch {
		// Started by hand, without the starter's pipe.
	}
}

/** After the run's own end (PASS or FAIL), the log says nothing the record does not. */
export function dropLog(header: SupervisorHeader, code: number): void {
	if (code === 0 || code === 1) rmSync(header.log, { force: true });
}
