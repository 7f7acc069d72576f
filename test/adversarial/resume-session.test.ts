/**
 * Resuming a run reads its record, which a child without the sandbox could have shaped, and writes
 * one line into it. Every way the record can be wrong is a refusal naming the field, the value and
 * the fix — a run not finished, not found, of a kind that cannot be resumed, with a tampered record,
 * a session missing, a link, a FIFO, too large, a malformed line, an entry whose parent does not come
 * before it — and nothing is followed, waited on or read without bound. The back-link is never
 * written through a link or into a FIFO. A resumed leg that would run less guarded than its first on
 * a field the call did not give is refused.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wideningProblems } from "../../src/plan/resume.ts";
import { noteResumedBy } from "../../src/run/audit/links.ts";
import { readResumable } from "../../src/run/audit/resume-record.ts";
import { tempDir } from "../support/temp.ts";

const HEADER = { type: "session", version: 3, id: "s-1", timestamp: "2026-12-06T00:00:00.000Z", cwd: "/" };
const entry = (id: string, parentId: string | null) => ({
	type: "message",
	id,
	parentId,
	timestamp: "2026-12-06T00:00:00.000Z",
	message: { role: "user", content: "hi", timestamp: 0 },
});
const jsonl = (lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");

/** A runs directory with one run `20261206T000000Z-lexer` whose files are `files` (undefined: left out). */
function runsWith(files: Record<string, string | undefined>) {
	const runsDir = tempDir("pi-delegate-resume-runs-");
	const dir = join(runsDir, "20261206T000000Z-lexer");
	mkdirSync(dir);
	const all: Record<string, string | undefined> = {
		"result.json": JSON.stringify({ kind: "task", verdict: "PASS", problems: [] }),
		"spec.json": JSON.stringify({ id: "lexer", goal: "g", deliverable: "d", roots: ["/"] }),
		"launch.json": JSON.stringify({ sandbox: { mode: "off" } }),
		"session.jsonl": jsonl([HEADER, entry("a", null), entry("b", "a")]),
		...files,
	};
	for (const [name, text] of Object.entries(all)) if (text !== undefined) writeFileSync(join(dir, name), text);
	return { runsDir, dir };
}

function resume(runsDir: string, run = "lexer", kind: "task" | "fork" = "task") {
	return readResumable({ run, kind, where: { path: ["resume"] }, cwd: runsDir, runsDir });
}

function refusal(runsDir: string, run?: string, kind?: "task" | "fork") {
	const read = resume(runsDir, run, kind);
	if (read.ok) throw new Error("the run was resumed");
	expect(read.problem.path).toEqual(["resume"]);
	expect(read.problem.fix).not.toBe("");
	return read.problem;
}

