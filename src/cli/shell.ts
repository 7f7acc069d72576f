/**
 * The `pi-delegate` process around its commands: finds a subcommand among the entries it is given,
 * imports only that one, runs it and maps its outcome to an exit code (0 pass, 1 fail, 2 bad input
 * or setup; see EXIT).
 *
 * No error leaves here as a stack trace. Whatever a command throws becomes one line on stderr — what
 * went wrong, and where the command's record is when it has one — and exit code 2; `--debug` (or
 * PI_DELEGATE_DEBUG=1) adds the trace. A trace helps fix pi-delegate; using it needs the sentence.
 *
 * The command list is a parameter, not an import: src/cli/main.ts passes the whole registry, and
 * src/cli/quick.ts passes the few one-shot commands it bundles without the rest (see there).
 */
import { fileURLToPath } from "node:url";
import { terminalSafe } from "../format/text.ts";
import { isTooLarge } from "../read-input.ts";
import { didYouMean } from "../suggest.ts";
import {
	type Command,
	type CommandEntry,
	type CommandIO,
	EXIT,
	type ExitCode,
	UsageError,
	widthOf,
} from "./command.ts";
import { processIO, withRecordAt } from "./process-io.ts";

export const DEBUG_FLAG = "--debug";
export const DEBUG_ENV = "PI_DELEGATE_DEBUG";

const HELP = new Set(["help", "--help", "-h"]);
const VERSION = new Set(["--version", "-v"]);

function overview(commands: readonly CommandEntry[]): string {
	const width = Math.max(...commands.map((c) => c.name.length));
	const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
	return [
		"pi-delegate — hand work to child agents and get back a result you can check",
		"",
		"Usage: pi-delegate <command> [options]",
		"",
		"Commands:",
		...lines,
		"",
		"Run `pi-delegate help <command>` for a command's options.",
		"Exit codes: 0 pass, 1 fail, 2 bad input or setup.",
		`${DEBUG_FLAG} (or ${DEBUG_ENV}=1) adds the trace to an unexpected error.`,
	].join("\n");
}

function unknownCommand(name: string, commands: readonly CommandEntry[]): string {
	const hint = didYouMean(
		name,
		commands.map((c) => c.name),
	);
	return `pi-delegate: unknown command "${terminalSafe(name)}"${hint}\n\n${overview(commands)}\n`;
}

/** Where the running command said its record is, and whether to show traces. */
interface Context {
	commands: readonly CommandEntry[];
	debug: boolean;
	command?: string;
	record?: { what: string; path: string };
}

/**
 * Runs the CLI with the given arguments (without `node` and the script path). Never throws: an
 * unexpected error is reported on `io.stderr` and returns 2. `commands` is the registry (tests pass
 * their own; the quick entry passes the commands it bundles).
 */
export async function main(
	argv: readonly string[],
	io: CommandIO,
	commands: readonly CommandEntry[],
): Promise<ExitCode> {
	const context: Context = { commands, debug: argv.includes(DEBUG_FLAG) || io.env[DEBUG_ENV] === "1" };
	const recording = withRecordAt(io, (what, path) => {
		context.record = { what, path };
		io.recordAt?.(what, path);
	});
	try {
		return await dispatch(
			argv.filter((a) => a !== DEBUG_FLAG),
			recording,
			context,
		);
	} catch (error) {
		io.stderr(crashReport(error, context));
		return EXIT.badInput;
	}
}

async function dispatch(argv: string[], io: CommandIO, context: Context): Promise<ExitCode> {
	const { commands } = context;
	const [name, ...rest] = argv;
	if (name === undefined) {
		// A usage error like any other: the overview goes to stderr, so `pi-delegate > file` with the
		// command forgotten leaves an empty file rather than one that looks like a command's output.
		io.stderr(`pi-delegate: no command given\n\n${await fitted(overview(commands), io)}\n`);
		return EXIT.badInput;
	}
	if (HELP.has(name)) {
		if (rest.length > 1) {
			io.stderr(
				`pi-delegate: ${name} takes one command name, but was given ${rest.length}: ${terminalSafe(rest.join(" "))}\n`,
			);
			return EXIT.badInput;
		}
		return help(rest[0], io, commands);
	}
	if (VERSION.has(name)) {
		if (rest.length > 0) {
			io.stderr(
				`pi-delegate: ${name} takes no arguments, but was given ${JSON.stringify(rest[0])}; run \`pi-delegate ${name}\` alone\n`,
			);
			return EXIT.badInput;
		}
		io.stdout(`${await version()}\n`);
		return EXIT.pass;
	}
	const entry = commands.find((c) => c.name === name);
	if (!entry) {
		io.stderr(unknownCommand(name, commands));
		return EXIT.badInput;
	}
	context.command = entry.name;
	const command = await entry.load();
	if (rest.includes("--help") || rest.includes("-h")) {
		io.stdout(`${await fitted(command.usage, io)}\n`);
		return EXIT.pass;
	}
	return runCommand(command, rest, io);
}

