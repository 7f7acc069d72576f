/**
 * The envelope corpus: real-looking final messages and envelope files, good and bad, each checked
 * end to end (parse, then verify against a sandbox) for its exact outcome and reason.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CASE_LAYOUT } from "../../src/envelope/cases.ts";
import { parseEnvelope } from "../../src/envelope/parse.ts";
import { nodeFileProbe, writeLayout } from "../../src/envelope/probe.ts";
import { verifyEvidence } from "../../src/envelope/verify.ts";
import { formatPath } from "../../src/problems.ts";
import { tempDir } from "../support/temp.ts";

const CORPUS = join(import.meta.dirname, "../fixtures/envelopes");
/** What the corpus's children ran. */
const CORPUS_COMMANDS = ["npm test 2>&1 | tail -5", "cd src && npm test", "git diff --stat"];

const sandbox = tempDir("pi-delegate-corpus-");
writeLayout(sandbox, CASE_LAYOUT);
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

type Expected = { valid: string[] } | { invalid: string; paths: string[] } | { unverified: string };

const EXPECTED: Record<string, Expected> = {
	"good-message.md": {
		valid: ["lines 1-3 exist (3 lines)", "file exists", "ran as part of command 2 of 3: cd src && npm test"],
	},
	"good-envelope.json": { valid: ["line 1 exists (3 lines)", "ran as command 3 of 3"] },
	"good-untagged-trailing-comma.md": { valid: ["line 3 exists (3 lines)"] },
	"good-duplicates-and-other-json.md": { valid: ["ran as part of command 2 of 3: cd src && npm test"] },
	"none.md": {
		invalid: "no envelope: submit_result was never called and there is no final message",
		paths: ["(result)"],
	},
	"prose-only.md": {
		invalid: "no envelope: submit_result was never called and the final message has no envelope",
		paths: ["(result)"],
	},
	"not-an-envelope.md": {
		invalid:
			"no envelope: submit_result was never called and the final message has no envelope; 1 JSON block found, none an envelope",
		paths: ["(result)", "final message, line 3"],
	},
	"conflicting-blocks.md": {
		invalid:
			"2 different envelopes: the fenced json block at line 3 and the fenced json block at line 9 differ at deliverable, unsure[0], status",
		paths: ["deliverable", "unsure[0]", "status"],
	},
	"tool-and-block-differ.md": {
		invalid:
			"2 different envelopes: submit_result call 1 and the fenced json block at line 3 differ at evidence[0].pointer",
		paths: ["evidence[0].pointer"],
	},
	"bad-status.json": { invalid: "the JSON text is not a valid envelope: 1 problem (status)", paths: ["status"] },
	"missing-deliverable.json": {
		invalid: "the JSON text is not a valid envelope: 1 problem (deliverable)",
		paths: ["deliverable"],
	},
	"evidence-without-pointer.json": {
		invalid: "the JSON text is not a valid envelope: 1 problem (evidence[1].pointer)",
		paths: ["evidence[1].pointer"],
	},
	"start-after-end.json": {
		invalid: "the JSON text is not a valid envelope: 1 problem (evidence[0].pointer)",
		paths: ["evidence[0].pointer"],
	},
	"unknown-fields.json": {
		// did_not_do may be left out: only the misspelt field that stands for it is a problem.
		invalid: "the JSON text is not a valid envelope: 3 problems (evidence[0].confidence, didNotDo, summary)",
		paths: ["evidence[0].confidence", "didNotDo", "summary"],
	},
	"wrong-types.json": {
		invalid: "the JSON text is not a valid envelope: 4 problems (deliverable, evidence, unsure, did_not_do[0])",
		paths: ["deliverable", "evidence", "unsure", "did_not_do[0]"],
	},
	"invalid-json.md": {
		invalid:
			"the fenced json block at line 3 is not valid JSON: expected ',' or '}' after a property value but found a double quote at line 7, column 3 of the message",
		paths: ["final message, line 7"],
	},
	"missing-file.json": { unverified: "<sb>/repo/test/app.test.ts does not exist" },
	"past-last-line.json": { unverified: "src/app.ts has 3 lines; lines 3-9 run past the end" },
	"escape-dotdot.json": { unverified: "<sb>/outside/secret.txt is outside the roots (<sb>/repo)" },
	"escape-symlink.json": {
		unverified:
			"<sb>/repo/leak.txt is outside the roots (<sb>/repo) through a symlink: its real path is <sb>/outside/secret.txt",
	},
	"cmd-never-run.json": { unverified: "never ran (3 commands ran, none matches; nearest: npm test 2>&1 | tail -5)" },
};

function check(name: string) {
	const submissionsFile = join(CORPUS, name.replace(/\.(md|json)$/, ".submissions.json"));
	const submissions: unknown[] = existsSync(submissionsFile) ? JSON.parse(readFileSync(submissionsFile, "utf8")) : [];
	const parse = parseEnvelope({ submissions, finalText: readFileSync(join(CORPUS, name), "utf8") });
	if (!parse.ok) return { invalid: parse.reason, paths: parse.problems.map(formatPath) };
	const claims = verifyEvidence(parse.envelope.evidence, {
		roots: [join(sandbox, "repo")],
		base: join(sandbox, "repo"),
		commands: CORPUS_COMMANDS,
		probe: nodeFileProbe(),
	});
	const failed = claims.flatMap((c) => (c.verified ? [] : [c.reason.replaceAll(sandbox, "<sb>")]));
	return failed.length > 0
		? { unverified: failed.join("; ") }
		: { valid: claims.map((c) => (c.verified ? c.detail : "")) };
}

describe("the envelope corpus", () => {
	it("has an expectation for every fixture, and a fixture for every expectation", () => {
		const files = readdirSync(CORPUS).filter((f) => !f.endsWith(".submissions.json"));
		expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
	});

	it.each(Object.entries(EXPECTED))("%s", (name, expected) => {
		expect(check(name)).toEqual(expected);
	});
});
