import { describe, expect, it } from "vitest";
import { type AgentSource, agentContextLayer } from "../../src/agents/definition.ts";
import { parseAgentFile } from "../../src/agents/parse.ts";
import { formatPath } from "../../src/problems.ts";

const source = (name = "reviewer"): AgentSource => ({
	scope: "project",
	file: `/p/.pi/agents/${name}.md`,
	label: `.pi/agents/${name}.md`,
});

const file = (front: string, body = "You review diffs.") => `---\n${front}\n---\n${body}\n`;

describe("parseAgentFile: valid files", () => {
	it("reads every field into a typed definition", () => {
		const parsed = parseAgentFile(
			file(
				[
					"name: code-reviewer",
					"description: Reviews a diff against the repo's conventions",
					"tools: [read, grep, find]",
					"model: anthropic/claude-sonnet-4-5",
					"thinking: high",
					"contextMode: scoped",
					"inheritProjectContext: true",
					"inheritMainRules: false",
					"inheritSkills: false",
					"systemPromptMode: replace",
					"skills: [sql-review]",
					"inheritPrompt: portable",
				].join("\n"),
				"\n\nYou are a reviewer.\n\n",
			),
			source(),
		);
		expect(parsed.problems).toEqual([]);
		expect(parsed.definition).toEqual({
			name: "code-reviewer",
			description: "Reviews a diff against the repo's conventions",
			role: "You are a reviewer.",
			tools: ["read", "grep", "find"],
			model: "anthropic/claude-sonnet-4-5",
			thinking: "high",
			context: {
				contextMode: "scoped",
				inheritProjectContext: true,
				inheritMainRules: false,
				inheritSkills: false,
				systemPromptMode: "replace",
				skills: ["sql-review"],
			},
			inheritPrompt: "portable",
			nameFromFile: false,
			notes: [],
			ignoredKeys: [],
			source: source(),
		});
	});

	it("accepts tools as a comma-separated string, as Pi's example agents write them", () => {
		const parsed = parseAgentFile(file("description: d\ntools: read, grep,find"), source());
		expect(parsed.definition?.tools).toEqual(["read", "grep", "find"]);
	});

	it("keeps an empty tool list (no tools) apart from no tools key (the default)", () => {
		expect(parseAgentFile(file("description: d\ntools: []"), source()).definition?.tools).toEqual([]);
		expect(parseAgentFile(file('description: d\ntools: ""'), source()).definition?.tools).toEqual([]);
		expect(parseAgentFile(file("description: d"), source()).definition?.tools).toBeUndefined();
	});

	it("keeps skills: [] as a fence", () => {
		expect(parseAgentFile(file("description: d\nskills: []"), source()).definition?.context.skills).toEqual([]);
	});

	it("accepts every thinking level Pi defines", () => {
		for (const level of ["off", "minimal", "low", "medium", "high", "xhigh", "max"]) {
			expect(parseAgentFile(file(`description: d\nthinking: ${level}`), source()).definition?.thinking).toBe(level);
		}
	});

	it("lets the file name stand in for a missing name", () => {
		const parsed = parseAgentFile(file("description: d"), source("scout"));
		expect(parsed.definition).toMatchObject({ name: "scout", nameFromFile: true });
	});

	it("reads CRLF line ends and a byte-order mark", () => {
		const parsed = parseAgentFile("\ufeff---\r\nname: a\r\ndescription: d\r\n---\r\nRole.\r\n", source());
		expect(parsed.problems).toEqual([]);
		expect(parsed.definition).toMatchObject({ name: "a", description: "d", role: "Role." });
	});

	it("allows an empty body for an agent that keeps the base prompt (a preset of fields)", () => {
		const parsed = parseAgentFile(file("description: d\ntools: read", ""), source());
		expect(parsed.problems).toEqual([]);
		expect(parsed.definition?.role).toBe("");
	});
});