async function help(topic: string | undefined, io: CommandIO, commands: readonly CommandEntry[]): Promise<ExitCode> {
	if (topic === undefined) {
		io.stdout(`${await fitted(overview(commands), io)}\n`);
		return EXIT.pass;
	}
	const entry = commands.find((c) => c.name === topic);
	if (!entry) {
		io.stderr(unknownCommand(topic, commands));
		return EXIT.badInput;
	}
	io.stdout(`${await fitted((await entry.load()).usage, io)}\n`);
	return EXIT.pass;
}

/** Help text fitted to the terminal; the reflow loads only when help is printed, not for every command. */
async function fitted(text: string, io: CommandIO): Promise<string> {
	const { fitText } = await import("../format/fit.ts");
	return fitText(text, widthOf(io));
}

/**
 * The synopsis of a usage text: its lines before the first blank one. A usage error shows it under
 * the error, so the error stays on the screen instead of scrolling off above forty lines of options.
 */
function synopsis(usage: string): string {
	const end = usage.indexOf("\n\n");
	return end === -1 ? usage : usage.slice(0, end);
}

async function runCommand(command: Command, argv: string[], io: CommandIO): Promise<ExitCode> {
	try {
		return await command.run(argv, io);
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		// A usage error quotes what was typed: control characters in it are shown, never sent to the terminal.
		io.stderr(
			`pi-delegate ${command.name}: ${terminalSafe(error.message)}\n\n${await fitted(synopsis(command.usage), io)}\n`,
		);
		io.stderr(`Run \`pi-delegate help ${command.name}\` for every option.\n`);
		return EXIT.badInput;
	}
}

async function version(): Promise<string> {
	const { readFile } = await import("node:fs/promises");
	const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
	return pkg.version;
}

/** Pi's packages: peers, present next to an npm install, absent from a checkout Pi manages. */
const PI_PACKAGE = /^(@earendil-works\/pi-[a-z-]+|typebox)(\/|$)/;

/** What went wrong, in one line: the package a module could not find, or the error's first line. */
function whatWentWrong(error: unknown): string {
	if (isTooLarge(error)) return error.message;
	const message = error instanceof Error ? error.message : String(error);
	const code = (error as { code?: unknown } | null)?.code;
	const missing = /Cannot find (?:package|module) '([^']+)'/.exec(message)?.[1];
	if (code === "ERR_MODULE_NOT_FOUND" && missing !== undefined) {
		const root = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
		if (PI_PACKAGE.test(missing)) {
			return (
				`this command needs ${missing}, which comes with Pi and cannot be found from ${root} ` +
				"(a checkout that Pi installs has none of Pi's packages); run `npm ci` in a clone and use " +
				"`npx pi-delegate` there, or install the tarball `npm pack` makes (`npm i -g ./pi-delegate-<version>.tgz`), which brings them"
			);
		}
		return `cannot find the package ${missing} from ${root}: the install is incomplete; reinstall pi-delegate`;
	}
	const first = message.split("\n").find((line) => line.trim() !== "") ?? "(no message)";
	return `unexpected error: ${first.trim()}`;
}

/** The one line (plus the trace with --debug) for an error no command handled. */
export function crashReport(error: unknown, context: Omit<Context, "commands">): string {
	const who = context.command ? `pi-delegate ${context.command}` : "pi-delegate";
	const where = context.record ? `; ${context.record.what}: ${context.record.path}` : "";
	const line = `${who}: ${whatWentWrong(error)}${where}`;
	// Input past its ceiling is the input's fault, not pi-delegate's: no trace to offer.
	if (isTooLarge(error)) return `${line}\n`;
	if (!context.debug) return `${line} (${DEBUG_FLAG} shows the trace)\n`;
	const trace = error instanceof Error ? (error.stack ?? error.message) : String(error);
	return `${line}\n${trace}\n`;
}

/**
 * Runs the CLI as this process: exit code from `main`, and the same one-line report for an error
 * that escapes every await (a stray rejection or a throw in a callback) as for one a command threw.
 */
export async function runProcess(argv: readonly string[], commands: readonly CommandEntry[]): Promise<void> {
	const debug = argv.includes(DEBUG_FLAG) || process.env[DEBUG_ENV] === "1";
	const name = argv.find((a) => !a.startsWith("-"));
	const context: Omit<Context, "commands"> = { debug, command: commands.find((c) => c.name === name)?.name };
	const escaped = (error: unknown) => {
		process.stderr.write(crashReport(error, context));
		process.exit(EXIT.badInput);
	};
	process.on("uncaughtException", escaped);
	process.on("unhandledRejection", escaped);
	const io = withRecordAt(processIO(escaped), (what, path) => {
		context.record = { what, path };
	});
	process.exitCode = await main(argv, io, commands);
}
