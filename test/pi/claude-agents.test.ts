/**
 * A Claude Code agent file as its generator writes it, brought to a real `pi` with pi-delegate:
 * the parent's system prompt names it in the roster, the task runs as it on the parent's model
 * (no provider with credentials offers its `model: sonnet`, and the result says so), and its tools
 * are the file's, translated.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import type { RecordedRequest } from "../../src/selftest/scripted-provider.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { REPO, runPi } from "../support/pi.ts";
import { gitRepo } from "../support/task-fixture.ts";
import { tempDir } from "../support/temp.ts";

const NOTE_READER = [
	"---",
	"name: note-reader",
	'description: Use this agent when notes need reading. Examples: <example>Context: a question about notes. user: "What do the notes say?" assistant: "I\'ll use the note-reader agent."</example>',
	"tools: Read, Grep, Glob",
	"model: sonnet",
	"color: green",
	"---",
	"You read the notes and answer with the line you read.",
	"",
].join("\n");

describe("a Claude Code agent in a real pi", () => {
	it("is in the parent's roster, and a task runs as it on the parent's model, saying why", () => {
		const project = gitRepo({ "notes.txt": "alpha\n" });
		mkdirSync(join(project, ".claude", "agents"), { recursive: true });
		writeFileSync(join(project, ".claude", "agents", "note-reader.md"), NOTE_READER);
		const requests = join(tempDir("pi-delegate-requests-"), "requests.jsonl");
		const run = runPi(["-e", REPO, "--mode", "json", "-p", "what do the notes say?"], {
			cwd: project,
			env: { PI_DELEGATE_REQUESTS: requests },
			turns: [
				{
					tools: [
						{
							name: "task",
							args: {
								agent: "note-reader",
								goal: "Read notes.txt",
								deliverable: "its first line",
								files: ["notes.txt"],
							},
						},
					],
				},
				submitTurn(envelope(["notes.txt:1"])),
				"The notes say alpha.",
			],
		});
		expect(run.stderr).not.toMatch(/Failed to load extension/);
		const end = run.events.find((e) => e.type === "tool_execution_end" && e.toolName === "task") as
			| { isError: boolean; result: { details?: { result?: TaskResult } } }
			| undefined;
		const result = end?.result.details?.result;
		expect(end?.isError).toBe(false);
		expect(result?.verdict).toBe("PASS");
		expect(result?.metrics.model).toBe("scripted/scripted-1");
		expect(result?.warnings.join("\n")).toContain('no provider with credentials offers "sonnet"');
		const recorded = readFileSync(requests, "utf8")
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as RecordedRequest);
		// The parent's first request carries the roster; the child's carries neither it nor the rule.
		const [parent, child] = recorded;
		expect(parent?.systemPrompt).toContain("- note-reader (read-only): Use this agent when notes need reading\n");
		expect(child?.systemPrompt).not.toContain("<agents>");
		expect(child?.systemPrompt).toContain("You read the notes and answer with the line you read.");
		expect(child?.tools).toEqual(expect.arrayContaining(["read", "grep", "find", "submit_result"]));
		expect(child?.tools).not.toContain("bash");
	});
});
