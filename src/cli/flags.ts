/**
 * Every command's flags, parsed one way: Node's parseArgs in strict mode, with its errors said in
 * the command's words (the flag, what is wrong, what to write instead), an unknown flag answered
 * with the nearest known one, and three mistakes parseArgs lets through refused: a flag that takes
 * one value given twice (the last would win silently), an empty value (`--model=`), and an empty
 * argument (`run ""`, an unset shell variable), which a path would read as the current directory.
 */
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { editDistance } from "../suggest.ts";
import { UsageError } from "./command.ts";

type Parsed<T extends ParseArgsOptionsConfig> = ReturnType<
	typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true; tokens: true }>
>;

/** The flag as the user wrote it: `--name`, or `-x` for a short one. */
const flagOf = (message: string) => /'(--?[^' ,]+)/.exec(message)?.[1] ?? "";

/** parseArgs' message for `error`, in plain words; `known` are the command's flags. */
export function usageMessage(error: unknown, known: readonly string[]): string {
	const message = error instanceof Error ? error.message : String(error);
	const code = (error as { code?: string } | undefined)?.code;
	const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
	if (unknown !== undefined) {
		const near = known.find((k) => editDistance(k, unknown) <= 2);
		return `unknown option ${unknown}${near ? ` (did you mean ${near}?)` : ""}`;
	}
	const positional = /^Unexpected argument '([^']*)'/.exec(message)?.[1];
	if (positional !== undefined) return `unexpected argument "${positional}": this command takes flags only`;
	if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
		const long = /--[^' ,<]+/.exec(message)?.[0] ?? flagOf(message);
		if (/ambiguous/.test(message))
			return `${long} needs a value, but a flag follows it; write ${long}=VALUE for a value that starts with -`;
		if (/does not take an argument/.test(message)) return `${long} takes no value; write ${long} alone`;
		if (/argument missing/.test(message)) return `${long} needs a value: ${long} VALUE`;
	}
	return message;
}

/**
 * Parses `argv` against `options`; throws a UsageError naming the flag and the fix. `positionals`
 * false refuses any argument that is not a flag.
 */
export function parseFlags<const T extends ParseArgsOptionsConfig>(
	argv: string[],
	options: T,
	{ positionals = true }: { positionals?: boolean } = {},
): Parsed<T> {
	const known = Object.keys(options).map((k) => `--${k}`);
	let parsed: Parsed<T>;
	try {
		parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true }) as Parsed<T>;
	} catch (error) {
		throw new UsageError(usageMessage(error, known));
	}
	const given = new Map<string, string>();
	for (const token of parsed.tokens ?? []) {
		if (token.kind === "positional" && !positionals) {
			throw new UsageError(`unexpected argument "${token.value}": this command takes flags only`);
		}
		if (token.kind === "positional" && token.value === "") {
			throw new UsageError('an argument is empty (""): name a file, or remove it (an unset shell variable?)');
		}
		if (token.kind !== "option") continue;
		const option = options[token.name];
		if (option?.type !== "string") continue;
		const flag = `--${token.name}`;
		if (token.value === "") throw new UsageError(`${flag} needs a value: ${flag} VALUE`);
		if (option.multiple) continue;
		const earlier = given.get(token.name);
		if (earlier !== undefined) {
			throw new UsageError(`${flag} is given twice ("${earlier}", then "${token.value}"); give it once`);
		}
		given.set(token.name, token.value ?? "");
	}
	return parsed;
}
