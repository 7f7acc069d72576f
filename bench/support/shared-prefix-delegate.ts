/**
 * A Pi extension for the cost benchmark: the "shared prefix" child layout, standing in for
 * pi-delegate's until that exists. It registers a `delegate` tool that starts each task as a
 * `pi --mode json -p` child which loads this same extension, so the child's tool list and system
 * prompt are byte-identical to the parent's; the role and the task go in the child's first message.
 * A child's first request can then read the prefix its parent already cached. Children run at most
 * four at a time, as in Pi's subagent example, so only the layout differs between the two.
 *
 * The child model comes from PI_BENCH_CHILD_MODEL and the role text from PI_BENCH_CHILD_ROLE.
 */
import { spawn } from "node:child_process";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { Type } from "typebox";

const MAX_CONCURRENCY = 4;

function runChild(task: string, cwd: string): Promise<string> {
	const args = [
		process.argv[1]!,
		"--mode",
		"json",
		"-p",
		"--no-session",
		"--model",
		process.env.PI_BENCH_CHILD_MODEL ?? "",
		"-e",
		import.meta.filename,
		`${process.env.PI_BENCH_CHILD_ROLE ?? ""}\n\nTask: ${task}`,
	];
	return new Promise((resolve) => {
		const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
		let out = "";
		child.stdout.on("data", (d: Buffer) => {
			out += d.toString();
		});
		child.on("close", () => {
			const ends = out
				.split("\n")
				.filter((l) => l.startsWith("{"))
				.map(
					(l) =>
						JSON.parse(l) as {
							type?: string;
							message?: { role?: string; content?: Array<{ type: string; text?: string }> };
						},
				)
				.filter((e) => e.type === "message_end" && e.message?.role === "assistant");
			const last = ends.at(-1)?.message?.content ?? [];
			resolve(last.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join(""));
		});
	});
}

export default function sharedPrefixDelegate(pi: ExtensionAPI): void {
	pi.registerTool({
		name: "delegate",
		label: "Delegate",
		description: "Run tasks in parallel child agents that share this session's prompt; returns each child's answer.",
		parameters: Type.Object({
			tasks: Type.Array(Type.Object({ task: Type.String({ description: "What the child should do" }) }), {
				description: "Tasks, one child each",
			}),
		}),
		async execute(_id, params, _signal, _onUpdate, ctx) {
			const results: string[] = new Array(params.tasks.length).fill("");
			let next = 0;
			const worker = async () => {
				while (next < params.tasks.length) {
					const index = next++;
					results[index] = await runChild(params.tasks[index]!.task, ctx.cwd);
				}
			};
			await Promise.all(Array.from({ length: Math.min(MAX_CONCURRENCY, params.tasks.length) }, worker));
			return {
				content: [{ type: "text", text: results.map((r, i) => `## Task ${i + 1}\n${r}`).join("\n\n") }],
				details: undefined,
			};
		},
	});
}
