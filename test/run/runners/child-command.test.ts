import { describe, expect, it } from "vitest";
import { buildChildCommand, childTools, firstMessageTransport } from "../../../src/run/runners/child-command.ts";
import type { ChildLaunch } from "../../../src/run/types.ts";

const launch: ChildLaunch = {
	agent: "worker",
	cwd: "/work/project",
	prompt: { customPrompt: "ROLE", appendSystemPrompt: [], contextFiles: [], skills: [] },
	systemPrompt: "",
	firstMessage: "Do it.",
	tools: ["read", "bash"],
	model: { provider: "anthropic", id: "claude-x", reason: "test" },
	agentDir: "/agent",
	providerExtensions: [],
	budget: { wall_s: 60, usd: 1, turns: 5 },
	submit: { roots: ["/work/project"], cwd: "/work/project", maxRejections: 2 },
};

function build(over: Partial<ChildLaunch> = {}, prompt: Partial<ChildLaunch["prompt"]> = {}) {
	const result = buildChildCommand({
		launch: { ...launch, ...over, prompt: { ...launch.prompt, ...prompt } },
		cli: "/pi/cli.js",
		extension: "/pd/child-extension.js",
		promptDir: "/tmp/p",
		sessionFile: "/audit/session.jsonl",
	});
	if ("error" in result) throw new Error(result.error);
	return result.command;
}

/** The value after each occurrence of `flag`. */
function values(argv: string[], flag: string): string[] {
	return argv.flatMap((a, i) => (a === flag ? [argv[i + 1] ?? "(end)"] : []));
}

describe("the child's command line", () => {
	it("switches every discovery off and names what the launch gives", () => {
		const { argv, files, stdin } = build({ providerExtensions: ["/ext/provider.ts"] });
		expect(argv[0]).toBe("/pi/cli.js");
		for (const flag of [
			"--no-extensions",
			"--no-skills",
			"--no-prompt-templates",
			"--no-themes",
			"--no-context-files",
		]) {
			expect(argv).toContain(flag);
		}
		expect(values(argv, "--mode")).toEqual(["json"]);
		expect(argv).toContain("--offline");
		expect(values(argv, "-e")).toEqual(["/pd/child-extension.js", "/ext/provider.ts"]);
		expect(values(argv, "--tools")).toEqual(["read,bash,submit_result"]);
		expect(values(argv, "--model")).toEqual(["anthropic/claude-x"]);
		expect(argv).not.toContain("--thinking");
		expect(values(argv, "--session")).toEqual(["/audit/session.jsonl"]);
		expect(argv.slice(-3)).toEqual(["-p", "--", "Do it."]);
		expect(stdin).toBeUndefined();
		expect(files).toEqual([{ path: "/tmp/p/system-prompt.md", content: "ROLE" }]);
		expect(values(argv, "--system-prompt")).toEqual(["/tmp/p/system-prompt.md"]);
	});

	it("suppresses APPEND_SYSTEM.md discovery with an empty append, and passes each append as a file", () => {
		expect(values(build().argv, "--append-system-prompt")).toEqual([""]);
		const { argv, files } = build({}, { appendSystemPrompt: ["A", "", "B"] });
		expect(values(argv, "--append-system-prompt")).toEqual(["/tmp/p/append-1.md", "/tmp/p/append-2.md"]);
		expect(files.slice(1)).toEqual([
			{ path: "/tmp/p/append-1.md", content: "A" },
			{ path: "/tmp/p/append-2.md", content: "B" },
		]);
	});

	it("keeps Pi's own preamble without SYSTEM.md discovery when there is no custom prompt", () => {
		const { argv, files } = build({}, { customPrompt: undefined });
		expect(values(argv, "--system-prompt")).toEqual([""]);
		expect(files).toEqual([]);
	});

	it("lets the child discover context files only when the launch has some", () => {
		const { argv } = build({}, { contextFiles: [{ path: "/work/project/AGENTS.md", content: "x" }] });
		expect(argv).not.toContain("--no-context-files");
	});

	it("loads each skill by its file and sets the thinking level", () => {
		const skill = { name: "s", description: "d", filePath: "/skills/s/SKILL.md", disableModelInvocation: false };
		const { argv } = build({ model: { ...launch.model, thinking: "high" } }, { skills: [skill] });
		expect(values(argv, "--skill")).toEqual(["/skills/s/SKILL.md"]);
		expect(values(argv, "--thinking")).toEqual(["high"]);
	});

	it("names submit_result once, after the launch's tools", () => {
		expect(childTools(["read", "submit_result", "bash"])).toEqual(["read", "submit_result", "bash"]);
		expect(childTools([])).toEqual(["submit_result"]);
	});
});

describe("first message transport", () => {
	const joined = (t: { arg: string; stdin: string | undefined }) => `${t.stdin ?? ""}${t.arg}`;

	it("passes an ordinary message, or one starting with a dash, as the argument", () => {
		expect(firstMessageTransport("--flag-like text")).toEqual({ arg: "--flag-like text", stdin: undefined });
	});

	it("sends a leading @ through stdin, so Pi does not read the message as a file", () => {
		expect(firstMessageTransport("@file.md and more")).toEqual({ stdin: "@", arg: "file.md and more" });
		const t = firstMessageTransport("@@x");
		expect(t).toEqual({ stdin: "@@", arg: "x" });
	});

	it("moves the split past characters Pi's trim or @ handling would change", () => {
		const t = firstMessageTransport("@ @b c");
		if ("error" in t) throw new Error(t.error);
		expect(joined(t)).toBe("@ @b c");
		expect(t.stdin).toBe(t.stdin?.trim());
		expect(t.arg.startsWith("@")).toBe(false);
	});

	it("splits a message over the argument limit, never inside a character", () => {
		const message = `start ${"🎉x".repeat(50)} end`;
		const t = firstMessageTransport(message, 40);
		if ("error" in t) throw new Error(t.error);
		expect(joined(t)).toBe(message);
		expect(Buffer.byteLength(t.arg)).toBeLessThanOrEqual(40);
		expect(t.stdin).toBe(t.stdin?.trim());
		expect(t.arg.charCodeAt(0) >= 0xdc00 && t.arg.charCodeAt(0) <= 0xdfff).toBe(false);
		expect(Buffer.from(t.arg).toString()).toBe(t.arg);
	});

	it("refuses a long message that starts with whitespace, which stdin would lose", () => {
		expect(firstMessageTransport(` ${"x".repeat(100)}`, 40)).toEqual({
			error: "the first message is 101 bytes and starts with whitespace",
		});
	});

	it("reports the error through the command builder", () => {
		const result = buildChildCommand({
			launch: { ...launch, firstMessage: `\n${"x".repeat(200_000)}` },
			cli: "c",
			extension: "e",
			promptDir: "/p",
			sessionFile: "s",
		});
		expect(result).toEqual({ error: expect.stringMatching(/starts with whitespace/) });
	});
});
