/**
 * Labelled known-good and known-bad envelopes, with the file tree and command record they are
 * checked against, as data. A validator that has only ever said PASS has not been shown to work:
 * the selftest runs every case and fails unless each lands on its expected side for its expected
 * reason. Each case is judged in a sandbox directory holding CASE_LAYOUT (in memory or on disk).
 */
import { join } from "node:path";
import { prepareSubmission } from "./arguments.ts";
import type { Layout } from "./layout.ts";
import { type EnvelopeInput, parseEnvelope, submissionErrorText } from "./parse.ts";
import { type EvidenceRule, emptyProofProblem, relaxedProofNote } from "./proof.ts";
import type { Envelope } from "./schema.ts";
import { type FileProbe, verifyEvidence } from "./verify.ts";

/**
 * What a case must come to: a valid envelope whose pointers all hold, an invalid envelope, a valid
 * ok that cites no evidence where the task requires it, or a valid one with a failed pointer.
 */
export type CaseOutcome = "pass" | "invalid" | "unproven" | "unverified";

export interface EnvelopeCase {
	label: string;
	expect: CaseOutcome;
	/** Text the reason must contain (for "pass", a note that must be present, or ""). */
	reason: string;
	input: EnvelopeInput;
	/** The child's commands, for cmd: pointers. */
	commands: readonly string[];
	/** The task's evidence rule; undefined means the default (required). */
	evidence?: EvidenceRule;
}

/** The sandbox every case is checked in: the root is `repo`, the child worked in `repo`. */
export const CASE_LAYOUT: Layout = {
	files: {
		"repo/src/app.ts": "export function add(a: number, b: number): number {\n\treturn a + b;\n}\n",
		"repo/README.md": "# app\n\nAdds numbers.\n",
		"outside/secret.txt": "not part of the task\n",
	},
	symlinks: { "repo/leak.txt": "../outside/secret.txt" },
};
/** Roots and working directory of every case, relative to the sandbox. */
export const CASE_ROOTS = ["repo"] as const;
export const CASE_CWD = "repo";
const RAN = ["cd repo && npm test", "git diff --stat"] as const;

const GOOD: Envelope = {
	deliverable: "add() returns the sum of its two arguments; the test suite passes.",
	evidence: [
		{ claim: "add returns a + b", pointer: "src/app.ts:1-3" },
		{ claim: "the suite passes", pointer: "cmd: npm test" },
	],
	unsure: [],
	did_not_do: ["did not check overflow behaviour"],
	status: "ok",
};

function withEvidence(pointer: string): Envelope {
	return { ...GOOD, evidence: [{ claim: "the claim", pointer }] };
}

const tool = (value: unknown): EnvelopeInput => ({ submissions: [value], finalText: "Done." });
const fenced = (json: string): EnvelopeInput => ({
	submissions: [],
	finalText: `Here is my result.\n\n\`\`\`json\n${json}\n\`\`\`\n`,
});

/** What Pi ends a submit_result call in when the model's arguments text is not JSON (see rejected.ts). */
const NOT_JSON_ARGUMENTS =
	"Invalid arguments for tool \"submit_result\": Expected ',' or '}' after property value in JSON at position 37" +
	'\n\nReceived arguments:\n{"deliverable": "sum",\n "status": "ok" "evidence": []}';

/** The submit tool's rejection of an evidence list sent as text that is not JSON. */
function brokenListRejection(): string {
	const prepared = prepareSubmission({ ...GOOD, evidence: '[{"claim": "sum", "pointer": "src/app.ts:1"' }, () => false);
	return prepared.ok ? "" : submissionErrorText(prepared.problems);
}