describe("parseAgentFile: unknown keys", () => {
	it.each([
		["allowed-tools: read", "allowed-tools", "tools"],
		["allowedTools: read", "allowedTools", "tools"],
		["tool: read", "tool", "tools"],
		["thinkingLevel: high", "thinkingLevel", "thinking"],
		["context-mode: scoped", "context-mode", "contextMode"],
		["inheritskill: true", "inheritskill", "inheritSkills"],
		["mode: scoped", "mode", "contextMode"],
	])("refuses %s and suggests the near key", (line, key, near) => {
		const parsed = parseAgentFile(file(`description: d\n${line}`), source());
		expect(parsed.definition).toBeUndefined();
		expect(parsed.problems).toHaveLength(1);
		expect(parsed.problems[0] && formatPath(parsed.problems[0])).toBe(`.pi/agents/reviewer.md: ${key}`);
		expect(parsed.problems[0]?.message).toContain(`did you mean "${near}"?`);
		expect(parsed.problems[0]?.fix).toContain(`rename it to "${near}"`);
	});

	it("points a prompt key at the body", () => {
		const parsed = parseAgentFile(file("description: d\nsystem-prompt: You are a reviewer"), source());
		expect(parsed.problems[0]?.message).toContain("the role is the file's body");
	});

	it("refuses a key nobody knows, since it might be a restriction from a tool not met yet", () => {
		const parsed = parseAgentFile(file("description: d\nsandboxed: true"), source());
		expect(parsed.definition).toBeUndefined();
		expect(parsed.problems[0]?.message).toBe('unknown key "sandboxed"');
		expect(parsed.problems[0]?.fix).toContain("docs/agents.md lists the keys accepted");
	});

	it.each([
		["modle: sonnet", "model"],
		["contextmod: scoped", "contextMode"],
		["disalowedTools: Write", "disallowedTools"],
		["permisions: []", "permissions"],
		["colour: blue", "color"],
	])("keeps the near miss %s an error naming %s", (line, near) => {
		const parsed = parseAgentFile(file(`description: d\n${line}`), source());
		expect(parsed.definition).toBeUndefined();
		expect(parsed.problems[0]?.message).toContain(`did you mean "${near}"?`);
	});
});

describe("parseAgentFile: bad values", () => {
	it("reports every bad value in one file at once, each with its key and value", () => {
		const parsed = parseAgentFile(
			file(
				[
					"name: '%%'",
					"description: d",
					"tools: [read, 7]",
					"model: 1.5",
					"thinking: extreme",
					"contextMode: ''",
					"inheritProjectContext: yes",
					"inheritMainRules: 1",
					"systemPromptMode: prepend",
					"skills:",
					"inheritPrompt: partial",
				].join("\n"),
			),
			source(),
		);
		expect(parsed.definition).toBeUndefined();
		expect(parsed.problems.map((p) => [formatPath(p).replace(".pi/agents/reviewer.md: ", ""), p.value])).toEqual([
			["name", "%%"],
			["tools", ["read", 7]],
			["model", 1.5],
			["thinking", "extreme"],
			["contextMode", ""],
			["inheritProjectContext", "yes"],
			["inheritMainRules", 1],
			["systemPromptMode", "prepend"],
			["skills", null],
			["inheritPrompt", "partial"],
		]);
		const byKey = (key: string) => parsed.problems.find((p) => formatPath(p).endsWith(`: ${key}`));
		expect(byKey("thinking")?.fix).toBe("use one of: off, minimal, low, medium, high, xhigh, max");
		expect(byKey("thinking")?.message).toBe(
			'must be one of off, minimal, low, medium, high, xhigh, max, not "extreme"',
		);
		expect(byKey("inheritProjectContext")?.fix).toBe("use true or false (unquoted)");
		expect(byKey("skills")?.fix).toContain("write [] for no skills");
	});

	it("drops a repeated tool with a note, and refuses a tools value of the wrong type", () => {
		const twice = parseAgentFile(file("description: d\ntools: read, Read, grep"), source()).definition;
		expect(twice?.tools).toEqual(["read", "grep"]);
		expect(twice?.notes).toEqual([{ key: "tools", message: "Read dropped: read is already listed" }]);
		expect(parseAgentFile(file("description: d\ntools: 42"), source()).problems[0]?.message).toContain(
			"must be a list of tool names",
		);
		const [first] = parseAgentFile(file("description: d\ntools: [read, {a: 1}]"), source()).problems;
		expect(first && formatPath(first)).toBe(".pi/agents/reviewer.md: tools");
	});

	it("requires a description", () => {
		const parsed = parseAgentFile(file("name: a"), source());
		expect(parsed.problems).toHaveLength(1);
		expect(parsed.problems[0] && formatPath(parsed.problems[0])).toBe(".pi/agents/reviewer.md: description");
		expect(parsed.name).toBe("a");
	});

	it("requires a valid name when the file name has to stand in", () => {
		const parsed = parseAgentFile(file("description: d"), source("my agent"));
		expect(parsed.problems[0]).toMatchObject({ source: ".pi/agents/my agent.md", path: ["name"], value: "my agent" });
	});

	it("refuses an empty body when the agent's own fields replace the base prompt", () => {
		for (const front of ["systemPromptMode: replace", "contextMode: isolated", "contextMode: scoped"]) {
			const parsed = parseAgentFile(file(`description: d\n${front}`, "  \n"), source());
			expect(
				parsed.problems.map((p) => formatPath(p)),
				front,
			).toEqual([".pi/agents/reviewer.md: (body)"]);
		}
		const appended = parseAgentFile(
			file("description: d\ncontextMode: scoped\nsystemPromptMode: append", ""),
			source(),
		);
		expect(appended.problems).toEqual([]);
	});
});