describe("resume: the record it reads", () => {
	it("reads a finished task's session, spec and agent (control)", () => {
		const { runsDir, dir } = runsWith({});
		const read = resume(runsDir);
		expect(read.ok && read.source.link).toEqual({
			run: "20261206T000000Z-lexer",
			dir,
			kind: "task",
			sessionId: "s-1",
			entries: 2,
			leafId: "b",
		});
	});

	it("refuses a run that is not found", () => {
		const { runsDir } = runsWith({});
		const problem = refusal(runsDir, "lexr");
		expect(problem).toMatchObject({ code: "not_found", value: "lexr", message: `is not a run in ${runsDir}` });
	});

	it("refuses a run that has not finished (no result.json: running, or its supervisor died)", () => {
		const { runsDir } = runsWith({ "result.json": undefined });
		expect(refusal(runsDir)).toMatchObject({ code: "not_found", message: expect.stringContaining("not finished") });
	});

	it("refuses an unchecked child's run, and a run of the other kind", () => {
		const unchecked = runsWith({ "result.json": JSON.stringify({ kind: "unchecked", problems: [] }) });
		expect(refusal(unchecked.runsDir).message).toContain("unchecked child");
		const fork = runsWith({ "result.json": JSON.stringify({ kind: "fork", problems: [] }) });
		expect(refusal(fork.runsDir)).toMatchObject({ fix: expect.stringContaining("resume it with fork") });
	});

	it("refuses a run whose record was tampered with", () => {
		const problems = [{ code: "record", message: "the audit record was tampered with" }];
		const { runsDir } = runsWith({ "result.json": JSON.stringify({ kind: "task", problems }) });
		expect(refusal(runsDir).message).toContain("tampered");
	});

	it("refuses a missing session, a session that is a link, and one that is a FIFO, without waiting", () => {
		expect(refusal(runsWith({ "session.jsonl": undefined }).runsDir).message).toContain("does not exist");
		const linked = runsWith({ "session.jsonl": undefined });
		const elsewhere = join(tempDir("pi-delegate-resume-elsewhere-"), "session.jsonl");
		writeFileSync(elsewhere, jsonl([HEADER, entry("x", null)]));
		symlinkSync(elsewhere, join(linked.dir, "session.jsonl"));
		expect(refusal(linked.runsDir).message).toContain("symbolic link");
		const fifo = runsWith({ "session.jsonl": undefined });
		execFileSync("mkfifo", [join(fifo.dir, "session.jsonl")]);
		expect(refusal(fifo.runsDir).message).toContain("not a regular file");
	});

	it("refuses a session past its ceiling without reading it", () => {
		const { runsDir, dir } = runsWith({});
		truncateSync(join(dir, "session.jsonl"), 65 * 1024 * 1024);
		expect(refusal(runsDir).message).toContain("too large");
	});

	it("refuses a malformed line, naming it", () => {
		const { runsDir } = runsWith({ "session.jsonl": `${jsonl([HEADER, entry("a", null)])}{"type": "message", oops\n` });
		expect(refusal(runsDir)).toMatchObject({ code: "invalid_syntax", message: expect.stringContaining("line 3") });
		const headless = runsWith({ "session.jsonl": jsonl([entry("a", null)]) });
		expect(refusal(headless.runsDir).message).toContain("line 1 is not the session's header");
	});

	it("refuses entries a reader could walk for ever: a parent after its child, a repeated id", () => {
		const cycle = runsWith({ "session.jsonl": jsonl([HEADER, entry("a", "b"), entry("b", "a")]) });
		expect(refusal(cycle.runsDir).message).toContain("line 2 names a parent that is not an earlier entry");
		const twice = runsWith({ "session.jsonl": jsonl([HEADER, entry("a", null), entry("a", null)]) });
		expect(refusal(twice.runsDir).message).toContain("line 3 repeats the id a");
	});

	it("refuses a directory outside the runs directory, and one reached through a link", () => {
		const { runsDir, dir } = runsWith({});
		const outside = tempDir("pi-delegate-resume-outside-");
		expect(refusal(runsDir, outside).message).toContain("is not a run of the runs directory");
		symlinkSync(dir, join(runsDir, "20261206T000001Z-alias"));
		expect(refusal(runsDir, "20261206T000001Z-alias").message).toContain("is not a run of the runs directory");
	});
});

describe("resume: the line it adds to the first record", () => {
	it("appends one line per later leg (control)", () => {
		const { dir } = runsWith({});
		const at = new Date("2026-12-06T01:00:00.000Z");
		noteResumedBy(dir, { run: "r2", dir: "/runs/r2", at });
		noteResumedBy(dir, { run: "r3", dir: "/runs/r3", at });
		const lines = readFileSync(join(dir, "links.ndjson"), "utf8")
			.trim()
			.split("\n")
			.map((l) => JSON.parse(l));
		expect(lines.map((l) => l.resumed_by)).toEqual(["r2", "r3"]);
	});

	it("never writes through a link put in its place, nor waits on a FIFO", () => {
		const linked = runsWith({});
		const target = join(tempDir("pi-delegate-resume-target-"), "victim");
		writeFileSync(target, "untouched\n");
		symlinkSync(target, join(linked.dir, "links.ndjson"));
		const at = new Date();
		expect(() => noteResumedBy(linked.dir, { run: "r2", dir: "/runs/r2", at })).toThrow(/ELOOP/);
		expect(readFileSync(target, "utf8")).toBe("untouched\n");
		const fifo = runsWith({});
		execFileSync("mkfifo", [join(fifo.dir, "links.ndjson")]);
		expect(() => noteResumedBy(fifo.dir, { run: "r2", dir: "/runs/r2", at })).toThrow();
	});
});

describe("resume: a leg less guarded than its first", () => {
	const first = { sandbox: "enforce", apply: "on-pass", network: false, gitWrites: false, writeAllowed: ["/r"] };
	const next = { sandbox: "off", apply: "direct", network: false, gitWrites: false, writeAllowed: ["/r"] };
	const where = { path: ["tasks", 1, "resume"] };

	it("is refused on every field the call did not give, each at its place with the fix", () => {
		const problems = wideningProblems(first, next, ["goal"], where);
		expect(problems.map((p) => p.path)).toEqual([
			["tasks", 1, "sandbox"],
			["tasks", 1, "apply"],
		]);
		expect(problems[0]).toMatchObject({
			code: "conflict",
			value: "off",
			fix: expect.stringContaining('sandbox: "enforce"'),
		});
	});

	it("is the caller's to decide when the call names the field", () => {
		expect(wideningProblems(first, next, ["goal", "sandbox", "apply"], where)).toEqual([]);
		const wider = { ...next, sandbox: "enforce", network: true, writeAllowed: ["/r", "/s"] };
		expect(wideningProblems(first, wider, ["goal", "apply"], where).map((p) => p.path.at(-1))).toEqual([
			"network",
			"write_allowed",
		]);
	});
});
