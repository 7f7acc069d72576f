/**
 * `pi-delegate boundary`: snapshot watched roots and diff them later, by hand or from a script —
 * the same check a delegation runs around its child, with the same verdict and exit codes.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { resolveWriteAllowed } from "../boundary/allowed.ts";
import { encodeSnapshot } from "../boundary/codec.ts";
import { boundaryFindings, partPath } from "../boundary/findings.ts";
import { snapshotToJson } from "../boundary/load.ts";
import { reasonText } from "../boundary/reasons.ts";
import { snapshotRoots } from "../boundary/snapshot.ts";
import { indexTree } from "../boundary/tree.ts";
import type { Snapshot } from "../boundary/types.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { checkOutput, existing, readSnapshotFile, writeAtomically } from "./boundary-files.ts";
import { renderDiffJson, renderDiffReport } from "./boundary-report.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";

const USAGE = `Usage:
  pi-delegate boundary snapshot <root>... [-o <file>] [--exclude <path>]...
  pi-delegate boundary diff <before> [--after <after>] [--write-allowed <dir>]... [--exclude <path>]...
                            [--json] [--max-rows <n>]

snapshot  Records every watched root: every entry of the working tree (untracked and ignored files
          included, with mode and owner) and, for git roots, HEAD, refs, stash, index, config,
          hooks, and the object store and reflogs by metadata. Runs nothing a repository
          configures. Writes the compact form (gzip) to <file>, or JSON when <file> ends in .json
          or without -o (stdout). Keep the file outside the roots, or the diff will report it.
diff      Snapshots the same roots again (or reads --after) and prints every change, each marked
          as allowed (its root is in --write-allowed) or a violation, and every part that could
          not be checked. With no --write-allowed, every change is a violation. Paths compare by
          real path. Reads every snapshot form, including a run's boundary-*.snapshot.gz.

Options:
  -o, --output <file>       snapshot: where to write the snapshot (default: JSON on stdout)
  --exclude <path>          a path inside a root that is neither walked nor compared (repeatable);
                            diff also keeps the snapshot's own exclusions
  --after <after>           diff: compare with this snapshot instead of taking a new one
  --write-allowed <dir>     diff: a root that may change (repeatable)
  --json                    diff: print the changes as JSON
  --max-rows <n>            diff: rows of the table to print (default 200, 0 for all)

Exit codes: 0 no violation, 1 a violation or a watched part that could not be checked, 2 bad input.`;

function problemsOut(io: CommandIO, summary: string, problems: readonly Problem[]): ExitCode {
	io.stderr(`pi-delegate boundary: ${summary}\n${formatProblems(problems)}\n`);
	return EXIT.badInput;
}

/** Every given root must exist and be a directory; all problems are reported together. */
async function checkRoots(roots: readonly string[], given: readonly string[]): Promise<Problem[]> {
	const problems: Problem[] = [];
	for (const [i, root] of roots.entries()) {
		const info = await stat(root).catch((error: NodeJS.ErrnoException) => error);
		if (info instanceof Error) {
			const words =
				info.code === "ENOENT" ? "does not exist" : `cannot be used: ${reasonText(info.code ?? info.message)}`;
			const code = info.code === "ENOENT" ? "not_found" : "unreadable";
			problems.push({ path: ["root", i], code, value: given[i], message: words, fix: "pass an existing directory" });
		} else if (!info.isDirectory()) {
			const message = "is not a directory";
			problems.push({ path: ["root", i], code: "invalid_value", value: given[i], message, fix: "pass a directory" });
		}
	}
	return problems;
}

/** Each --exclude as a real path inside one of `roots` (real paths); every problem at once. */
async function checkExcludes(cwd: string, given: readonly string[], roots: readonly string[]) {
	const paths: string[] = [];
	const problems: Problem[] = [];
	for (const [i, path] of given.entries()) {
		const real = await existing(cwd, path, { source: "--exclude", path: [i] });
		if (typeof real !== "string") problems.push(real);
		else if (!roots.some((root) => real.startsWith(root === "/" ? "/" : `${root}/`)))
			problems.push({
				source: "--exclude",
				path: [i],
				code: "invalid_value",
				value: path,
				message: `is not inside any root${real !== resolve(cwd, path) ? ` (it resolves to ${real})` : ""}`,
				fix: `give a path inside one of: ${roots.join(", ")}`,
			});
		else paths.push(real);
	}
	return { paths, problems };
}

/** What the snapshot could not look into, as warnings: the later diff will fail on them. */
function unreadableWarnings(snapshot: Snapshot): string {
	const lines: string[] = [];
	for (const root of snapshot.roots) {
		for (const [path, error] of Object.entries(root.unreadable))
			lines.push(`  ! could not read ${partPath(root.root, path)}: ${reasonText(error)}`);
	}
	if (lines.length === 0) return "";
	return `${lines.join("\n")}\n    changes inside cannot be seen; a diff fails on them unless --exclude names them\n`;
}

async function takeSnapshot(io: CommandIO, roots: string[], exclude: string[], previous?: Snapshot) {
	try {
		return await snapshotRoots(roots, { exclude, ...(previous ? { previous } : {}) });
	} catch (error) {
		io.stderr(`pi-delegate boundary: could not take the snapshot: ${(error as Error).message}\n`);
		return null;
	}
}

