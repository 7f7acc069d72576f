/**
 * `pi-delegate validate <spec.json>`: checks a task spec without running anything. Exit 0 when valid
 * (with a summary of what would be watched, writable and spent), 2 when it is not (with every problem).
 */
import { resolve } from "node:path";
import { loadSpecFile, loadSpecText } from "../spec/load.ts";
import { type Command, EXIT, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { describeInvalid, describeValid, resultJson } from "./spec-summary.ts";
import { fifoNotice, readStdinWithNotice } from "./stdin.ts";

const USAGE = [
	"Usage: pi-delegate validate <spec.json | -> [--json]",
	"",
	"Checks a task spec before anything runs: its shape, and the roots contract (every root an existing",
	"absolute directory, none nested or repeated, none the file system's root or in /proc, /sys or /dev;",
	"write_allowed an exact subset of roots by real path,",
	"required for a write task and never nested in a watched-only root). Reports every problem at once.",
	"Give - to read the spec from standard input (from a terminal, end it with Ctrl-D).",
	"",
	"Options:",
	"  --json   print the result as JSON (the normalized spec, or the problems)",
	"",
	"Exit codes: 0 valid, 2 invalid or unreadable.",
].join("\n");

function parse(argv: string[]): { file: string; json: boolean } {
	const parsed = parseFlags(argv, { json: { type: "boolean" } });
	const [file, ...extra] = parsed.positionals;
	if (file === undefined) throw new UsageError("missing the spec file to validate");
	if (extra.length > 0) throw new UsageError(`expected one spec file, got ${parsed.positionals.length}`);
	return { file, json: parsed.values.json === true };
}

export const validateCommand: Command = {
	name: "validate",
	summary: "check a task spec and show what it would watch, allow and spend",
	usage: USAGE,
	async run(argv, io) {
		const { file, json } = parse(argv);
		const options = { cwd: io.cwd, home: io.env.HOME };
		if (file !== "-") {
			const notice = fifoNotice(resolve(io.cwd, file), "the task spec");
			if (notice) io.stderr(notice);
		}
		const result =
			file === "-"
				? loadSpecText(await readStdinWithNotice(io, "a task spec"), options)
				: await loadSpecFile(file, options);
		if (json) io.stdout(`${resultJson(result)}\n`);
		else if (result.ok) io.stdout(`${describeValid(result, widthOf(io))}\n`);
		else io.stderr(`${describeInvalid(result, file === "-" ? "standard input" : file)}\n`);
		return result.ok ? EXIT.pass : EXIT.badInput;
	},
};
