/**
 * The audit record: one directory per run, written as the run goes so that a crash or a kill still
 * leaves a readable record. `result.json` is written last and atomically (temp file + rename); its
 * absence means the run did not finish, and every reader must tolerate that.
 */
import {
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readdirSync,
	readFileSync,
	renameSync,
	writeFileSync,
	writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { notJsonReason } from "../json/problems.ts";
import { decideRunsDir } from "../plan/task.ts";
import { problemReplacer } from "../problems.ts";

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

/** What a run writes its record through: the executor's audit port. */
export interface AuditWriter {
	readonly dir: string;
	path(name: string): string;
	writeJson(name: string, value: unknown): void;
	writeText(name: string, text: string): void;
	writeBytes(name: string, bytes: Uint8Array): void;
	appendEvent(event: unknown): void;
	closeEvents(): void;
	/** Writes result.json atomically and closes the record. */
	finish(result: unknown): void;
}

export class AuditRecord implements AuditWriter {
	readonly dir: string;
	private eventsFd: number | undefined;

	private constructor(dir: string) {
		this.dir = dir;
	}

	/**
	 * Creates `<runsDir>/<stamp>-<id>/`. Two runs started in the same second get distinct directories:
	 * `mkdir` without `recursive` fails with EEXIST when another run took the name, and the next
	 * suffix is tried, so the claim is atomic even across processes.
	 */
	static create(runsDir: string, id: string, now: Date): AuditRecord {
		mkdirSync(runsDir, { recursive: true });
		const base = `${utcStamp(now)}-${id}`;
		for (let n = 1; ; n++) {
			const dir = join(runsDir, n === 1 ? base : `${base}-${n}`);
			try {
				mkdirSync(dir);
				return new AuditRecord(dir);
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			}
		}
	}

	path(name: string): string {
		return join(this.dir, name);
	}

	writeJson(name: string, value: unknown): void {
		writeFileSync(this.path(name), `${JSON.stringify(value, problemReplacer, 2)}\n`);
	}

	writeText(name: string, text: string): void {
		writeFileSync(this.path(name), text);
	}

	writeBytes(name: string, bytes: Uint8Array): void {
		writeFileSync(this.path(name), bytes);
	}

	/** Appends one event to events.ndjson, unbuffered: what a crash interrupts is already on disk. */
	appendEvent(event: unknown): void {
		this.eventsFd ??= openSync(this.path("events.ndjson"), "a");
		writeSync(this.eventsFd, `${JSON.stringify(event)}\n`);
	}

	/** Writes result.json atomically and closes the record. */
	finish(result: unknown): void {
		this.closeEvents();
		const tmp = this.path(".result.json.tmp");
		writeFileSync(tmp, `${JSON.stringify(result, problemReplacer, 2)}\n`);
		renameSync(tmp, this.path("result.json"));
	}

	closeEvents(): void {
		if (this.eventsFd !== undefined) closeSync(this.eventsFd);
		this.eventsFd = undefined;
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

export function readRun(dir: string): RecordedRun {
	const name = dir.split("/").pop() ?? dir;
	const file = join(dir, "result.json");
	if (!existsSync(file)) return { dir, name, result: undefined };
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (error) {
		return { dir, name, result: undefined, error: `result.json unreadable: ${(error as NodeJS.ErrnoException).code}` };
	}
	try {
		return { dir, name, result: JSON.parse(text) as Record<string, unknown> };
	} catch {
		return { dir, name, result: undefined, error: `result.json unreadable: ${notJsonReason(text)}` };
	}
}
