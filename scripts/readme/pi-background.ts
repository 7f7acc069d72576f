/**
 * The README's block of a background call in Pi: a real parent session (Pi's SDK, the whole
 * extension) on the loopback emulator, whose model asks for three checks with `background: true`,
 * takes its next turn while they run, and then reads each child's report as it arrives. The block
 * is the parent's transcript as the model saw it: its calls, the tool's answer, and the messages.
 * The scratch directory and the record's stamps become placeholders; the order the children end in
 * is fixed by opening their gates one at a time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backgroundParent } from "../../bench/support/background-parent.ts";
import { fenced } from "./markdown.ts";

const CHECKS = [
	{ tag: "A", id: "check-lexer", goal: "Check that the lexer reads data.txt's first line." },
	{ tag: "B", id: "check-parser", goal: "Check that the parser reads data.txt's first line." },
	{ tag: "C", id: "check-printer", goal: "Check that the printer reads data.txt's first line." },
];

const indent = (text: string) =>
	text
		.trimEnd()
		.split("\n")
		.map((line) => `  ${line}`)
		.join("\n");

/** `● name` and its arguments as JSON, for a tool call, as a transcript shows it. */
const call = (name: string, input: unknown) => `● ${name}\n${indent(JSON.stringify(input, null, 2))}`;
export async function piBackgroundBlock(): Promise<string> {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-readme-bg-"));
	const lines: string[] = ["> Run the three checks in the background; carry on meanwhile."];
	try {
		let input: Record<string, unknown> = {};
		const p = await backgroundParent({
			root,
			runner: "in-process",
			parent: (request, turn) => {
				if (turn === 0) {
					input = {
						background: true,
						deliverable: "The first line of data.txt.",
						roots: ["."],
						tasks: CHECKS.map((c) => ({ id: c.id, goal: `[bg-child ${c.tag}] ${c.goal}` })),
					};
					return { tools: [{ name: "task", input }] };
				}
				if (turn === 1) {
					lines.push(call("task", input), indent(request.toolResults[0]?.text ?? ""));
					const text = "The checks run on; meanwhile I read the next file.";
					lines.push(`● ${text}`);
					return text;
				}
				return "Noted.";
			},
		});
		try {
			await p.session.prompt("[bg-parent] Run the three checks in the background.");
			for (const c of CHECKS) {
				const before = p.delivered().length;
				p.release(c.tag);
				await p.until(() => p.delivered().length === before + 1);
				const message = p.delivered().at(-1);
				lines.push(`◆ message (pi-delegate.background-result)`, indent(message?.content ?? ""));
			}
		} finally {
			await p.close();
		}
		const text = lines
			.join("\n")
			.replaceAll(root, "/tmp/pi-delegate-example")
			.replaceAll("[bg-child A] ", "")
			.replaceAll("[bg-child B] ", "")
			.replaceAll("[bg-child C] ", "")
			.replace(/\d{8}T\d{6}Z/g, "YYYYMMDDTHHMMSSZ")
			.replace(/\b\d+\.\d s\b/g, "#.# s")
			// Which sibling writes the shared cache and which reads it depends on who asks first.
			.replace(/\$\d+\.\d+/g, "$#.####");
		return fenced(text);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}
