import { describe, expect, it } from "vitest";
import { parseLayout } from "../../src/prompt/layout.ts";
import { parseProjectContext, parseSkills, unescapeXml } from "../../src/prompt/section-bodies.ts";

const pi = (...sections: string[]): string => sections.join("\n\n");
const CWD = "<cwd>\n/work/project\n</cwd>";
const context = (...files: Array<[string, string]>): string =>
	`<project_context>\n${pi(
		"Project-specific instructions and guidelines:",
		...files.map(([path, content]) => `<project_instructions path="${path}">\n${content}\n</project_instructions>`),
	)}\n</project_context>`;
const SKILLS_BODY = `The following skills provide specialized instructions for specific tasks.
Use the read tool to load a skill's file when the task matches its description.

<available_skills>
  <skill>
    <name>notes</name>
    <description>Writes &lt;notes&gt; &amp;amp; &quot;more&quot;
over two lines &apos;here&apos;</description>
    <location>/a/skills/notes/SKILL.md</location>
  </skill>
</available_skills>`;

const names = (text: string, preamble: boolean) => parseLayout(text, { preamble })?.sections.map((s) => s.name);

describe("parseLayout", () => {
	it("reads Pi's later sections in order, with extension sections after <cwd>", () => {
		const text = pi(
			"<addendum>\nA\n</addendum>",
			context(["/p/AGENTS.md", "C"]),
			`<skills>\n${SKILLS_BODY}\n</skills>`,
			CWD,
			"<ext>\nE\n</ext>",
		);
		const layout = parseLayout(text, { preamble: false });
		expect(layout?.sections.map((s) => [s.name, s.body])).toEqual([
			["addendum", "A"],
			["project_context", context(["/p/AGENTS.md", "C"]).slice(18, -19)],
			["skills", SKILLS_BODY],
			["cwd", "/work/project"],
			["ext", "E"],
		]);
		expect(layout?.preamble).toBeUndefined();
	});

	it("takes everything above the first section as the custom prompt, byte for byte", () => {
		const custom = "  Leading spaces.\r\n\nTrailing newline and a tag that is ours:\n\n<role>\nR\n</role>\n";
		expect(parseLayout(pi(custom, "<addendum>\nA\n</addendum>", CWD), { preamble: true })?.preamble).toBe(custom);
	});

	it("keeps tag lines in the custom prompt that cannot start Pi's sections there", () => {
		const custom = pi(
			"Intro.",
			"<skills>\nWe are good at SQL.\n</skills>",
			"<project_context>\nNot Pi's framing.\n</project_context>",
			"<cwd>\n/somewhere\n</cwd>",
			"More of ours.",
		);
		const layout = parseLayout(pi(custom, CWD), { preamble: true });
		expect(layout?.preamble).toBe(custom);
		expect(layout?.sections.map((s) => s.name)).toEqual(["cwd"]);
	});

	it("does not let Pi's <skills> section swallow an operator's quoted <skills> block above it", () => {
		const custom = "Intro.\n\n<skills>\nWe are good at SQL.\n</skills>\n\nEnd.";
		const layout = parseLayout(pi(custom, `<skills>\n${SKILLS_BODY}\n</skills>`, CWD), { preamble: true });
		expect(layout?.preamble).toBe(custom);
		expect(layout?.sections.map((s) => [s.name, s.body])).toEqual([
			["skills", SKILLS_BODY],
			["cwd", "/work/project"],
		]);
	});

	it("keeps an appended prompt that quotes Pi's section tags inside its own section", () => {
		const append = `Rules.\n\n${context(["/q/AGENTS.md", "quoted"])}\n\n<cwd>\n/quoted\n</cwd>\n\nEnd.`;
		const layout = parseLayout(pi("Custom.", `<addendum>\n${append}\n</addendum>`, CWD), { preamble: true });
		expect(layout?.preamble).toBe("Custom.");
		expect(layout?.sections.map((s) => [s.name, s.body])).toEqual([
			["addendum", append],
			["cwd", "/work/project"],
		]);
	});

	it("accepts an empty <cwd> and rejects a multi-line one", () => {
		expect(names("<cwd>\n\n</cwd>", false)).toEqual(["cwd"]);
		expect(names("<cwd>\n/a\n/b\n</cwd>", false)).toBeUndefined();
	});

	it("is not Pi's layout without <cwd>, out of order, joined wrongly, or with a reserved name after <cwd>", () => {
		expect(names("<addendum>\nA\n</addendum>", false)).toBeUndefined();
		expect(names(pi(CWD, "<addendum>\nA\n</addendum>"), false)).toBeUndefined();
		expect(names(pi(context(["/p", "c"]), "<addendum>\nA\n</addendum>", CWD), false)).toBeUndefined();
		expect(names(`<addendum>\nA\n</addendum>\n${CWD}`, false)).toBeUndefined();
		expect(names(pi(CWD, "<tools>\nT\n</tools>"), false)).toBeUndefined();
		expect(names(pi(CWD, "<ext>\n\n</ext>"), false)).toBeUndefined();
		expect(names(pi("<ext>\nE\n</ext>", CWD), false)).toBeUndefined();
		expect(names(`${CWD} trailing`, false)).toBeUndefined();
	});

	it("needs a non-empty custom prompt above the first section when one is expected", () => {
		expect(parseLayout(CWD, { preamble: true })).toBeUndefined();
		expect(parseLayout(`\n\n${CWD}`, { preamble: true })).toBeUndefined();
	});
});

describe("parseProjectContext", () => {
	it("reads each file's path and content exactly, including empty content and quoted closing tags", () => {
		const tricky = "Quote: </project_instructions> inline\n</project_instructions> with text after";
		const body = context(["/a/AGENTS.md", "A\n"], ["/b/AGENTS.md", ""], ["/c/CLAUDE.md", tricky]).slice(18, -19);
		expect(parseProjectContext(body)).toEqual([
			{ path: "/a/AGENTS.md", content: "A\n" },
			{ path: "/b/AGENTS.md", content: "" },
			{ path: "/c/CLAUDE.md", content: tricky },
		]);
	});

	it("is not Pi's framing without its opening line or file wrappers", () => {
		expect(
			parseProjectContext('Notes.\n\n<project_instructions path="/a">\nA\n</project_instructions>'),
		).toBeUndefined();
		expect(parseProjectContext("Project-specific instructions and guidelines:\n\nloose text")).toBeUndefined();
		expect(
			parseProjectContext('Project-specific instructions and guidelines:\n\n<project_instructions path="/a">\nA'),
		).toBeUndefined();
	});
});

describe("parseSkills", () => {
	it("reads each listed skill and undoes Pi's escaping, multi-line descriptions included", () => {
		expect(parseSkills(SKILLS_BODY)).toEqual([
			{
				name: "notes",
				description: "Writes <notes> &amp; \"more\"\nover two lines 'here'",
				filePath: "/a/skills/notes/SKILL.md",
				disableModelInvocation: false,
			},
		]);
	});

	it("is not Pi's framing without the list, with an empty list, or with text after it", () => {
		expect(parseSkills("We are good at SQL.")).toBeUndefined();
		expect(parseSkills("Intro.\n\n<available_skills>\n</available_skills>")).toBeUndefined();
		expect(parseSkills(`${SKILLS_BODY}\nmore`)).toBeUndefined();
	});

	it("unescapes in one pass", () => {
		expect(unescapeXml("&amp;lt; &lt;&gt;&quot;&apos;&amp; &nbsp;")).toBe("&lt; <>\"'& &nbsp;");
	});
});
