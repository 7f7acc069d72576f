/**
 * The meter's readers: a Pi session file (the parent's own requests, and the children it refers
 * to) and a pi-delegate audit directory (one run). Thin: they read files and hand every record to
 * the fold; what counts and how is decided there and in the rollup.
 *
 * An audit directory (src/run/audit/audit.ts) holds spec.json, launch.json, events.ndjson (streamed as
 * the run goes) and result.json (written last, atomically). The run's totals come from result.json
 * when it exists; its requests always come from events.ndjson, which is also all there is of a
 * run that crashed. launch.json may name the parent session as `parentSession: { id, file }` (and
 * `prefixKey`, `siblingOf`, see withLaunchMarkers); result.json may name the kind of child as
 * `kind` (task when absent).
 */
import { lstatSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { readRecordTextSync } from "../read-input.ts";
import { isRecord } from "../values.ts";
import { createFold, foldEntry, foldEvent } from "./fold.ts";
import { readJsonl } from "./read-lines.ts";
import type { ChildRef, RequestRecord, SpendKind, SpendSource } from "./types.ts";
import { dollarsFromUsage, tokensFromUsage } from "./usage.ts";

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * A JSON file's object, or undefined when it is missing or unreadable (a crash may leave either).
 * Read as a record's file: a link, FIFO or device in its place is an error, never followed or read.
 */
function readJsonObject(file: string, errors?: string[]): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(readRecordTextSync(file));
		if (isRecord(value)) return value;
		errors?.push(`${basename(file)} is not a JSON object`);
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "ENOENT") errors?.push(`${basename(file)} unreadable (${code ?? "not JSON"})`);
	}
	return undefined;
}

/** Folds an event log; a log that cannot be opened at all is an error of the record, not of the view. */
function readEvents(file: string, onEvent: (event: unknown) => void, errors: string[]): number {
	try {
		return readJsonl(file, onEvent, carriesSpend, { record: true });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== "ENOENT") errors.push(`events.ndjson unreadable (${code ?? String(error)})`);
		return 0;
	}
}

/** Only these events carry spend; every other line of a log is skipped unparsed. */
const SPEND_EVENTS = ['"message_end"', '"entry_appended"', '"compaction_end"'];
const carriesSpend = (line: string) => SPEND_EVENTS.some((marker) => line.includes(marker));

/** `20261130T001502Z-id` → its time. */
function stampTime(name: string): number | undefined {
	const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
	return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
}

function modelRef(value: unknown): string | undefined {
	if (typeof value === "string") return text(value);
	if (isRecord(value) && text(value.provider) && text(value.id)) return `${value.provider}/${value.id}`;
	return undefined;
}

const KINDS: readonly string[] = ["task", "fork", "workflow"];

/**
 * What the executor may record in launch.json about the prefix: `prefixKey`, what siblings share
 * (model, tools, system prompt), and `siblingOf`, the audit directory of the sibling whose cache
 * write this child waited for. Both are better evidence than the sent system message, so they win.
 */
function withLaunchMarkers(records: RequestRecord[], launch: Record<string, unknown> | undefined): RequestRecord[] {
	const group = text(launch?.prefixKey);
	const sibling = text(launch?.siblingOf);
	if (!group && !sibling) return records;
	const first = records.findIndex((r) => r.purpose === "turn");
	return records.map((r, i) => ({
		...r,
		...(group ? { group } : {}),
		...(sibling && i === first ? { siblingOf: resolve(sibling) } : {}),
	}));
}

/** Whether a directory looks like a run at all (anything else in the runs directory is ignored). */
export function isRunDir(dir: string): boolean {
	return ["result.json", "events.ndjson", "launch.json", "spec.json"].some((f) => entryExists(join(dir, f)));
}

/** Whether anything stands at `path`, a link included (it is not followed). */
function entryExists(path: string): boolean {
	try {
		lstatSync(path);
		return true;
	} catch {
		return false;
	}
}

