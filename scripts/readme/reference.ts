/**
 * The README's command-line reference, made from what `pi-delegate help` and `pi-delegate help
 * <command>` print: a table of every command with its summary and exit codes, and every command's
 * help in full. A flag or a command added to the CLI appears here at the next regeneration, and the
 * check fails until it does. Pure.
 */
import { fenced, markdownTable } from "./markdown.ts";

export interface HelpTexts {
	/** `pi-delegate help`. */
	overview: string;
	/** `pi-delegate help <command>`, by command, in the overview's order. */
	commands: ReadonlyArray<{ name: string; text: string }>;
}

/** The `  name  summary` lines of the overview, by name. */
export function summaries(overview: string): Map<string, string> {
	const out = new Map<string, string>();
	const lines = overview.split("\n");
	const start = lines.indexOf("Commands:");
	for (const line of lines.slice(start + 1)) {
		const row = /^ {2}(\S+) +(.+)$/.exec(line);
		if (!row) break;
		out.set(row[1] ?? "", row[2] ?? "");
	}
	return out;
}

/** The "Exit codes:" sentence of a command's help, without the label; "" when it has none. */
export function exitCodes(help: string): string {
	const at = help.indexOf("Exit codes:");
	if (at < 0) return "";
	const paragraph = help.slice(at + "Exit codes:".length).split(/\n\s*\n/)[0] ?? "";
	return paragraph
		.split("\n")
		.filter((line) => !/^Every run is recorded/.test(line))
		.join(" ")
		.replace(/\s+/g, " ")
		.trim();
}

const code = (text: string) => `\`${text}\``;

export function cliReference(help: HelpTexts): string {
	const summary = summaries(help.overview);
	const rows = help.commands.map(({ name, text }) => [
		code(`pi-delegate ${name}`),
		summary.get(name) ?? "",
		exitCodes(text) || "0",
	]);
	return markdownTable(["command", "what it does", "exit codes"], rows);
}

export function helpCommands(help: HelpTexts): string {
	const summary = summaries(help.overview);
	return help.commands
		.map(({ name, text }) =>
			[
				`<details><summary><code>pi-delegate ${name}</code>: ${summary.get(name) ?? ""}</summary>`,
				"",
				fenced(`$ pi-delegate help ${name}\n${text.trimEnd()}`),
				"",
				"</details>",
			].join("\n"),
		)
		.join("\n\n");
}
