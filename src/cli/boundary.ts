/**
 * `pi-delegate boundary`: snapshot watched roots and diff them later, by hand or from a script —
 * the same check a delegation runs around its child, with the same verdict and exit codes.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { resolveWriteAllowed } from "../boundary/allowed.ts";
import { diffSnapshots } from "../boundary/diff.ts";
import { judgeChanges } from "../boundary/judge.ts";
import { parseSnapshot } from "../boundary/load.ts";
import { snapshotRoots } from "../boundary/snapshot.ts";
import type { Snapshot } from "../boundary/types.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { renderDiffJson, renderDiffReport } from "./boundary-report.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";

const USAGE = `Usage:
  pi-delegate boundary snapshot <root>... [-o <file>]
  pi-delegate boundary diff <before.json> [--after <after.json>] [--write-allowed <dir>]... [--json] [--max-rows <n>]

snapshot  Records every watched root: every entry of the working tree (untracked and ignored files
          included) and, for git roots, HEAD, refs, stash, index, config and hooks. Writes JSON to
          <file>, or to stdout. Keep the file outside the roots, or the diff will report it.
diff      Snapshots the same roots again (or reads --after) and prints every change, each marked
          as allowed (its root is in --write-allowed) or a violation. With no --write-allowed,
          every change is a violation. Paths compare by real path.

Options:
  -o, --output <file>       snapshot: where to write the snapshot (default: stdout)
  --after <after.json>      diff: compare with this snapshot instead of taking a new one
  --write-allowed <dir>     diff: a root that may change (repeatable)
  --json                    diff: print the changes as JSON
  --max-rows <n>            diff: rows of the table to print (default 200, 0 for all)

Exit codes: 0 no violation, 1 violations found, 2 bad input.`;

function problemsOut(io: CommandIO, summary: string, problems: readonly Problem[]): ExitCode {
	io.stderr(`pi-delegate boundary: ${summary}\n${formatProblems(problems)}\n`);
	return EXIT.badInput;
}

/** Every given root must exist and be a directory; all problems are reported together. */
async function checkRoots(roots: readonly string[]): Promise<Problem[]> {
	const problems: Problem[] = [];
	for (const [i, root] of roots.entries()) {
		const info = await stat(root).catch(() => null);
		if (info === null)
			problems.push({ path: `root[${i}]`, value: root, message: "does not exist", fix: "pass an existing directory" });
		else if (!info.isDirectory())
			problems.push({ path: `root[${i}]`, value: root, message: "is not a directory", fix: "pass a directory" });
	}
	return problems;
}

async function runSnapshot(argv: string[], io: CommandIO): Promise<ExitCode> {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: { output: { type: "string", short: "o" } },
	});
	if (positionals.length === 0) throw new UsageError("snapshot needs at least one root directory");
	const roots = positionals.map((root) => resolve(io.cwd, root));
	const problems = await checkRoots(roots);
	if (problems.length > 0) return problemsOut(io, "cannot snapshot these roots", problems);
	const snapshot = await snapshotRoots(roots);
	const json = `${JSON.stringify(snapshot)}\n`;
	if (values.output === undefined) {
		io.stdout(json);
		return EXIT.pass;
	}
	const file = resolve(io.cwd, values.output);
	await writeFile(file, json);
	const entries = snapshot.roots.reduce((sum, r) => sum + r.entries.length, 0);
	io.stderr(`snapshot of ${roots.length} root(s), ${entries} entries, written to ${file}\n`);
	return EXIT.pass;
}

async function readSnapshot(io: CommandIO, path: string, label: string): Promise<Snapshot | Problem[]> {
	const file = resolve(io.cwd, path);
	const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => error);
	if (typeof text !== "string")
		return [{ path: label, value: path, message: `cannot be read (${text.code})`, fix: "pass a snapshot file" }];
	const parsed = parseSnapshot(text, label);
	return "snapshot" in parsed ? parsed.snapshot : parsed.problems;
}

function maxRows(text: string | undefined): number {
	if (text === undefined) return 200;
	const n = Number(text);
	if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-rows must be a whole number ≥ 0, got "${text}"`);
	return n;
}

async function runDiff(argv: string[], io: CommandIO): Promise<ExitCode> {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			after: { type: "string" },
			"write-allowed": { type: "string", multiple: true },
			json: { type: "boolean" },
			"max-rows": { type: "string" },
		},
	});
	if (positionals.length !== 1) throw new UsageError("diff needs exactly one snapshot file (the earlier one)");
	const rows = maxRows(values["max-rows"]);
	const before = await readSnapshot(io, positionals[0]!, "before");
	const after = values.after === undefined ? undefined : await readSnapshot(io, values.after, "--after");
	const problems = [...(Array.isArray(before) ? before : []), ...(Array.isArray(after) ? after : [])];
	if (Array.isArray(before) || Array.isArray(after)) return problemsOut(io, "cannot read the snapshots", problems);
	const allowed = await resolveWriteAllowed(before, values["write-allowed"] ?? [], io.cwd);
	if (allowed.problems.length > 0) return problemsOut(io, "bad --write-allowed", allowed.problems);
	const later =
		after ??
		(await snapshotRoots(
			before.roots.map((r) => r.root),
			{ previous: before },
		));
	const changes = diffSnapshots(before, later);
	const judgement = judgeChanges(changes, allowed.roots);
	const report = { before, after: later, changes, judgement, writeAllowed: allowed.roots };
	io.stdout(values.json ? renderDiffJson(report) : renderDiffReport(report, rows));
	return judgement.violations.length > 0 ? EXIT.fail : EXIT.pass;
}

export const boundaryCommand: Command = {
	name: "boundary",
	summary: "snapshot watched roots and diff them: every change, judged against the writable roots",
	usage: USAGE,
	async run(argv, io) {
		const [sub, ...rest] = argv;
		try {
			if (sub === "snapshot") return await runSnapshot(rest, io);
			if (sub === "diff") return await runDiff(rest, io);
		} catch (error) {
			// parseArgs reports unknown or malformed flags as TypeErrors with a code.
			if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
				throw new UsageError((error as Error).message);
			throw error;
		}
		throw new UsageError(sub === undefined ? "missing subcommand (snapshot or diff)" : `unknown subcommand "${sub}"`);
	},
};
