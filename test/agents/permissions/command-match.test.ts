/**
 * A rule's pattern against a command whose text has holes: an allow needs every text the holes
 * could become to match, a denial any one. Exact answers, checked here against the pattern read as
 * a regular expression over sampled texts.
 */
import { describe, expect, it } from "vitest";
import { mayMatch, mustMatch, type PatternRule } from "../../../src/agents/permissions/command-match.ts";
import { HOLE, type Template, WORDS } from "../../../src/agents/permissions/shell/template.ts";

const claude = (pattern: string): PatternRule => ({ pattern, syntax: "claude" });
const opencode = (pattern: string): PatternRule => ({ pattern, syntax: "opencode" });

describe("a pattern against text with holes", () => {
	it.each<[PatternRule, Template, boolean, boolean]>([
		// [rule, template, every text matches, some text matches]
		[claude("git diff:*"), ["git diff ", HOLE], true, true],
		[claude("git diff:*"), ["git diff", WORDS], true, true],
		[claude("git diff:*"), ["git ", HOLE], false, true],
		[claude("git diff:*"), ["git diff", HOLE], false, true],
		[claude("npm run build"), ["npm run build", WORDS], false, true],
		[claude("rm"), ["rm", WORDS], false, true],
		[claude("rm:*"), ["rm", WORDS], true, true],
		[claude("rm:*"), [HOLE, " x"], false, true],
		[claude("rm:*"), ["ls ", HOLE], false, false],
		[opencode("ls ?"), ["ls ", HOLE], false, true],
		[opencode("ls ??*"), ["ls ", HOLE], false, true],
		[opencode("ls *"), ["ls ", HOLE], true, true],
		[claude("git * main"), ["git ", HOLE, " main"], true, true],
		[claude("git * main"), ["git ", HOLE], false, true],
		[claude("a*b*c"), ["a", HOLE, "b", HOLE, "c"], true, true],
		[claude("a*b"), ["a", HOLE], false, true],
	])("%j against %j: every %s, some %s", (rule, template, every, some) => {
		expect(mustMatch(rule, template)).toBe(every);
		expect(mayMatch(rule, template)).toBe(some);
	});

	it("agrees with the pattern as an expression on texts without holes", () => {
		const texts = ["", "git", "git diff", "git diff-tree", "git diff --stat", "gitdiff", "git  diff", "x git diff"];
		const patterns = ["git diff:*", "git diff *", "git*", "git ?iff", "*", "* diff", "git diff"];
		for (const pattern of patterns) {
			for (const syntax of ["claude", "opencode"] as const) {
				const rule = { pattern, syntax };
				for (const text of texts) expect(mustMatch(rule, [text])).toBe(mayMatch(rule, [text]));
			}
		}
	});
});
