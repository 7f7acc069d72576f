/** How a brief is read before any rule runs: data regions, tokens with offsets, sentences, clauses. */
import { describe, expect, it } from "vitest";
import { clauses } from "../../src/gate/clauses.ts";
import { dataRegions } from "../../src/gate/regions.ts";
import { sentences } from "../../src/gate/sentences.ts";
import { isPath, scan } from "../../src/gate/tokens.ts";
import type { Token } from "../../src/gate/types.ts";

const tokensOf = (text: string) => scan(text, dataRegions(text)).filter((p): p is Token => p.kind !== "break");
const sentencesOf = (text: string) =>
	sentences(scan(text, dataRegions(text))).map((s) => s.tokens.map((t) => t.text).join(" "));

describe("data regions", () => {
	it("finds fenced blocks (closed or not), inline code of any tick count, and cued quotes", () => {
		const text = 'Run `a` and ``b ` c``.\n```sh\nrm -rf x\n```\nThe comment says "never do it".\n~~~\nopen';
		const regions = dataRegions(text).map((r) => [r.kind, r.content]);
		expect(regions).toEqual([
			["code", "a"],
			["code", "b ` c"],
			["fence", "rm -rf x\n"],
			["quote", "never do it"],
			["fence", "open"],
		]);
	});

	it("leaves an uncued quote and an unmatched backtick as text", () => {
		expect(dataRegions('Remember: "never edit the lockfile".')).toEqual([]);
		expect(dataRegions("a ` b")).toEqual([]);
	});

	it("reads a blockquote as data only when a cue introduces it", () => {
		expect(dataRegions("AGENTS.md says:\n> never use sync fs").map((r) => r.content)).toEqual(["never use sync fs"]);
		expect(dataRegions("Do this:\n> never use sync fs")).toEqual([]);
	});
});

describe("tokens", () => {
	it("keep offsets into the original text and normalise case and curly apostrophes beside it", () => {
		const text = "Don’t  TOUCH src/api.";
		for (const t of tokensOf(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
		expect(tokensOf(text).map((t) => t.norm)).toEqual(["don't", "touch", "src/api", "."]);
	});

	it("read words beyond ASCII whole: accents, full-width letters, invisible characters inside a word", () => {
		const words = (text: string) => tokensOf(text).map((t) => t.norm);
		expect(words("café naïve Ünïcode")).toEqual(["café", "naïve", "ünïcode"]);
		expect(words("ＤＯ ＮＯＴ")).toEqual(["do", "not"]);
		expect(words("ed\u200bit don’t—never")).toEqual(["edit", "don't", "—", "never"]);
		expect(words("Straße-weit")).toEqual(["straße-weit"]);
	});

	it("read paths, keeping a sentence's full stop out of them", () => {
		expect(tokensOf("Fix a.ts. Then src/gate/.").map((t) => [t.kind, t.text])).toEqual([
			["word", "Fix"],
			["path", "a.ts"],
			["punct", "."],
			["word", "Then"],
			["path", "src/gate/"],
			["punct", "."],
		]);
	});

	it("tell paths from slashed words and dotted names", () => {
		for (const p of ["src/gate", "./x", "~/notes", "/tmp/a", "a/b/c", "docs/", "lib/*.ts", "README.md", ".env"]) {
			expect(isPath(p), p).toBe(true);
		}
		for (const w of ["and/or", "PASS/FAIL", "read/write", "Node.js", "."]) expect(isPath(w), w).toBe(false);
	});

	it("make inline code one token whose norm is its content", () => {
		expect(tokensOf("Run `git push` now").map((t) => [t.kind, t.norm])).toEqual([
			["word", "run"],
			["code", "git push"],
			["word", "now"],
		]);
	});
});

describe("sentences", () => {
	it("end at punctuation, list items, headings, blank lines and capitalised new lines", () => {
		expect(sentencesOf("Read it. Then report!\n- one\n- two\n\n## Goal\nFix it\nDon't push")).toEqual([
			"Read it .",
			"Then report !",
			"one",
			"two",
			"Goal",
			"Fix it",
			"Don't push",
		]);
	});

	it("continue across a wrapped line", () => {
		expect(sentencesOf("Please do\nnot edit the config\n`a.ts` included.")).toEqual([
			"Please do not edit the config `a.ts` included .",
		]);
	});

	it("keep a fenced block apart, and abbreviations inside", () => {
		expect(sentencesOf("Look, e.g. here:\n```\nx\n```\nok")).toEqual(["Look , e.g. here :", "```\nx\n```", "ok"]);
	});
});

describe("clauses", () => {
	const moods = (text: string) =>
		sentences(scan(text, dataRegions(text))).flatMap((s) => clauses(s).map((c) => [c.mood, c.inQuestion]));

	it("read the mood from the head, past fillers and frames", () => {
		expect(moods("Please also fix it.")).toEqual([["directive", false]]);
		expect(moods("Could you fix it?")).toEqual([["directive", false]]);
		expect(moods("Why did the fix fail?")).toEqual([["question", true]]);
		expect(moods("We never cache it.")).toEqual([["statement", false]]);
		expect(moods("If it breaks, fix it.")).toEqual([
			["subordinate", false],
			["directive", false],
		]);
		expect(moods("Typo in the README.")).toEqual([["fragment", false]]);
	});

	it("split 'and' before a second order, not inside a description", () => {
		const split = (text: string) =>
			clauses(sentences(scan(text, []))[0]!).map((c) => c.tokens.map((t) => t.norm).join(" "));
		expect(split("Read the loader and fix the bug")).toEqual(["read the loader", "fix the bug"]);
		expect(split("List the files we rename and delete")).toEqual(["list the files we rename and delete"]);
		expect(split("Explain why it fails and fix it")).toEqual(["explain why it fails", "fix it"]);
	});

	it("leave a limit before a question outside the question", () => {
		expect(moods("Just the parser, nothing else — what makes it slow?")).toEqual([
			["statement", false],
			["statement", false],
			["question", true],
		]);
	});
});
