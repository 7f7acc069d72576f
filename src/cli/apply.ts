/**
 * `pi-delegate apply RUN`: lays the change a run kept (its record's changes.patch, made on the
 * child's private copy) onto the root it was made for, after the fact: when the run's own
 * application was refused, or to apply it again after it was taken back. It checks first with
 * `git apply --check`, and changes nothing unless the whole patch applies; a patch that is in
 * place already (`git apply --check -R` succeeds) is said to be so. git runs in plain patch mode
 * (src/boundary/git-process.ts's gitApply): no repository's configuration is read or run.
 */
import { gitApply, gitPatchNames } from "../boundary/git-process.ts";
import { plural } from "../format/numbers.ts";
import { hanging, terminalSafe } from "../format/text.ts";
import type { Problem } from "../problems.ts";
import { fileCount, filesText as kindsText } from "../run/outcome/apply.ts";
import type { RecordedApply } from "../run/workspace/apply-record.ts";
import { unsafeName } from "../run/workspace/patch-names.ts";
import { type LoadedRun, loadRun } from "./apply-load.ts";
import { type ApplyReason, applyReasons } from "./apply-reasons.ts";
import { type Command, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { badInput, runsDirOf } from "./run-target.ts";

const USAGE = `Usage: pi-delegate apply RUN [--check] [--json] [--runs DIR]

Applies the change a run kept as a patch (a task with apply: "on-pass" works on a private copy of
each writable root; its record keeps the change as changes.patch) to the directory it was made
for. The whole patch applies or nothing does: a file changed since the run stops it, and each
such file is named with what happened to it. A patch that is in place already is said to be so.

RUN is a run id (its folder's name in the runs directory), a task's id (its latest run), or
the path of a run's audit directory.

Options:
  --check      say whether the patch applies, or is applied already; change nothing
  --json       print the outcome as JSON
  --runs DIR   the runs directory (default: PI_DELEGATE_RUNS_DIR, else the global runsDir
               setting, else ~/.pi/agent/pi-delegate/runs)

Exit codes: 0 applied (with --check: it applies, or is applied already), 1 it does not apply or
is applied already (nothing changed), 2 bad input.`;

const FLAGS = { check: { type: "boolean" }, json: { type: "boolean" }, runs: { type: "string" } } as const;

type Outcome = "applied" | "applies" | "already-applied" | "does-not-apply";

interface Answer {
	outcome: Outcome;
	reasons: ApplyReason[];
}

/** "3 files" and " (2 modified, 1 added)", as the run's own report says them. */
function filesText(files: RecordedApply["files"]): { count: string; kinds: string } {
	const count = fileCount(files);
	return { count: plural(count, "file"), kinds: count > 0 ? ` (${kindsText(files)})` : "" };
}

/** The patch's names that may not be written, as problems; git reads the names, so we check what it will write. */
async function nameProblems(run: LoadedRun): Promise<Problem[]> {
	const source = `${run.dir}/changes.patch`;
	let names: string[];
	try {
		names = await gitPatchNames(run.patch);
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		return [
			{ source, path: [], code: "invalid_syntax", value: source, message, fix: "read the record as the run wrote it" },
		];
	}
	const fix = "a patch pi-delegate writes names none such: the record was changed since the run; trust nothing in it";
	return names.flatMap((name) => {
		const why = unsafeName(name);
		return why
			? [{ source, path: [], code: "invalid_value" as const, value: name, message: `names a file that ${why}`, fix }]
			: [];
	});
}

/** Applies (or with `check` only tries) the patch, saying which of the four outcomes it came to. */
async function attempt(run: LoadedRun, check: boolean): Promise<Answer> {
	const base = run.record.base;
	const forward = await gitApply(run.patch, base, { check: true });
	if (forward.code === 0) {
		if (check) return { outcome: "applies", reasons: [] };
		const applied = await gitApply(run.patch, base);
		if (applied.code === 0) return { outcome: "applied", reasons: [] };
		return { outcome: "does-not-apply", reasons: applyReasons(applied.stderr, base) };
	}
	const reverse = await gitApply(run.patch, base, { check: true, reverse: true });
	if (reverse.code === 0) return { outcome: "already-applied", reasons: [] };
	return { outcome: "does-not-apply", reasons: applyReasons(forward.stderr, base) };
}

/** What a person reads, at the terminal's width. */
function render(run: LoadedRun, answer: Answer, width: number): string {
	const { base, files } = run.record;
	const { count, kinds } = filesText(files);
	switch (answer.outcome) {
		case "applied":
			return hanging("", `applied ${count} to ${base}${kinds} from run ${run.id}`, width);
		case "applies":
			return hanging("", `run ${run.id} applies to ${base}: ${count}${kinds}; nothing was changed (--check)`, width);
		case "already-applied": {
			const recorded = run.record.applied ? "at the run's end" : "since the run";
			return hanging(
				"",
				`run ${run.id} is applied to ${base} already (${recorded}): ${count}${kinds}; nothing was changed`,
				width,
			);
		}
		case "does-not-apply": {
			const head = hanging("✗ ", `run ${run.id} no longer applies to ${base}; nothing was changed:`, width);
			const lines = answer.reasons.map((r) =>
				hanging("  - ", r.file === undefined ? r.reason : `${r.file}: ${r.reason}`, width),
			);
			return [head, ...lines].join("\n");
		}
	}
}

function exitOf(outcome: Outcome, check: boolean): ExitCode {
	if (outcome === "applied" || outcome === "applies") return EXIT.pass;
	return outcome === "already-applied" && check ? EXIT.pass : EXIT.fail;
}

export const applyCommand: Command = {
	name: "apply",
	summary: "apply the change a run kept as a patch to the root it was made for",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const parsed = parseFlags(argv, FLAGS);
		const [run, extra] = parsed.positionals;
		if (run === undefined) throw new UsageError("name the run to apply (RUN)");
		if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
		const { check = false, json = false, runs } = parsed.values;
		const loaded = loadRun(run, io.cwd, runsDirOf(io, runs));
		if (Array.isArray(loaded)) return badInput(io, "apply", loaded);
		const unsafe = await nameProblems(loaded);
		if (unsafe.length > 0) return badInput(io, "apply", unsafe);
		const answer = await attempt(loaded, check);
		if (json) {
			const { base, files, applied } = loaded.record;
			const out = {
				run: loaded.id,
				record: loaded.dir,
				base,
				outcome: answer.outcome,
				files,
				recordedApplied: applied,
				reasons: answer.reasons,
			};
			io.stdout(`${JSON.stringify(out, null, 2)}\n`);
			// Names come from the patch, which a child wrote: nothing in them may drive the terminal.
		} else io.stdout(`${terminalSafe(render(loaded, answer, widthOf(io)))}\n`);
		return exitOf(answer.outcome, check);
	},
};
