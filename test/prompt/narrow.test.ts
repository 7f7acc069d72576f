import { describe, expect, it } from "vitest";
import { findToolSurface, narrow } from "../../src/prompt/narrow.ts";

const IDENTITY = "You are a coding assistant running inside pi, a coding agent harness.";
const TOOLS = "<tools>\n- read: Read file contents\n\nAdditional tools may be available.\n</tools>";
const RULES = "<rules>\n- Be concise in your responses\n</rules>";
const DOCS = "<docs>\nPi documentation (read only when the user asks about the harness itself)\n</docs>";
const CWD = "<cwd>\n/work/project\n</cwd>";
const OPERATOR_PAIR = "<tools>\n- deploy: ship it\n</tools>\n\n<rules>\n- Never on Fridays.\n</rules>";

/** Joins sections the way Pi does: one blank line between them. */
const pi = (...sections: string[]): string => sections.join("\n\n");

describe("narrow", () => {
	it("removes Pi's identity, tool surface and docs pointer and keeps the sections below", () => {
		const addendum = "<addendum>\nMain rules.\n</addendum>";
		const rendered = pi(IDENTITY, TOOLS, RULES, DOCS, addendum, CWD);
		const out = narrow(rendered);
		expect(out.toolSurface).toBe(true);
		expect(out.text).toBe(pi(addendum, CWD));
		expect(out.removed.map((r) => [r.part, r.text])).toEqual([
			["identity", IDENTITY],
			["tools", TOOLS],
			["rules", RULES],
			["docs", DOCS],
		]);
		for (const r of out.removed) {
			expect(rendered.slice(r.start, r.end)).toBe(r.text);
			expect(r.reason).toMatch(/^Pi's /);
		}
	});

	it("loses no byte: the removed parts and the kept text rebuild the prompt", () => {
		const rendered = pi(IDENTITY, TOOLS, RULES, DOCS, "<addendum>\n\n\nodd  spacing \n\n</addendum>", CWD);
		const out = narrow(rendered);
		expect(pi(...out.removed.map((r) => r.text), out.text)).toBe(rendered);
	});

	it("recognises the surface by position, whatever the identity says", () => {
		const out = narrow(pi("Some future wording of Pi's identity.\nOn two lines.", TOOLS, RULES, DOCS, CWD));
		expect(out.toolSurface).toBe(true);
		expect(out.removed[0]?.text).toBe("Some future wording of Pi's identity.\nOn two lines.");
		expect(out.text).toBe(CWD);
	});

	it("removes the surface without a docs pointer, and keeps a <docs> that does not follow <rules>", () => {
		const operatorDocs = "<docs>\nOurs.\n</docs>";
		expect(narrow(pi(IDENTITY, TOOLS, RULES, CWD)).text).toBe(CWD);
		expect(narrow(pi(IDENTITY, TOOLS, RULES, CWD, "<ext>\nx\n</ext>")).removed.map((r) => r.part)).toEqual([
			"identity",
			"tools",
			"rules",
		]);
		const out = narrow(pi(IDENTITY, TOOLS, RULES, "<addendum>\nA\n</addendum>", operatorDocs, CWD));
		expect(out.text).toContain(operatorDocs);
	});

	it("keeps nothing when the prompt ends with Pi's own sections", () => {
		expect(narrow(pi(IDENTITY, TOOLS, RULES, DOCS))).toMatchObject({ text: "", toolSurface: true });
		expect(narrow(pi(IDENTITY, TOOLS, RULES))).toMatchObject({ text: "", toolSurface: true });
	});

	it("keeps an operator's <tools> block in a custom prompt when no <rules> sits one blank line below", () => {
		for (const custom of [
			"Be brief.\n\n<tools>\n- changelog: ours\n</tools>\n\nKeep answers short.",
			"Be brief.\n\n<tools>\n- changelog: ours\n</tools>\n<rules>\n- no blank line above\n</rules>",
			"Be brief.\n\n<tools>\n- changelog: ours\n</tools>\n\n\n<rules>\n- two blank lines above\n</rules>",
			"Be brief.\n\n<tools>\n- changelog: ours\n</tools>\n\n<guidance>\n- another tag\n</guidance>",
		]) {
			const rendered = pi(custom, CWD);
			expect(narrow(rendered)).toEqual({ text: rendered, toolSurface: false, removed: [] });
		}
	});

	it("keeps an operator's <tools>/<rules> pair that sits below another tag line", () => {
		const rendered = pi("<role>\nRelease manager.\n</role>", OPERATOR_PAIR, CWD);
		expect(narrow(rendered).toolSurface).toBe(false);
		expect(narrow(pi("Intro.", "<addendum>\nRules:", OPERATOR_PAIR, "</addendum>", CWD)).toolSurface).toBe(false);
	});

	it("keeps an operator's pair when two blank lines follow </rules>, as when its file ends with a newline", () => {
		const rendered = `Intro.\n\n${OPERATOR_PAIR}\n\n\n${CWD}`;
		expect(narrow(rendered).toolSurface).toBe(false);
	});

	it("keeps a pair that starts the prompt: Pi always renders its identity above its tools", () => {
		expect(narrow(pi(TOOLS, RULES, DOCS, CWD)).toolSurface).toBe(false);
		expect(narrow(`\n\n${pi(TOOLS, RULES, CWD)}`).toolSurface).toBe(false);
	});

	it("removes only Pi's pair when the operator's appended prompt or a context file holds another", () => {
		const addendum = `<addendum>\nRules:\n\n${OPERATOR_PAIR}\n</addendum>`;
		const context = `<project_context>\nProject-specific instructions and guidelines:\n\n<project_instructions path="/p/AGENTS.md">\n${OPERATOR_PAIR}\n</project_instructions>\n</project_context>`;
		const out = narrow(pi(IDENTITY, TOOLS, RULES, DOCS, addendum, context, CWD));
		expect(out.text).toBe(pi(addendum, context, CWD));
	});

	it("closes a section only at a whole </tools> line", () => {
		const tools = "<tools>\n- quote: prints </tools> inline\n</tools>";
		const out = narrow(pi(IDENTITY, tools, RULES, CWD));
		expect(out.removed[1]?.text).toBe(tools);
		expect(narrow(pi(IDENTITY, "<tools>\n- x\n</tools> trailing", RULES, CWD)).toolSurface).toBe(false);
	});

	it("needs the whole pair: a prompt with <tools> but no closing line, or <rules> unclosed, is kept", () => {
		expect(narrow(pi(IDENTITY, "<tools>\n- x", RULES, CWD)).toolSurface).toBe(false);
		expect(narrow(pi(IDENTITY, TOOLS, "<rules>\n- x", CWD)).toolSurface).toBe(false);
		expect(narrow(pi(IDENTITY, TOOLS, "<rules>\n- x\n</rules>\n\nprose after")).toolSurface).toBe(false);
	});

	it("keeps the empty prompt and a prompt without tags whole", () => {
		expect(narrow("")).toEqual({ text: "", toolSurface: false, removed: [] });
		expect(narrow("Just words.\n\nMore words.")).toEqual({
			text: "Just words.\n\nMore words.",
			toolSurface: false,
			removed: [],
		});
	});

	it("cannot tell, from text alone, untagged prose followed by an exact copy of Pi's pair (the documented limit)", () => {
		// The structured path keeps such a custom prompt whole (test/prompt/inherit.test.ts).
		expect(findToolSurface(pi("Intro.", OPERATOR_PAIR, CWD))).toBeDefined();
	});
});
