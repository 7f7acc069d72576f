/**
 * The `pi` command line of a subprocess child, built from a launch. Pure: the runner writes the
 * listed files and spawns the argv.
 *
 * Decisions:
 * - Every discovery channel is switched off and then given explicitly (`--no-extensions` + `-e`,
 *   `--no-skills` + `--skill`, `--no-prompt-templates`, `--no-themes`), so the child loads what the
 *   launch lists and nothing the machine happens to have.
 * - Prompts travel as files, never as argv text: Pi reads a `--system-prompt` value that names an
 *   existing file as that file, and one argv string is capped at 128 KiB on Linux.
 * - An empty prompt channel is passed as an empty value: `--system-prompt ""` keeps Pi's own
 *   preamble without discovering SYSTEM.md, `--append-system-prompt ""` suppresses APPEND_SYSTEM.md.
 * - Context files are the one channel the child discovers itself (Pi has no flag to pass them);
 *   with none, `--no-context-files`. The child-side extension checks the discovery against the launch.
 * - The first message goes after `--`, so one starting with `-` is not read as a flag. Pi reads a
 *   message starting with `@` as a file to attach even after `--`, and one argv string is capped, so
 *   such a message is split: a head through stdin (Pi prepends piped stdin to the message, trimmed),
 *   the rest as the argument.
 */
import { join } from "node:path";
import { SUBMIT_RESULT_TOOL_NAME } from "../../envelope/schema.ts";
import type { ChildLaunch } from "../types.ts";

/** The most bytes put in one argv string; Linux refuses more than 128 KiB (MAX_ARG_STRLEN). */
export const ARG_LIMIT_BYTES = 96 * 1024;

export interface ChildCommand {
	/** Arguments after the Node executable: the Pi CLI script first. */
	argv: string[];
	/** Files to write before spawning. */
	files: Array<{ path: string; content: string }>;
	/** What to write to the child's stdin; undefined leaves stdin closed. */
	stdin: string | undefined;
}

export interface ChildCommandInput {
	launch: ChildLaunch;
	/** The Pi CLI script. */
	cli: string;
	/** pi-delegate's child-side extension. */
	extension: string;
	/** A private directory for the prompt files. */
	promptDir: string;
	sessionFile: string;
}

const WHITESPACE = /\s/;

/**
 * How a first message reaches Pi exactly: as the argument when it can, else as a stdin head plus
 * an argument tail. The head must survive Pi's trim (no whitespace at either end) and the tail must
 * not start with `@`. A long message that starts with whitespace cannot be sent; that is an error.
 */
export function firstMessageTransport(
	message: string,
	limit = ARG_LIMIT_BYTES,
): { arg: string; stdin: string | undefined } | { error: string } {
	if (!message.startsWith("@") && Buffer.byteLength(message) <= limit) return { arg: message, stdin: undefined };
	if (WHITESPACE.test(message[0] ?? "")) {
		return { error: `the first message is ${Buffer.byteLength(message)} bytes and starts with whitespace` };
	}
	// The longest tail that fits (at least one character goes to stdin), then forward to a safe split.
	let k = 0;
	let tailBytes = Buffer.byteLength(message);
	for (const char of message) {
		if (k > 0 && tailBytes <= limit) break;
		tailBytes -= Buffer.byteLength(char);
		k += char.length;
	}
	const safe = (i: number) => {
		const code = message.charCodeAt(i);
		const lowSurrogate = code >= 0xdc00 && code <= 0xdfff;
		return (
			!lowSurrogate &&
			message[i] !== "@" &&
			!WHITESPACE.test(message[i - 1] ?? "") &&
			!WHITESPACE.test(message[i] ?? "")
		);
	};
	while (k < message.length && !safe(k)) k++;
	return { arg: message.slice(k), stdin: message.slice(0, k) };
}

/** The tools named in `--tools`: the launch's, then `submit_result`, each once. */
export function childTools(tools: readonly string[]): string[] {
	return [...new Set([...tools, SUBMIT_RESULT_TOOL_NAME])];
}

export function buildChildCommand(input: ChildCommandInput): { command: ChildCommand } | { error: string } {
	const { launch, promptDir } = input;
	const { prompt } = launch;
	const transport = firstMessageTransport(launch.firstMessage);
	if ("error" in transport) return transport;
	const files: ChildCommand["files"] = [];
	const file = (name: string, content: string) => {
		const path = join(promptDir, name);
		files.push({ path, content });
		return path;
	};
	const system = prompt.customPrompt === undefined ? "" : file("system-prompt.md", prompt.customPrompt);
	const appended = prompt.appendSystemPrompt.filter((text) => text !== "");
	const appendArgs =
		appended.length === 0
			? ["--append-system-prompt", ""]
			: appended.flatMap((text, i) => ["--append-system-prompt", file(`append-${i + 1}.md`, text)]);
	const model = launch.model;
	const argv = [
		input.cli,
		"--mode",
		"json",
		"--offline",
		"--no-extensions",
		"-e",
		input.extension,
		...launch.providerExtensions.flatMap((path) => ["-e", path]),
		"--no-skills",
		...prompt.skills.flatMap((skill) => ["--skill", skill.filePath]),
		"--no-prompt-templates",
		"--no-themes",
		"--system-prompt",
		system,
		...appendArgs,
		...(prompt.contextFiles.length === 0 ? ["--no-context-files"] : []),
		"--tools",
		childTools(launch.tools).join(","),
		"--model",
		`${model.provider}/${model.id}`,
		...(model.thinking ? ["--thinking", model.thinking] : []),
		"--session",
		input.sessionFile,
		"-p",
		"--",
		transport.arg,
	];
	return { command: { argv, files, stdin: transport.stdin } };
}