describe("parseAgentFile: malformed frontmatter", () => {
	it("treats a file without frontmatter as a role with no description", () => {
		const parsed = parseAgentFile("Just a role.\n", source());
		expect(parsed.problems.map((p) => formatPath(p))).toEqual([".pi/agents/reviewer.md: description"]);
	});

	it("refuses frontmatter that is never closed instead of reading it as the body", () => {
		const parsed = parseAgentFile("---\nname: a\ndescription: d\ntools: read\nYou review.\n", source());
		expect(parsed.problems).toHaveLength(1);
		expect(parsed.problems[0] && formatPath(parsed.problems[0])).toBe(".pi/agents/reviewer.md:1");
		expect(parsed.problems[0]?.message).toContain("never closed");
	});

	it("reports YAML errors at the line of the file, not of the YAML block", () => {
		const parsed = parseAgentFile("---\nname: a\ntools: read: grep\ndescription: d\n---\nRole.\n", source());
		expect(parsed.problems).toHaveLength(1);
		expect(parsed.problems[0] && formatPath(parsed.problems[0])).toMatch(/^\.pi\/agents\/reviewer\.md:3:\d+$/);
		expect(parsed.problems[0]?.message).toContain("invalid YAML");
	});

	it("reads a prose description that is not valid YAML as text, and notes the lines", () => {
		// As Claude Code's agent generator writes it: one unquoted line full of ': '.
		const oneLine = parseAgentFile(
			file(
				'name: a\ndescription: Use this agent to review. Examples: <example>Context: a diff. user: "Review it" assistant: "I\'ll use a"</example>\ntools: Read, Grep\nmodel: inherit',
			),
			source(),
		);
		expect(oneLine.problems).toEqual([]);
		expect(oneLine.definition?.description).toBe(
			'Use this agent to review. Examples: <example>Context: a diff. user: "Review it" assistant: "I\'ll use a"</example>',
		);
		expect(oneLine.definition?.tools).toEqual(["read", "grep"]);
		expect(oneLine.definition?.notes[0]).toEqual({
			key: "description",
			message:
				'not valid YAML, read as plain text (line 3); quote it, or indent it under "description: |", for stricter tools',
		});
		// As Anthropic's plugins write it: the dialogue continues on unindented lines, a blank one among them.
		const lines = parseAgentFile(
			file(
				'name: a\ndescription: Use this agent when asked. Examples:\n\n<example>\nContext: a diff\nuser: "Review it"\n</example>\n\nmodel: inherit\ntools: ["Read"]',
			),
			source(),
		);
		expect(lines.problems).toEqual([]);
		expect(lines.definition?.description).toBe(
			'Use this agent when asked. Examples:\n\n<example>\nContext: a diff\nuser: "Review it"\n</example>',
		);
		expect(lines.definition?.tools).toEqual(["read"]);
		expect(lines.definition?.notes[0]?.message).toContain("(lines 3–8)");
		// A block scalar whose lines were not indented: the header goes, the text stays.
		const block = parseAgentFile(file("description: |\n<example>\nuser: hi\n</example>\ntools: read"), source());
		expect(block.definition?.description).toBe("<example>\nuser: hi\n</example>");
	});

	it("never guesses a key that decides what a child may do: only prose is read as text", () => {
		// The tools entry is not valid YAML on its own: the file is refused, with YAML's own error.
		const tools = parseAgentFile(file("description: Reviews: code\ntools: [read, grep"), source());
		expect(tools.definition).toBeUndefined();
		expect(tools.problems[0]?.message).toContain("invalid YAML");
		// A restriction key after the prose still starts an entry of its own and is honoured.
		const denied = parseAgentFile(
			file("description: Reviews: code\ndisallowedTools: Bash\ntools: Read, Bash"),
			source(),
		);
		expect(denied.definition?.tools).toEqual(["read"]);
		// A known key indented into the prose by mistake is a setting, not text: the file is refused.
		const hidden = parseAgentFile(
			file("description: Reviews: code\n  disallowedTools: Bash\ntools: Read, Bash"),
			source(),
		);
		expect(hidden.definition).toBeUndefined();
		expect(hidden.problems[0]?.message).toContain("invalid YAML");
		// A key given twice is still refused, and so is an unknown key before any known one.
		expect(parseAgentFile(file("description: a: b\ntools: read\ntools: bash"), source()).definition).toBeUndefined();
		expect(parseAgentFile(file("sandbox: x: y\ndescription: a: b"), source()).definition).toBeUndefined();
		// An unresolved tag is deliberate YAML, not prose: refused as before.
		expect(parseAgentFile(file("description: !!js/function x\ntools: a: b"), source()).definition).toBeUndefined();
	});

	it("refuses a key given twice and an unresolved YAML tag", () => {
		expect(parseAgentFile(file("description: d\ntools: read\ntools: bash"), source()).problems[0]?.message).toContain(
			"unique",
		);
		expect(parseAgentFile(file("description: !!js/function x"), source()).problems[0]?.message).toContain(
			"Unresolved tag",
		);
	});

	it("refuses frontmatter that is a list or a scalar", () => {
		expect(parseAgentFile(file("- a\n- b"), source()).problems[0]?.message).toContain("key: value");
		expect(parseAgentFile(file("just text"), source()).problems[0]?.message).toContain("key: value");
	});
});

