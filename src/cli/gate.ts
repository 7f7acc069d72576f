/**
 * `pi-delegate gate [<brief> | --file F | -] [--json]`: may this brief go to a fork, or must it be
 * a task? Exit 0 for a fork, 1 for a task (with every reason and the task call to make instead), 2
 * for no brief, an empty one or an unreadable file. Scripts and hooks call it once per brief, so it
 * loads the classifier and nothing of Pi.
 */

import { resolve } from "node:path";
import { plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { terminalSafe, truncate } from "../format/text.ts";
import { classifyBrief } from "../gate/classify.ts";
import { proposeTask } from "../gate/propose.ts";
import { showQuote } from "../gate/reason.ts";
import type { GateDecision, TaskProposal } from "../gate/types.ts";
import { UTF16_FIX, utf16Sign } from "../json/encoding.ts";
import { isTooLarge, readBoundedTextSync } from "../read-input.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";
import { parseFlags } from "./flags.ts";

const USAGE = [
	"Usage: pi-delegate gate [<brief> | --file <path> | -] [--json] [--cwd <dir>]",
	"",
	"Decides whether a brief may go to a fork (a child that sees the whole conversation) or must be",
	"a task (a child that sees only its spec, checked PASS/FAIL). It must be a task when it forbids",
	"something (do not, never, only, without touching ...), names files to change or to leave alone,",
	"or orders a change (fix, edit, write, commit, push, install ...). For a task it prints every",
	"reason, with the words that tripped it, and the task call to make instead.",
	"",
	"The brief is the argument, the file given with --file, or standard input with - (or piped).",
	"",
	"Options:",
	"  --file <path>  read the brief from a file (- for standard input)",
	"  --json         print the decision and the proposed task call as JSON",
	"  --cwd <dir>    the root of the proposed task (default: the working directory)",
	"",
	"Exit codes: 0 may be a fork, 1 must be a task, 2 no brief, an empty brief or an unreadable file.",
].join("\n");

interface GateArgs {
	/** Where the brief comes from: text given, a file, standard input, or nothing said. */
	source: { kind: "text"; text: string } | { kind: "file"; path: string } | { kind: "stdin" } | { kind: "none" };
	json: boolean;
	cwd: string | undefined;
}

const SPEC = { file: { type: "string" }, json: { type: "boolean" }, cwd: { type: "string" } } as const;

function parse(argv: string[]): GateArgs {
	const parsed = parseFlags(argv, SPEC);
	const { file, json, cwd } = parsed.values;
	const words = parsed.positionals;
	if (file !== undefined && words.length > 0) throw new UsageError("give the brief one way: an argument, --file or -");
	if (words.includes("-") && words.length > 1)
		throw new UsageError("- reads the brief from standard input; give nothing else");
	const source: GateArgs["source"] =
		file === "-" || words[0] === "-"
			? { kind: "stdin" }
			: file !== undefined
				? { kind: "file", path: file }
				: words.length > 0
					? { kind: "text", text: words.join(" ") }
					: { kind: "none" };
	return { source, json: json === true, cwd };
}

/** Why a file could not be read, in plain words. */
function readProblem(error: unknown): string {
	if (isTooLarge(error)) return error.reason;
	const code = (error as { code?: string }).code;
	if (code === "ENOENT") return "no such file";
	if (code === "EISDIR") return "it is a directory";
	if (code === "EACCES" || code === "EPERM") return "permission denied";
	return error instanceof Error ? error.message : String(error);
}

/** The brief and where it came from, or the one line that says why there is none. */
async function readBrief(
	args: GateArgs,
	io: CommandIO,
): Promise<{ brief: string; from: string } | { problem: string }> {
	const { source } = args;
	if (source.kind === "text") return { brief: source.text, from: "the argument" };
	if (source.kind === "file") {
		try {
			const brief = readBoundedTextSync(source.path);
			const utf16 = utf16Sign(brief);
			if (utf16 !== undefined)
				return { problem: `cannot read ${source.path}: it is UTF-16, not UTF-8 (${utf16}); ${UTF16_FIX}` };
			return { brief, from: source.path };
		} catch (error) {
			return { problem: `cannot read ${source.path}: ${readProblem(error)}` };
		}
	}
	const stdinIsTTY = io.stdinIsTTY ?? process.stdin.isTTY === true;
	if (source.kind === "none" && stdinIsTTY) {
		return { problem: "no brief given: pass it as an argument, with --file <path>, or pipe it in with -" };
	}
	try {
		return { brief: await io.readStdin(), from: "standard input" };
	} catch (error) {
		return { problem: `cannot read standard input: ${readProblem(error)}` };
	}
}

/** A quote cut to the table's column, with an ellipsis where it was cut (after a word, not a space). */
function quoteCell(quote: string): string {
	const cut = truncate(showQuote(quote), 34);
	return cut.endsWith("…") ? `${cut.slice(0, -1).trimEnd()}…` : cut;
}

/** What a user reads in a terminal: the verdict, the reasons in a table, and the call. */
export function describeDecision(decision: GateDecision, proposal: TaskProposal): string {
	if (decision.route === "fork") {
		return "FORK  may go to a fork: no prohibition, write boundary or file-changing order found";
	}
	const n = decision.reasons.length;
	const rows = decision.reasons.map((r) => [String(r.offset), r.kind, quoteCell(r.quote), r.rule]);
	const table = renderTable(["at", "kind", "words", "rule"], rows, ["right"]);
	const indented = table
		.split("\n")
		.map((l) => `  ${l}`)
		.join("\n");
	return [`TASK  must be a task: ${plural(n, "reason")}`, "", indented, "", "Call instead:", "", proposal.text].join(
		"\n",
	);
}

export const gateCommand: Command = {
	name: "gate",
	summary: "say whether a brief may go to a fork or must be a task",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const args = parse(argv);
		const read = await readBrief(args, io);
		if ("problem" in read) {
			io.stderr(`pi-delegate gate: ${terminalSafe(read.problem)}\n`);
			return EXIT.badInput;
		}
		if (read.brief.trim() === "") {
			io.stderr(`pi-delegate gate: the brief from ${read.from} is empty\n`);
			return EXIT.badInput;
		}
		const decision = classifyBrief(read.brief);
		const cwd = args.cwd === undefined ? io.cwd : resolve(io.cwd, args.cwd);
		const proposal = proposeTask(read.brief, { cwd, decision });
		if (args.json) io.stdout(`${JSON.stringify({ ...decision, proposal }, null, 2)}\n`);
		else io.stdout(`${describeDecision(decision, proposal)}\n`);
		return decision.route === "fork" ? EXIT.pass : EXIT.fail;
	},
};
