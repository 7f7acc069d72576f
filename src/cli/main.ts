#!/usr/bin/env node
/**
 * The `pi-delegate` command: dispatches to a subcommand and maps its outcome to an exit code.
 * Exit codes: 0 pass, 1 fail, 2 bad input (see EXIT).
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";
import { COMMANDS } from "./commands.ts";

function overview(): string {
	const width = Math.max(...COMMANDS.map((c) => c.name.length));
	const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
	return [
		"pi-delegate — hand work to child agents and get back a result you can check",
		"",
		"Usage: pi-delegate <command> [options]",
		"",
		"Commands:",
		...lines,
		"",
		"Run `pi-delegate help <command>` for a command's options.",
		"Exit codes: 0 pass, 1 fail, 2 bad input.",
	].join("\n");
}

function find(name: string | undefined): Command | undefined {
	return COMMANDS.find((c) => c.name === name);
}

/** Runs the CLI with the given arguments (without `node` and the script path). */
export async function main(argv: string[], io: CommandIO): Promise<ExitCode> {
	const [name, ...rest] = argv;
	if (name === undefined || name === "help" || name === "--help" || name === "-h") {
		const topic = name === "help" ? find(rest[0]) : undefined;
		if (name === "help" && rest[0] !== undefined && !topic) {
			io.stderr(`pi-delegate: unknown command "${rest[0]}"\n\n${overview()}\n`);
			return EXIT.badInput;
		}
		io.stdout(`${topic ? topic.usage : overview()}\n`);
		return name === undefined ? EXIT.badInput : EXIT.pass;
	}
	if (name === "--version" || name === "-v") {
		io.stdout(`${await version()}\n`);
		return EXIT.pass;
	}
	const command = find(name);
	if (!command) {
		io.stderr(`pi-delegate: unknown command "${name}"\n\n${overview()}\n`);
		return EXIT.badInput;
	}
	if (rest.includes("--help") || rest.includes("-h")) {
		io.stdout(`${command.usage}\n`);
		return EXIT.pass;
	}
	try {
		return await command.run(rest, io);
	} catch (error) {
		if (error instanceof UsageError) {
			io.stderr(`pi-delegate ${command.name}: ${error.message}\n\n${command.usage}\n`);
			return EXIT.badInput;
		}
		throw error;
	}
}

async function version(): Promise<string> {
	const { readFile } = await import("node:fs/promises");
	const pkg = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
	return pkg.version;
}

/** The I/O of a real process. */
export function processIO(): CommandIO {
	return {
		stdout: (text) => process.stdout.write(text),
		stderr: (text) => process.stderr.write(text),
		readStdin: async () => {
			const chunks: Buffer[] = [];
			for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
			return Buffer.concat(chunks).toString("utf8");
		},
		cwd: process.cwd(),
		env: process.env,
		isTTY: process.stderr.isTTY === true,
		stdinIsTTY: process.stdin.isTTY === true,
	};
}

function isEntryPoint(): boolean {
	const script = process.argv[1];
	if (!script) return false;
	try {
		return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
	} catch {
		return false;
	}
}

if (isEntryPoint()) {
	main(process.argv.slice(2), processIO()).then(
		(code) => {
			process.exitCode = code;
		},
		(error: unknown) => {
			process.stderr.write(
				`pi-delegate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
			);
			process.exitCode = EXIT.badInput;
		},
	);
}