export const ENVELOPE_CASES: readonly EnvelopeCase[] = [
	{ label: "good: submitted through the tool", expect: "pass", reason: "", input: tool(GOOD), commands: RAN },
	{
		label: "good: fenced block after prose, trailing comma, same envelope also submitted",
		expect: "pass",
		reason: "ignored trailing commas",
		input: { submissions: [GOOD], finalText: fenced(JSON.stringify(GOOD, null, 2).replace(/\n}$/, ",\n}")).finalText },
		commands: RAN,
	},
	{
		label: "good: status failed with no evidence",
		expect: "pass",
		reason: "",
		input: tool({ ...GOOD, evidence: [], status: "failed", deliverable: "No result: the repository has no tests." }),
		commands: [],
	},
	{
		label: "good: ok with no evidence, where the task says evidence is optional",
		expect: "pass",
		reason: "evidence not required",
		input: tool({ ...GOOD, evidence: [], deliverable: "A plan in three steps, from the notes given." }),
		commands: [],
		evidence: "optional",
	},
	{
		label: "bad: ok with no evidence at all",
		expect: "unproven",
		reason: "an ok result must point at something checkable",
		input: tool({ ...GOOD, evidence: [] }),
		commands: RAN,
	},
	{
		label: "bad: submit_result called with arguments that are not JSON",
		expect: "invalid",
		reason: "rejected (call 1: its arguments were not valid JSON",
		input: { submissions: [], finalText: "Done.", rejected: [{ call: 1, error: NOT_JSON_ARGUMENTS }] },
		commands: RAN,
	},
	{
		label: "bad: submit_result given an evidence list as text that is not JSON",
		expect: "invalid",
		reason: "looks like a JSON list but is not valid JSON",
		input: { submissions: [], finalText: "", rejected: [{ call: 1, error: brokenListRejection() }] },
		commands: RAN,
	},
	{
		label: "bad: no envelope at all",
		expect: "invalid",
		reason: "no envelope",
		input: { submissions: [], finalText: "All done, the sum works." },
		commands: RAN,
	},
	{
		label: "bad: two different envelopes",
		expect: "invalid",
		reason: "2 different envelopes",
		input: { submissions: [GOOD, { ...GOOD, status: "partial" }], finalText: "" },
		commands: RAN,
	},
	{
		label: "bad: unknown status",
		expect: "invalid",
		reason: "(status)",
		input: tool({ ...GOOD, status: "done" }),
		commands: RAN,
	},
	{
		label: "bad: deliverable missing",
		expect: "invalid",
		reason: "(deliverable)",
		input: tool({ evidence: GOOD.evidence, unsure: GOOD.unsure, did_not_do: GOOD.did_not_do, status: GOOD.status }),
		commands: RAN,
	},
	{
		label: "bad: evidence without a pointer",
		expect: "invalid",
		reason: "(evidence[0].pointer)",
		input: tool({ ...GOOD, evidence: [{ claim: "add returns a + b" }] }),
		commands: RAN,
	},
	{
		label: "bad: an invented field",
		expect: "invalid",
		reason: "(confidence)",
		input: tool({ ...GOOD, confidence: 0.9 }),
		commands: RAN,
	},
	{
		label: "bad: fenced block that is not JSON",
		expect: "invalid",
		reason: "is not valid JSON",
		input: fenced('{ "status": "ok", "deliverable": "sum" "evidence": [] }'),
		commands: RAN,
	},
	{
		label: "bad: pointer to a missing file",
		expect: "unverified",
		reason: "does not exist",
		input: tool(withEvidence("src/missing.ts:1")),
		commands: RAN,
	},
	{
		label: "bad: pointer past the last line",
		expect: "unverified",
		reason: "past the end",
		input: tool(withEvidence("src/app.ts:4")),
		commands: RAN,
	},
	{
		label: "bad: pointer escaping the roots with ..",
		expect: "unverified",
		reason: "is outside the roots",
		input: tool(withEvidence("../outside/secret.txt:1")),
		commands: RAN,
	},
	{
		label: "bad: pointer escaping the roots through a symlink",
		expect: "unverified",
		reason: "through a symlink",
		input: tool(withEvidence("leak.txt:1")),
		commands: RAN,
	},
	{
		label: "bad: cmd pointer to a command never run",
		expect: "unverified",
		reason: "never ran",
		input: tool(withEvidence("cmd: npm run lint")),
		commands: RAN,
	},
];

export interface CaseResult {
	label: string;
	expected: CaseOutcome;
	got: CaseOutcome;
	/** The reason (invalid), the failed pointers' reasons (unverified), or the notes (pass). */
	detail: string;
	/** True when the case landed where it should, for the reason it should. */
	ok: boolean;
}

/**
 * Judges one case. `sandbox` is the absolute directory where CASE_LAYOUT lives (for real, or as
 * seen by `probe`).
 */
export function evaluateCase(c: EnvelopeCase, sandbox: string, probe: FileProbe): CaseResult {
	const parse = parseEnvelope(c.input);
	const at = (rel: string) => join(sandbox, rel);
	const unproven = parse.ok ? emptyProofProblem(parse.envelope, c.evidence) : undefined;
	let got: CaseOutcome;
	let detail: string;
	if (!parse.ok) {
		got = "invalid";
		detail = parse.reason;
	} else if (unproven) {
		got = "unproven";
		detail = `evidence ${unproven.message}`;
	} else {
		const claims = verifyEvidence(parse.envelope.evidence, {
			roots: CASE_ROOTS.map(at),
			base: at(CASE_CWD),
			commands: c.commands,
			probe,
		});
		const failed = claims.filter((claim) => !claim.verified);
		got = failed.length > 0 ? "unverified" : "pass";
		const notes = [...parse.notes, relaxedProofNote(parse.envelope, c.evidence) ?? []].flat();
		detail = failed.length > 0 ? failed.map((f) => (f.verified ? "" : f.reason)).join("; ") : notes.join("; ");
	}
	return { label: c.label, expected: c.expect, got, detail, ok: got === c.expect && detail.includes(c.reason) };
}