describe("agentContextLayer", () => {
	it("hands the resolver the file's context fields, labelled with the file", () => {
		const parsed = parseAgentFile(file("description: d\ncontextMode: scoped\nskills: [a]"), source());
		if (!parsed.definition) throw new Error("expected a definition");
		expect(agentContextLayer(parsed.definition)).toEqual({
			contextMode: "scoped",
			skills: ["a"],
			label: ".pi/agents/reviewer.md",
		});
	});
});

describe("parseAgentFile: tintinweb/pi-subagents' spellings", () => {
	const parse = (front: string, body?: string) => parseAgentFile(file(`description: d\n${front}`, body), source());

	it("reads prompt_mode as systemPromptMode, and a replace with no role is refused as ours is", () => {
		expect(parse("prompt_mode: replace").definition?.context.systemPromptMode).toBe("replace");
		expect(parse("prompt_mode: append").definition?.context.systemPromptMode).toBe("append");
		expect(parse("prompt_mode: replace", "").problems.map((p) => p.code)).toEqual(["required"]);
		expect(parse("prompt_mode: sometimes").problems.map((p) => p.path.join("."))).toEqual(["prompt_mode"]);
	});

	it("reads no, none and a list of skills, and refuses two keys that both list them", () => {
		expect(parse("skills: none").definition?.context.skills).toEqual([]);
		expect(parse("inherit_skills: false").definition?.context.skills).toEqual([]);
		expect(parse("inherit_skills: a, b").definition?.context.skills).toEqual(["a", "b"]);
		const yes = parse("skills: true").definition;
		expect(yes?.context.skills).toBeUndefined();
		expect(yes?.ignoredKeys.map((k) => k.key)).toEqual(["skills"]);
		const both = parse("skills: [a]\ninherit_skills: b");
		expect(both.problems.map((p) => [p.path.join("."), p.code, p.message])).toEqual([
			["inherit_skills", "conflict", "skills is given too"],
		]);
	});

	it("withholds disallowed_tools, even from the default tools, and never grants through it", () => {
		expect(parse("disallowed_tools: bash, write").definition?.tools).toEqual(["read", "edit", "grep", "find", "ls"]);
		expect(parse("tools: read\ndisallowed_tools: bash").definition?.tools).toEqual(["read"]);
	});

	it("turns the agent off with enabled: false, and reads tools: all and none", () => {
		expect(parse("enabled: false").disabled).toBe(true);
		expect(parse("enabled: true").disabled).toBe(false);
		expect(parse("tools: all").definition?.tools).toBeUndefined();
		expect(parse("tools: none").definition?.tools).toEqual([]);
	});
});
