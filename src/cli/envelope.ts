/**
 * `pi-delegate envelope check`: validates a child's result (a final message, or an envelope as JSON)
 * and, given roots or a command record, verifies every evidence pointer. The thin shell around
 * parseEnvelope and verifyEvidence: it reads files and flags, nothing else.
 */
import { resolve } from "node:path";
import { parseEnvelope } from "../envelope/parse.ts";
import { evidenceDeadline, nodeFileProbe } from "../envelope/probe.ts";
import { EVIDENCE_RULES, type EvidenceRule } from "../envelope/proof.ts";
import { checkPassed, type EnvelopeCheck, envelopeReportJson, renderEnvelopeReport } from "../envelope/report.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import { terminalSafe } from "../format/text.ts";
import { problemReplacer } from "../problems.ts";
import { isTooLarge, readBoundedText, tooLargeWords } from "../read-input.ts";
import { didYouMean } from "../suggest.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { fifoNotice, readStdinWithNotice } from "./stdin.ts";

const USAGE = `Usage: pi-delegate envelope check [file|-] [--roots <dir>]... [--commands-file F] [--cwd DIR]
                                  [--evidence required|optional] [--json]

Checks a child's result envelope. The input (a file, or standard input when the file is - or
omitted) is either a final message holding the envelope in a fenced json block, or the envelope
itself as JSON; which one is detected from the text. Read from a terminal, it ends with Ctrl-D.

An ok envelope must cite at least one pointer, as in a task run:
  --evidence optional  accept an ok without evidence (for a task whose spec says so)

Pointers are verified when --roots or --commands-file is given:
  --roots <dir>        a root file pointers must resolve inside (repeat for several)
  --commands-file F    the commands the child ran, one per line; cmd: pointers must match one,
                       or one segment of one split at &&, ||, ; (whitespace-normalised)
  --cwd DIR            the directory relative pointers resolve against (default: the current one)
  --json               print the result as JSON

Exit codes: 0 valid (and every pointer verified, when verifying), 1 invalid or a pointer failed,
2 bad input (missing file, bad flags).`;

interface Options {
	file: string | undefined;
	roots: string[];
	commandsFile: string | undefined;
	cwd: string | undefined;
	evidence: EvidenceRule | undefined;
	json: boolean;
}

const FLAGS = {
	roots: { type: "string", multiple: true },
	"commands-file": { type: "string" },
	cwd: { type: "string" },
	evidence: { type: "string" },
	json: { type: "boolean" },
} as const;

function evidenceRule(value: string | undefined): EvidenceRule | undefined {
	if (value === undefined) return undefined;
	const rule = EVIDENCE_RULES.find((r) => r === value);
	if (rule) return rule;
	throw new UsageError(
		`--evidence must be ${EVIDENCE_RULES.join(" or ")}, not "${value}"${didYouMean(value, EVIDENCE_RULES)}`,
	);
}

function parseOptions(argv: string[]): Options {
	const parsed = parseFlags(argv, FLAGS);
	const [sub, file, ...extra] = parsed.positionals;
	if (sub !== "check")
		throw new UsageError(sub === undefined ? "missing subcommand: check" : `unknown subcommand "${sub}"`);
	if (extra.length > 0) throw new UsageError(`one input at most; also got ${extra.map((e) => `"${e}"`).join(", ")}`);
	return {
		file,
		roots: parsed.values.roots ?? [],
		commandsFile: parsed.values["commands-file"],
		cwd: parsed.values.cwd,
		evidence: evidenceRule(parsed.values.evidence),
		json: parsed.values.json ?? false,
	};
}

/** Input that names something unusable (a missing file, a root that is not a directory): exit 2, no usage dump. */
class BadInput extends Error {}

/**
 * Reads a file the user named, asynchronously (a FIFO must not freeze the process) and announced
 * when it is a FIFO; a missing or unreadable one is bad input, reported with the path.
 */
async function readInput(path: string, what: string, io: CommandIO): Promise<string> {
	const notice = fifoNotice(path, `the ${what}`);
	if (notice) io.stderr(notice);
	try {
		return await readBoundedText(path);
	} catch (error) {
		if (isTooLarge(error)) throw new BadInput(`${what} ${path} ${tooLargeWords(error.limit)}; give the file itself`);
		const code = (error as NodeJS.ErrnoException).code;
		const why =
			code === "ENOENT" ? "does not exist" : code === "EISDIR" ? "is a directory" : `cannot be read (${code})`;
		throw new BadInput(`${what} ${path} ${why}`);
	}
}

function checkDirectory(path: string, what: string): void {
	const probe = nodeFileProbe();
	const found = probe.look(path);
	if (!found) throw new BadInput(`${what} ${path} ${probe.whyMissing?.(path) ?? "does not exist"}`);
	if (found.kind !== "directory") throw new BadInput(`${what} ${path} is not a directory`);
}

async function run(argv: string[], io: CommandIO): Promise<ExitCode> {
	try {
		return await check(parseOptions(argv), io);
	} catch (error) {
		if (!(error instanceof BadInput)) throw error;
		io.stderr(`pi-delegate envelope: ${terminalSafe(error.message)}\n`);
		return EXIT.badInput;
	}
}

async function check(options: Options, io: CommandIO): Promise<ExitCode> {
	const text =
		options.file === undefined || options.file === "-"
			? await readStdinWithNotice(io, "an envelope")
			: await readInput(resolve(io.cwd, options.file), "input file", io);
	const roots = options.roots.map((r) => resolve(io.cwd, r));
	for (const root of roots) checkDirectory(root, "root");
	const base = resolve(io.cwd, options.cwd ?? ".");
	if (options.cwd !== undefined) checkDirectory(base, "--cwd");
	const commands =
		options.commandsFile === undefined
			? undefined
			: (await readInput(resolve(io.cwd, options.commandsFile), "commands file", io))
					.split(/\r?\n/)
					.filter((line) => line.trim() !== "");

	const parse = parseEnvelope({ submissions: [], finalText: text });
	const verifying = roots.length > 0 || commands !== undefined;
	const result: EnvelopeCheck = {
		parse,
		...(options.evidence ? { evidence: options.evidence } : {}),
		claims:
			parse.ok && verifying
				? verifyEvidence(parse.envelope.evidence, {
						roots,
						base,
						commands,
						probe: nodeFileProbe(),
						deadline: evidenceDeadline(),
					})
				: undefined,
	};
	io.stdout(
		options.json
			? `${JSON.stringify(envelopeReportJson(result), problemReplacer, 2)}\n`
			: `${renderEnvelopeReport(result)}\n`,
	);
	return checkPassed(result) ? EXIT.pass : EXIT.fail;
}

export const envelopeCommand: Command = {
	name: "envelope",
	summary: "check a child's result envelope and verify its evidence pointers",
	usage: USAGE,
	run,
};
