/**
 * The pure core, as DESIGN.md and CONTRIBUTING.md state it: what a child sees, the plan, the gate,
 * the envelope's parsing, the boundary's diff and judgement, the meter's arithmetic, and the
 * formatting, JSON reading and reports every stage shares are data in, data out — no file system, processes, environment, clock or randomness. Where a stage's folder
 * also holds its I/O edge (the spec file loader, the envelope's disk probe, the meter's readers,
 * the boundary's walk), that edge is its own file, named below with why it may. A new read of the
 * disk or the clock in any other file of these folders fails here, naming the file, line and call.
 */
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support/ts-files.ts";

const SRC = resolve(import.meta.dirname, "../src");

/**
 * Folders with no I/O at all, and single files of folders that also hold I/O: run/workspace/
 * keeps the working copies (I/O) beside the patch that is written from them (pure).
 */
const PURE = [
	"format",
	"json",
	"request",
	"context",
	"prompt",
	"gate",
	"plan",
	"report",
	"run/outcome",
	"run/workspace/patch.ts",
	"run/workspace/file-state.ts",
	"run/workspace/hunks.ts",
	"run/workspace/edit-script.ts",
	"run/workspace/base85.ts",
	"run/workspace/git-quote.ts",
	"run/workspace/apply-record.ts",
	"run/workspace/patch-names.ts",
];

/** Folders whose I/O lives in these files only (paths from src/). */
const SHELL_FILES: Record<string, string> = {
	"spec/load.ts": "reads a spec file and resolves its roots on disk (loadSpecFile)",
	"envelope/probe.ts": "the FileProbe over the real disk that verification takes as a port",
	"meter/collect.ts": "lists the runs directory a spend view covers",
	"meter/read-lines.ts": "reads a JSONL event log in chunks",
	"meter/read-records.ts": "reads one audit directory or session file for the fold",
	"boundary/allowed.ts": "resolves write_allowed to real paths",
	"boundary/exec.ts": "starts find, and git for git-process.ts",
	"boundary/git-process.ts": "starts every git process, with nothing a repository configures able to run",
	"boundary/git-files.ts": "reads the files under .git a snapshot records",
	"boundary/git-state.ts": "reads a repository's state through git",
	"boundary/git-store.ts": "lists a repository's object store and reflogs",
	"boundary/git-store-verify.ts": "reads an object file git touched, to check it against its checksum",
	"boundary/hash.ts": "hashes recently touched files",
	"boundary/repos.ts": "finds the repository holding each root",
	"boundary/scratch.ts": "the private directory find writes into",
	"boundary/snapshot.ts": "takes a snapshot: the walk, the clock of the racy window",
	"boundary/walk-find.ts": "the walk through GNU find",
	"boundary/walk-node.ts": "the walk through Node's file system calls",
};

/** Folders that keep their I/O in the files above. */
const MIXED = ["spec", "envelope", "meter", "boundary"];

/** Reads of the outside world: module imports, and calls that differ from one run to the next. */
const IMPURE: ReadonlyArray<[RegExp, string]> = [
	[/from "node:(fs|fs\/promises|child_process|net|http|https|os|worker_threads|dgram|dns)"/, "imports $1"],
	[/\bprocess\.(env|cwd|argv|pid|hrtime|platform|execPath)\b/, "reads process.$1"],
	[/\bDate\.now\(/, "reads the clock (Date.now)"],
	[/\bnew Date\(\)/, "reads the clock (new Date())"],
	[/\bperformance\.now\(/, "reads the clock (performance.now)"],
	[/\bMath\.random\(/, "draws a random number"],
	[/\brandomUUID\(|\brandomBytes\(/, "draws a random id"],
];

/** Every .ts file of a folder, or the one file named. */
const files = (path: string) => (path.endsWith(".ts") ? [path] : tsFiles(path));

/** Every impure line of `text`, as `file:line: what`. */
function impurities(file: string, text: string): string[] {
	const found: string[] = [];
	text.split("\n").forEach((line, i) => {
		const code = line.replace(/\/\/.*$/, "").trimStart();
		if (code.startsWith("*") || code.startsWith("/*")) return;
		for (const [pattern, what] of IMPURE) {
			const match = pattern.exec(code);
			if (match) found.push(`${file}:${i + 1}: ${what.replace("$1", match[1] ?? "")}`);
		}
	});
	return found;
}

const inFolders = (folders: readonly string[]) =>
	folders.flatMap((folder) => files(join(SRC, folder))).map((file) => relative(SRC, file));

describe("the pure core", () => {
	it("reads no disk, process, environment, clock or randomness outside the named shell files", () => {
		const checked = [...inFolders(PURE), ...inFolders(MIXED).filter((file) => !(file in SHELL_FILES))];
		const found = checked.flatMap((file) => impurities(file, readFileSync(join(SRC, file), "utf8")));
		expect(found, "move the I/O to a shell file or take it as a parameter (a port)").toEqual([]);
	});

	it("names only shell files that exist and still do I/O", () => {
		const stale = Object.keys(SHELL_FILES).filter((file) => {
			const path = join(SRC, file);
			try {
				return impurities(file, readFileSync(path, "utf8")).length === 0;
			} catch {
				return true;
			}
		});
		expect(stale, "drop these from SHELL_FILES").toEqual([]);
	});

	it("would notice each kind of impurity, and not a comment about one (control)", () => {
		const text = [
			'import { readFileSync } from "node:fs";',
			"const home = process.env.HOME;",
			"const at = Date.now();",
			"// Date.now() is read by the caller",
			" * process.env is not read here",
			"const id = randomUUID();",
			'import { createHash } from "node:crypto";',
		].join("\n");
		expect(impurities("x.ts", text)).toEqual([
			"x.ts:1: imports fs",
			"x.ts:2: reads process.env",
			"x.ts:3: reads the clock (Date.now)",
			"x.ts:6: draws a random id",
		]);
	});
});