async function runSnapshot(argv: string[], io: CommandIO): Promise<ExitCode> {
	const { values, positionals } = parseFlags(argv, {
		output: { type: "string", short: "o" },
		exclude: { type: "string", multiple: true },
	});
	if (positionals.length === 0) throw new UsageError("snapshot needs at least one root directory");
	const roots = positionals.map((root) => resolve(io.cwd, root));
	const rootProblems = await checkRoots(roots, positionals);
	if (rootProblems.length > 0) return problemsOut(io, "cannot snapshot these roots", rootProblems);
	const reals = await Promise.all(
		roots.map(async (root) => (await existing(io.cwd, root, { path: ["root"] })) as string),
	);
	const excludes = await checkExcludes(io.cwd, values.exclude ?? [], reals);
	const file = values.output === undefined ? undefined : resolve(io.cwd, values.output);
	const output = file === undefined ? [] : await checkOutput(file, values.output!);
	if (excludes.problems.length + output.length > 0)
		return problemsOut(io, "cannot snapshot", [...excludes.problems, ...output]);
	const snapshot = await takeSnapshot(io, roots, excludes.paths);
	if (snapshot === null) return EXIT.badInput;
	io.stderr(unreadableWarnings(snapshot));
	if (file === undefined) {
		io.stdout(`${JSON.stringify(snapshotToJson(snapshot))}\n`);
		return EXIT.pass;
	}
	const bytes = file.endsWith(".json") ? `${JSON.stringify(snapshotToJson(snapshot))}\n` : encodeSnapshot(snapshot);
	const written = await writeAtomically(file, values.output!, bytes);
	if (written.length > 0) return problemsOut(io, "cannot write the snapshot", written);
	const entries = snapshot.roots.reduce((sum, r) => sum + Math.max(0, (indexTree(r.tree)?.count ?? 1) - 1), 0);
	const length = Buffer.byteLength(bytes);
	const size = length < 10_240 ? `${length} bytes` : `${(length / 1024).toFixed(0)} KiB`;
	io.stderr(`snapshot of ${roots.length} root(s), ${entries} entries, written to ${file} (${size})\n`);
	return EXIT.pass;
}

function maxRows(text: string | undefined): number {
	if (text === undefined) return 200;
	const n = Number(text);
	if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-rows must be a whole number ≥ 0, got "${text}"`);
	return n;
}

/** The exclusions of a snapshot as absolute paths, so a new snapshot leaves out the same parts. */
function recordedExcludes(snapshot: Snapshot): string[] {
	return snapshot.roots.flatMap((r) => r.excluded.map((rel) => `${r.realPath ?? r.root}/${rel}`));
}

async function runDiff(argv: string[], io: CommandIO): Promise<ExitCode> {
	const { values, positionals } = parseFlags(argv, {
		after: { type: "string" },
		"write-allowed": { type: "string", multiple: true },
		exclude: { type: "string", multiple: true },
		json: { type: "boolean" },
		"max-rows": { type: "string" },
	});
	if (positionals.length !== 1) throw new UsageError("diff needs exactly one snapshot file (the earlier one)");
	const rows = maxRows(values["max-rows"]);
	const before = await readSnapshotFile(io.cwd, positionals[0]!, "before");
	const after = values.after === undefined ? undefined : await readSnapshotFile(io.cwd, values.after, "--after");
	const problems = [...(Array.isArray(before) ? before : []), ...(Array.isArray(after) ? after : [])];
	if (Array.isArray(before) || Array.isArray(after)) return problemsOut(io, "cannot read the snapshots", problems);
	const allowed = await resolveWriteAllowed(before, values["write-allowed"] ?? [], io.cwd);
	const rootsReal = before.roots.map((r) => r.realPath ?? r.root);
	const excludes = await checkExcludes(io.cwd, values.exclude ?? [], rootsReal);
	if (allowed.problems.length + excludes.problems.length > 0)
		return problemsOut(io, "bad options", [...allowed.problems, ...excludes.problems]);
	const exclude = [...recordedExcludes(before), ...excludes.paths];
	const later =
		after ??
		(await takeSnapshot(
			io,
			before.roots.map((r) => r.root),
			exclude,
			before,
		));
	if (later === null) return EXIT.badInput;
	const findings = boundaryFindings(before, later, { writeAllowed: allowed.roots, exclude });
	const report = { before, after: later, findings, writeAllowed: allowed.roots };
	io.stdout(values.json ? renderDiffJson(report) : renderDiffReport(report, rows, widthOf(io)));
	return findings.failures.length > 0 ? EXIT.fail : EXIT.pass;
}

export const boundaryCommand: Command = {
	name: "boundary",
	summary: "snapshot watched roots and diff them against the writable roots",
	usage: USAGE,
	async run(argv, io) {
		const [sub, ...rest] = argv;
		if (sub === "snapshot") return await runSnapshot(rest, io);
		if (sub === "diff") return await runDiff(rest, io);
		throw new UsageError(sub === undefined ? "missing subcommand (snapshot or diff)" : `unknown subcommand "${sub}"`);
	},
};
