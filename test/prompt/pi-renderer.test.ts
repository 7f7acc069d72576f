/**
 * Narrowing checked against Pi's own renderer: the 1.6.0 fixtures are reproduced from their
 * captured inputs, and a matrix of operator inputs — traps included — rendered by Pi reads back
 * to the same channels as the inputs themselves.
 */
import { describe, expect, it } from "vitest";
import type { InheritedChannels, PromptInputs, SkillInput } from "../../src/prompt/channels.ts";
import { inheritPrompt } from "../../src/prompt/inherit.ts";
import { CASES } from "../fixtures/pi-renders/cases.ts";
import { type BuildSystemPromptOptions, renderWithPi } from "./pi-renderer.ts";
import { loadRender, PI_DOCS_OPENING, PI_IDENTITIES } from "./renders.ts";

const BASE = loadRender("1.6.0", CASES.find((c) => c.name === "default-bare")!).options as BuildSystemPromptOptions;

const CUSTOM_PROMPTS: Array<string | undefined> = [
	undefined,
	"",
	"Plain custom prompt.",
	"Custom prompt ending in a newline.\n",
	"<role>\nRelease manager.\n</role>\n\n<tools>\n- changelog: ours\n</tools>\n\n<rules>\n- Tag from main.\n</rules>\n",
	"Be brief.\n\n<tools>\n- changelog: ours\n</tools>\n\nKeep it short.\n",
	"Intro.\n\n<tools>\n- changelog: ours\n</tools>\n\n<rules>\n- Tag from main.\n</rules>\n",
	"Intro.\n\n<skills>\nWe are good at SQL.\n</skills>\n\n<cwd>\n/elsewhere\n</cwd>\n\nEnd.",
];
const APPENDS: Array<string | undefined> = [
	undefined,
	"Main rules.\n",
	"Rules:\n\n<tools>\n- spawn: a child\n</tools>\n\n<rules>\n- Delegate.\n</rules>\n",
	"Quote:\n\n<cwd>\n/x\n</cwd>\n\n<skills>\nnot a list\n</skills>",
	"Mentions </addendum> and <addendum> inline.\n</addendum>\nnot followed by a blank line and a tag\n",
];
const CONTEXT_FILES: Array<BuildSystemPromptOptions["contextFiles"]> = [
	[],
	[{ path: "/p/AGENTS.md", content: "Cents, not floats.\n" }],
	[
		{
			path: "/home/AGENTS.md",
			content: "<tools>\n- deploy\n</tools>\n\n<rules>\n- Fridays off.\n</rules>\n\n<docs>\nours\n</docs>\n",
		},
		{ path: "/p/CLAUDE.md", content: "Quoting <project_context>:\n<project_context>\n</project_context>\n</skills>\n" },
		{ path: "/p/empty/AGENTS.md", content: "" },
	],
];
const skill = (name: string, description: string, hidden: boolean): SkillInput => ({
	name,
	description,
	filePath: `/skills/${name}/SKILL.md`,
	baseDir: `/skills/${name}`,
	disableModelInvocation: hidden,
	sourceInfo: { path: `/skills/${name}/SKILL.md`, source: "auto", scope: "user", origin: "top-level" },
});
const VISIBLE = skill("notes", 'Writes <tools> & "rules";\nacross two lines', false);
const HIDDEN = skill("audit", "Only on request.", true);
const SKILLS: SkillInput[][] = [[], [VISIBLE], [HIDDEN], [HIDDEN, VISIBLE]];
const TOOLS: Array<string[] | undefined> = [undefined, ["read", "grep"], ["grep", "find"], []];
const SECTIONS: Array<Record<string, string>> = [{}, { notes: "An extension's note.\n<tools>\n- fake\n</tools>" }];

function* matrix(): Generator<BuildSystemPromptOptions> {
	for (const customPrompt of CUSTOM_PROMPTS)
		for (const appendSystemPrompt of APPENDS)
			for (const contextFiles of CONTEXT_FILES)
				for (const skills of SKILLS)
					for (const selectedTools of TOOLS)
						for (const sections of SECTIONS) {
							yield {
								...BASE,
								customPrompt,
								appendSystemPrompt,
								contextFiles,
								skills: skills as BuildSystemPromptOptions["skills"],
								selectedTools,
								sections,
							};
						}
}

/** What the model was shown of the operator's words, computed here independently of the code under test. */
function expectedShown(options: PromptInputs): unknown {
	const tools = options.selectedTools ?? ["read", "bash", "edit", "write"];
	const reader = tools.includes("read") || tools.includes("bash");
	const skills = reader ? (options.skills ?? []).filter((s) => !s.disableModelInvocation) : [];
	return {
		base: options.customPrompt || undefined,
		mainRules: options.appendSystemPrompt || undefined,
		files: options.contextFiles?.length ? options.contextFiles : undefined,
		skills: skills.length ? skills.map((s) => [s.name, s.description, s.filePath]) : undefined,
	};
}

function shown(channels: InheritedChannels): unknown {
	return {
		base: channels.base?.text,
		mainRules: channels.mainRules?.text,
		files: channels.projectContext?.files,
		skills: channels.skills?.skills.map((s) => [s.name, s.description, s.filePath]),
	};
}

describe("against Pi 1.6.0's own renderer", () => {
	it.each(CASES.map((c) => c.name))("reproduces the captured 1.6.0 render %s from its captured inputs", (name) => {
		const render = loadRender("1.6.0", CASES.find((c) => c.name === name)!);
		expect(renderWithPi(render.options as BuildSystemPromptOptions)).toBe(render.rendered);
	});

	it("reads the operator's words back from every render of a matrix of inputs and traps", () => {
		const failures: string[] = [];
		let count = 0;
		for (const options of matrix()) {
			count++;
			const rendered = renderWithPi(options);
			const fromText = inheritPrompt({ rendered });
			const both = inheritPrompt({ options, rendered });
			const texts = JSON.stringify(fromText.channels);
			const leaked = [...PI_IDENTITIES, PI_DOCS_OPENING].filter((s) => texts.includes(s));
			if (JSON.stringify(shown(fromText.channels)) !== JSON.stringify(expectedShown(options)) || leaked.length > 0) {
				failures.push(JSON.stringify({ options: { ...options, toolSnippets: "…", toolGuidelines: "…" }, leaked }));
			}
			if (both.mismatches?.length !== 0)
				failures.push(`mismatch ${both.mismatches} for ${JSON.stringify(options.customPrompt)}`);
		}
		expect(count).toBe(8 * 5 * 3 * 4 * 4 * 2);
		expect(failures.slice(0, 3)).toEqual([]);
	});
});