/** One run, from its audit directory. */
export function readRunSpend(auditDir: string): SpendSource {
	const dir = resolve(auditDir);
	const errors: string[] = [];
	const result = readJsonObject(join(dir, "result.json"), errors);
	const launch = readJsonObject(join(dir, "launch.json"));
	const spec = readJsonObject(join(dir, "spec.json"));
	const fold = createFold(dir);
	const skippedLines = readEvents(join(dir, "events.ndjson"), (e) => foldEvent(fold, e), errors);
	const parent = isRecord(launch?.parentSession) ? launch.parentSession : {};
	const metrics = isRecord(result?.metrics) ? result.metrics : undefined;
	const kind = [result?.kind, launch?.kind].find((k) => typeof k === "string" && KINDS.includes(k));
	const started = text(result?.startedAt) ? Date.parse(String(result?.startedAt)) : Number.NaN;
	const startedAt = Number.isFinite(started) ? started : (stampTime(basename(dir)) ?? fold.records[0]?.at);
	const file = text(parent.file);
	const model = modelRef(metrics?.model) ?? modelRef(launch?.model);
	// A lost grandchild has no result.json; its launch.json (the plan) names its parent run too.
	const parentRun = text(result?.parentRun) ?? text(launch?.parentRun);
	return {
		key: dir,
		kind: (kind as Exclude<SpendKind, "parent"> | undefined) ?? "task",
		id: text(result?.id) ?? text(spec?.id) ?? basename(dir).replace(/^\d{8}T\d{6}Z-/, ""),
		auditDir: dir,
		...(file || text(parent.id)
			? { session: { ...(text(parent.id) ? { id: String(parent.id) } : {}), ...(file ? { file: resolve(file) } : {}) } }
			: {}),
		...(startedAt !== undefined ? { startedAt } : {}),
		...(model ? { model } : {}),
		...(parentRun ? { parentRun: resolve(parentRun) } : {}),
		complete: result !== undefined,
		source: result ? "result" : "events",
		...(metrics && isRecord(metrics.usage)
			? { stated: { tokens: tokensFromUsage(metrics.usage), dollars: dollarsFromUsage(metrics.usage) } }
			: {}),
		requests: withLaunchMarkers(fold.records, launch),
		skippedLines,
		...(errors.length > 0 ? { error: errors.join("; ") } : {}),
	};
}

/** A parent session: its own requests as one source, and the children its entries refer to. */
export interface SessionSpend {
	source: SpendSource;
	children: ChildRef[];
}

/** Reads a Pi session file (header, then entries in file order, every branch). Throws when it cannot be opened. */
export function readSessionSpend(sessionFile: string, options: { record?: boolean } = {}): SessionSpend {
	const file = resolve(sessionFile);
	const fold = createFold(`session:${file}`);
	let header: Record<string, unknown> | undefined;
	const skippedLines = readJsonl(
		file,
		(entry) => {
			if (header === undefined && isRecord(entry) && entry.type === "session") header = entry;
			else foldEntry(fold, entry);
		},
		undefined,
		options,
	);
	const id = text(header?.id) ?? basename(file).replace(/\.jsonl$/, "");
	const started = Date.parse(String(header?.timestamp ?? ""));
	return {
		source: {
			key: fold.lineage,
			kind: "parent",
			id,
			session: { id, file },
			...(Number.isFinite(started) ? { startedAt: started } : fold.records[0] ? { startedAt: fold.records[0].at } : {}),
			complete: true,
			source: "session",
			requests: fold.records,
			skippedLines,
		},
		children: fold.children,
	};
}

/** A child known only from its parent's entry: its stated totals, and its requests if its session file is readable. */
export function childFromRef(ref: ChildRef, parent: SpendSource): SpendSource {
	const key = ref.auditDir ? resolve(ref.auditDir) : `${parent.key}#${ref.id}@${ref.at}`;
	let requests: SpendSource["requests"] = [];
	let skippedLines = 0;
	if (ref.sessionFile && entryExists(ref.sessionFile)) {
		try {
			// A child's session lies in its record, where the child could write: read as a record's file.
			const read = readSessionSpend(ref.sessionFile, { record: true });
			requests = read.source.requests.map((r) => ({ ...r, lineage: key }));
			skippedLines = read.source.skippedLines;
		} catch {
			requests = [];
		}
	}
	return {
		key,
		kind: ref.kind,
		id: ref.id,
		...(ref.auditDir ? { auditDir: resolve(ref.auditDir) } : {}),
		...(parent.session ? { session: parent.session } : {}),
		startedAt: ref.at,
		complete: true,
		source: "entry",
		stated: { tokens: ref.tokens, dollars: ref.dollars },
		requests,
		skippedLines,
	};
}
