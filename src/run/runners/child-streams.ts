/**
 * Reading a subprocess child's pipes: stdout is Pi's JSONL, read as it arrives (never buffered
 * whole); stderr carries the child-side extension's reports and, bounded, Pi's own diagnostics.
 */
import type { Readable } from "node:stream";
import { JsonlSplitter } from "../../json/jsonl.ts";
import { bashOutputFile } from "../child/output-files.ts";
import { createEventState, foldEvent } from "../outcome/child-events.ts";
import { type ChildReport, parseChildReport } from "../outcome/child-report.ts";
import { createRefusalWatch } from "../sandbox/refusals.ts";
import type { PreventedAttempt, RunnerHooks } from "../types.ts";

/** How much of stderr is kept for the error report. */
const STDERR_KEEP = 4096;
/** How long to wait for the pipes to close once the child has exited and its tree is gone. */
const DRAIN_MS = 1000;

/** Keeps the last `max` characters of what it is given. */
export class Tail {
	private text = "";
	private readonly max: number;
	constructor(max: number) {
		this.max = max;
	}
	add(line: string): void {
		this.text = `${this.text}${line}\n`.slice(-this.max);
	}
	get value(): string {
		return this.text;
	}
}

/**
 * Reads a child's stdout (Pi's JSONL: every record to the audit, folded into progress and state,
 * scanned for refused writes under the sandbox, and for the full-output files of its bash commands)
 * and its stderr (the extension's reports, and a
 * bounded tail of the rest) as they arrive. `flush` reads what is left once the pipes have ended.
 */
export function readChild(stdout: Readable, stderr: Readable, hooks: RunnerHooks, sandboxed: boolean) {
	const state = createEventState();
	const refusals = createRefusalWatch();
	const prevented: PreventedAttempt[] = [];
	const reports: ChildReport[] = [];
	const stderrTail = new Tail(STDERR_KEEP);
	const streamErrors: string[] = [];
	const outputFiles = new Set<string>();
	const onLine = (line: string, what = "a stdout line is not JSON") => {
		if (line.trim() === "") return;
		let event: unknown;
		try {
			event = JSON.parse(line);
		} catch {
			if (streamErrors.length < 3) streamErrors.push(`${what}: ${line.slice(0, 200)}`);
			return;
		}
		hooks.onEvent(event);
		const file = bashOutputFile(event);
		if (file !== undefined) outputFiles.add(file);
		if (sandboxed) prevented.push(...refusals.push(event));
		for (const progress of foldEvent(state, event)) hooks.onProgress(progress);
	};
	const onErrLine = (line: string) => {
		const report = parseChildReport(line);
		if (report) reports.push(report);
		else stderrTail.add(line);
	};
	const out = new JsonlSplitter();
	stdout.on("data", (chunk: Buffer) => {
		for (const line of out.push(chunk)) onLine(line);
	});
	const err = new JsonlSplitter();
	stderr.on("data", (chunk: Buffer) => {
		for (const line of err.push(chunk)) onErrLine(line);
	});
	const flush = () => {
		const lastOut = out.flush();
		if (lastOut !== undefined) onLine(lastOut, "the last stdout record was cut off");
		const lastErr = err.flush();
		if (lastErr !== undefined) onErrLine(lastErr);
	};
	return { state, prevented, reports, stderrTail, streamErrors, outputFiles, flush };
}

/** Waits for the pipes to end; a descendant holding them open past DRAIN_MS is cut off. */
export async function drained(...streams: Readable[]): Promise<void> {
	const ended = (stream: Readable) =>
		new Promise<void>((resolve) => {
			if (stream.readableEnded || stream.destroyed) return resolve();
			stream.once("end", resolve);
			stream.once("close", resolve);
		});
	await Promise.race([
		Promise.all(streams.map(ended)),
		new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref()),
	]);
	for (const stream of streams) stream.destroy();
}
