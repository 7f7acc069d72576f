/**
 * The audit record: one directory per run, written as the run goes so that a crash or a kill still
 * leaves a readable record. `result.json` is written last and atomically (temp file + rename); its
 * absence means the run did not finish, and every reader must tolerate that.
 */
import { closeSync, existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { notJsonReason } from "../../json/problems.ts";
import { decideRunsDir } from "../../plan/runs-dir.ts";
import { problemReplacer } from "../../problems.ts";
import { isTooLarge, readRecordTextSync } from "../../read-input.ts";
import { LINKS_FILE } from "./links.ts";
import { type FileMark, makeDirs, markChange, RecordDir, writeErrorText } from "./record-dir.ts";

/**
 * Where runs are recorded, for a command that reads them outside a run (the same rule a plan
 * applies): env PI_DELEGATE_RUNS_DIR, else the setting, else under Pi's agent dir.
 */
export function resolveRunsDir(env: Readonly<Record<string, string | undefined>>, setting?: string): string {
	const home = env.HOME || homedir();
	const agentDir = env.PI_CODING_AGENT_DIR ? resolve(env.PI_CODING_AGENT_DIR) : join(home, ".pi", "agent");
	const override = env.PI_DELEGATE_RUNS_DIR ? resolve(env.PI_DELEGATE_RUNS_DIR) : undefined;
	return resolve(decideRunsDir({ home, agentDir, ...(override && { runsDirOverride: override }) }, setting));
}

/** `20261130T001502Z`: sortable, second precision, no characters that need quoting. */
export function utcStamp(date: Date): string {
	return date
		.toISOString()
		.replace(/[-:]/g, "")
		.replace(/\.\d+Z$/, "Z");
}

/**
 * One thing wrong with the record: which entry of the run's directory, and what. `unwritten`: a
 * write failed (the reason says why); `changed`: a file pi-delegate wrote is no longer what it
 * wrote; `foreign`: an entry pi-delegate did not write; `moved`: the directory itself.
 */
export interface RecordFault {
	kind: "unwritten" | "changed" | "foreign" | "moved";
	/** The entry's name inside the run's directory; "." for the directory itself. */
	file: string;
	reason: string;
}

/** What a run writes its record through: the executor's audit port. */
export interface AuditWriter {
	readonly dir: string;
	path(name: string): string;
	writeJson(name: string, value: unknown): void;
	writeText(name: string, text: string): void;
	writeBytes(name: string, bytes: Uint8Array): void;
	appendEvent(event: unknown): void;
	closeEvents(): void;
	/** The writes that failed so far (a child is not started on a record that could not be begun). */
	faults(): readonly RecordFault[];
	/**
	 * Ends the run's writing: closes the event stream, checks that every file written is still the
	 * one written and that nothing else appeared, and returns every fault found since the start.
	 */
	seal(): RecordFault[];
	/** Writes result.json atomically and closes the record; says why when it could not. */
	finish(result: unknown): RecordFault | undefined;
}

/** Entries of a run's directory that others write: the child's session (a subprocess child's Pi writes it). */
const WRITTEN_BY_THE_CHILD = new Set(["session.jsonl"]);

/** Entries that may appear after the record ends, and only grow: the links to later legs (links.ts). */
const ADDED_AFTER_THE_END = new Set([LINKS_FILE]);

/** A file written as a stream of lines (open while the run goes). */
interface Stream {
	fd?: number;
	broken: boolean;
}

/** How many runs may share one second and id before the runs directory is taken to be broken. */
const MAX_SUFFIX = 10_000;

export class AuditRecord implements AuditWriter {
	readonly dir: string;
	private readonly record: RecordDir;
	/** Each file pi-delegate wrote, as it left it. */
	private readonly written = new Map<string, FileMark>();
	private readonly streams = new Map<string, Stream>();
	private readonly faultList: RecordFault[] = [];

	private constructor(record: RecordDir) {
		this.record = record;
		this.dir = record.path;
	}

	/**
	 * Creates `<runsDir>/<stamp>-<id>/` (mode 0700), making the runs directory when it is missing.
	 * Two runs started in the same second get distinct directories: `mkdir` fails with EEXIST when
	 * another run took the name, and the next suffix is tried, so the claim is atomic even across
	 * processes. Any other error is thrown as the system gave it (the entry points check the runs
	 * directory before a run, so this is a race or a disk that failed since).
	 */
	static create(runsDir: string, id: string, now: Date): AuditRecord {
		makeDirs(runsDir);
		const base = `${utcStamp(now)}-${id}`;
		for (let n = 1; n <= MAX_SUFFIX; n++) {
			try {
				return new AuditRecord(RecordDir.make(join(runsDir, n === 1 ? base : `${base}-${n}`)));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			}
		}
		throw Object.assign(new Error(`${MAX_SUFFIX} runs named ${base} exist in ${runsDir} already`), { code: "EEXIST" });
	}

	path(name: string): string {
		return join(this.dir, name);
	}

	writeJson(name: string, value: unknown): void {
		this.whole(name, () => `${JSON.stringify(value, problemReplacer, 2)}\n`);
	}

	writeText(name: string, text: string): void {
		this.whole(name, () => text);
	}

	writeBytes(name: string, bytes: Uint8Array): void {
		this.whole(name, () => bytes);
	}

	/** Appends one event to events.ndjson, unbuffered: what a crash interrupts is already on disk. */
	appendEvent(event: unknown): void {
		this.appendText("events.ndjson", () => `${JSON.stringify(event)}\n`);
	}

	/**
	 * Appends to a file of lines (created on the first line), unbuffered. After a failed write the
	 * file keeps its whole lines and takes no more: its fault is kept for `seal`.
	 */
	appendText(name: string, text: () => string): void {
		const stream = this.streams.get(name) ?? { broken: false };
		this.streams.set(name, stream);
		if (stream.broken) return;
		try {
			const expected = this.written.get(name);
			stream.fd ??= this.record.openAppend(name, expected);
			this.written.set(name, this.record.append(stream.fd, text(), expected ?? this.record.markFd(stream.fd)));
		} catch (error) {
			stream.broken = true;
			this.fault(name, error);
			// The file was cut back to its last whole line: that is what pi-delegate leaves.
			if (stream.fd !== undefined) this.remark(name, stream.fd);
		}
	}

	private remark(name: string, fd: number): void {
		try {
			this.written.set(name, this.record.markFd(fd));
		} catch {
			// Not even fstat works: seal reports what it finds.
		}
	}

	closeEvents(): void {
		for (const stream of this.streams.values()) {
			if (stream.fd !== undefined) closeSync(stream.fd);
			stream.fd = undefined;
		}
	}

	faults(): readonly RecordFault[] {
		return this.faultList;
	}

	seal(): RecordFault[] {
		this.closeEvents();
		const found = [...this.faultList];
		if (this.record.moved()) {
			found.push({ kind: "moved", file: ".", reason: "was moved or replaced during the run" });
		}
		for (const [name, mark] of this.written) {
			const change = markChange(mark, this.record.mark(name));
			if (change) found.push({ kind: "changed", file: name, reason: `was ${change} after pi-delegate wrote it` });
		}
		for (const name of this.entries(found)) {
			if (!this.written.has(name) && !WRITTEN_BY_THE_CHILD.has(name) && !ADDED_AFTER_THE_END.has(name)) {
				found.push({ kind: "foreign", file: name, reason: "was put there by something other than pi-delegate" });
			}
		}
		return found;
	}

	finish(result: unknown): RecordFault | undefined {
		this.closeEvents();
		const before = this.faultList.length;
		this.whole("result.json", () => `${JSON.stringify(result, problemReplacer, 2)}\n`);
		this.record.close();
		return this.faultList[before];
	}

	private entries(found: RecordFault[]): string[] {
		try {
			return this.record.entries();
		} catch (error) {
			found.push({ kind: "unwritten", file: ".", reason: `cannot be listed: ${writeErrorText(error)}` });
			return [];
		}
	}

	private whole(name: string, data: () => string | Uint8Array): void {
		try {
			this.written.set(name, this.record.writeWhole(name, data()));
		} catch (error) {
			this.fault(name, error);
		}
	}

	private fault(file: string, error: unknown): void {
		this.faultList.push({ kind: "unwritten", file, reason: `could not be written: ${writeErrorText(error)}` });
	}
}

/** One run directory as read back: `result` is undefined when the run never finished. */
export interface RecordedRun {
	dir: string;
	name: string;
	result: Record<string, unknown> | undefined;
	/** Why result.json could not be used, when it exists but is unreadable. */
	error?: string;
}

/** Lists recorded runs, oldest first, tolerating directories without (or with a broken) result.json. */
export function listRuns(runsDir: string): RecordedRun[] {
	if (!existsSync(runsDir)) return [];
	return readdirSync(runsDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
		.map((name) => readRun(join(runsDir, name)));
}

/**
 * One run as recorded. result.json is read only when it is a regular file itself, with a ceiling:
 * a link, a FIFO or a device put in its place (the child may write where its record lies) is an
 * error of that run, never followed, waited on or read without end.
 */
export function readRun(dir: string): RecordedRun {
	const name = dir.split("/").pop() ?? dir;
	let text: string;
	try {
		text = readRecordTextSync(join(dir, "result.json"));
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { dir, name, result: undefined };
		return { dir, name, result: undefined, error: `result.json unreadable: ${readErrorText(error)}` };
	}
	try {
		return { dir, name, result: JSON.parse(text) as Record<string, unknown> };
	} catch {
		return { dir, name, result: undefined, error: `result.json unreadable: ${notJsonReason(text)}` };
	}
}

/** Why a record's file could not be read: `it is a symlink (ELOOP)`, or the reader's own words. */
function readErrorText(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === "ELOOP") return "it is a symlink, which is not followed (ELOOP)";
	if (isTooLarge(error)) return error.reason;
	if (code === "EISDIR" || code === "ENOTREG") return `${(error as Error).message} (${code})`;
	return writeErrorText(error);
}
