import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import type { Envelope } from "../../src/envelope/schema.ts";
import { createSubmitTool } from "../../src/host/submit-tool.ts";
import { renderModelReport, renderReport } from "../../src/report/task-report.ts";
import type { SubmitCheckConfig } from "../../src/run/types.ts";
import { fauxAssistantMessage, fauxText, fauxToolCall } from "../support/faux-runtime.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";
import { tempDir } from "../support/temp.ts";

const dir = tempDir("pi-delegate-submit-");
writeFileSync(join(dir, "a.txt"), "one\ntwo\n");

const GOOD: Envelope = {
	deliverable: "done",
	evidence: [{ claim: "a.txt has two lines", pointer: "a.txt:2" }],
	unsure: [],
	did_not_do: [],
	status: "ok",
};
const BARE: Envelope = { ...GOOD, evidence: [] };

function tool(over: Partial<SubmitCheckConfig> = {}) {
	return createSubmitTool({ roots: [dir], cwd: dir, maxRejections: 1, ...over }, () => []);
}

async function call(submit: ReturnType<typeof tool>, envelope: unknown) {
	try {
		const result = await submit.tool.execute("c", envelope as Envelope, undefined, undefined, undefined as never);
		const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
		return { accepted: text };
	} catch (error) {
		return { rejected: (error as Error).message };
	}
}

function prepare(submit: ReturnType<typeof tool>, raw: unknown) {
	try {
		return { value: submit.tool.prepareArguments?.(raw) };
	} catch (error) {
		return { rejected: (error as Error).message };
	}
}

describe("submit_result: the evidence rule", () => {
	it("rejects an ok with no evidence, saying evidence is required, in words the model can act on", async () => {
		const out = await call(tool(), BARE);
		expect(out.rejected).toContain(
			"- evidence: is empty, but status is ok: an ok result must point at something checkable. Fix: add at least one {claim, pointer}",
		);
		expect(out.rejected).toContain("Fix them and call submit_result again.");
	});

	it("accepts it when the task says evidence is optional, and a partial with none either way", async () => {
		expect(await call(tool({ evidence: "optional" }), BARE)).toEqual({
			accepted: "Result received. Your work is done; stop here.",
		});
		expect((await call(tool(), { ...BARE, status: "partial" })).accepted).toBeDefined();
	});

	it("after the last rejection records the result as it is, and says it will fail the task", async () => {
		const submit = tool();
		expect((await call(submit, BARE)).rejected).toBeDefined();
		const out = await call(submit, BARE);
		expect(out.accepted).toBe(
			[
				"Result recorded as it is, with 1 unresolved problem that will fail the task:",
				"- evidence: is empty, but status is ok: an ok result must point at something checkable",
				"No more attempts are accepted. Your work is done; stop here.",
			].join("\n"),
		);
		expect(submit.state.accepted).toEqual(BARE);
	});
});

describe("submit_result: pointers", () => {
	it("rejects a pointer that does not check out, in the same form as a shape problem", async () => {
		const out = await call(tool(), { ...GOOD, evidence: [{ claim: "c", pointer: "a.txt:9" }] });
		expect(out.rejected).toBe(
			[
				"The result was not accepted (1 problem):",
				'- evidence[0].pointer: "a.txt:9" does not check out: a.txt has 2 lines; line 9 is past the end. Fix: point at a line that exists inside the task\'s roots, or cite a command exactly as you ran it.',
				"Fix them and call submit_result again.",
			].join("\n"),
		);
	});

	it("refuses a second, different result once one was accepted", async () => {
		const submit = tool();
		expect((await call(submit, GOOD)).accepted).toBeDefined();
		expect((await call(submit, GOOD)).accepted).toBeDefined();
		expect((await call(submit, { ...GOOD, deliverable: "other" })).rejected).toMatch(/^A result was already submitted/);
	});
});

describe("submit_result: arguments before Pi's schema check", () => {
	it("rejects what Pi would reject in the envelope's words, every problem at once", () => {
		const out = prepare(tool(), { ...GOOD, status: "done", evidence: [{ claim: "c" }] });
		expect(out.rejected).toBe(
			[
				"The result was not accepted (2 problems):",
				"- evidence[0].pointer: is missing: a claim without a pointer cannot be checked. Fix: add pointer: path:line, path:start-end, path, or cmd: <command>; every claim needs one.",
				'- status: must be one of "ok", "partial", "failed". Fix: "ok" when all is done, "partial" when some is, "failed" when there is no usable result.',
				"Fix them and call submit_result again.",
			].join("\n"),
		);
	});

	it("passes what Pi accepts unchanged, so Pi's own coercion still applies", () => {
		const raw = { ...GOOD, unsure: "one doubt" };
		expect(prepare(tool(), raw).value).toBe(raw);
	});

	it("leaves empty arguments to Pi, whose error for arguments that are not JSON is the true one", () => {
		expect(prepare(tool(), {}).value).toEqual({});
	});

	it("reads a list sent as JSON text, and says where one that is not JSON breaks", () => {
		const evidence = JSON.stringify(GOOD.evidence);
		expect(prepare(tool(), { ...GOOD, evidence }).value).toEqual(GOOD);
		const broken = prepare(tool(), { ...GOOD, evidence: '[{"claim": "c", "pointer": "a.txt:1"' });
		expect(broken.rejected).toContain(
			"- evidence: must be a list, not text; this text looks like a JSON list but is not valid JSON (",
		);
		expect(broken.rejected).toMatch(/at line 1, column \d+\)\. Fix: pass the list itself, not a string holding it\./);
	});
});

const submitTurn = (args: unknown) =>
	fauxAssistantMessage([fauxToolCall("submit_result", args as Record<string, never>)], { stopReason: "toolUse" });

describe("a task run and its submit_result calls", () => {
	it("fails an ok that cites nothing, after telling the child twice that evidence is required", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([submitTurn(BARE), submitTurn(BARE), submitTurn(BARE)]);
		const result = await run(spec({ roots: [a] }));
		expect(result.verdict).toBe("FAIL");
		expect(result.problems.map((p) => p.code)).toEqual(["evidence"]);
		expect(result.envelope).toEqual(BARE);
		expect(result.evidence).toBe("required");
	});

	it("passes it when the spec relaxes the rule, and the report says so", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		faux.script([submitTurn(BARE)]);
		const result = await run(spec({ roots: [a], evidence: "optional" }));
		expect(result.verdict).toBe("PASS");
		const note = 'evidence not required (spec: evidence "optional"): this ok result cites nothing to check';
		expect(renderReport(result)).toContain(note);
		expect(renderModelReport(result)).toContain(`  note: ${note}`);
	});

	it("says the child called submit_result with arguments that were not JSON, and where they broke", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		const text = '{"deliverable": "x",\n "status": "ok" "evidence": []}';
		const broken = {
			...fauxToolCall("submit_result", {}),
			argumentsError: `Unexpected string in JSON at position 37\n\nReceived arguments:\n${text}`,
		};
		faux.script([fauxAssistantMessage([broken], { stopReason: "toolUse" }), fauxAssistantMessage([fauxText("Done.")])]);
		const result = await run(spec({ roots: [a] }));
		expect(result.verdict).toBe("FAIL");
		// Pi marks arguments that are not JSON since 1.x; before, it validated them as {}.
		const why = VERSION.startsWith("0.")
			? "its arguments did not fit the schema: .+"
			: "its arguments were not valid JSON: .+ at line 2, column 17";
		expect(result.problems[0]?.message).toMatch(
			new RegExp(
				`^no valid result envelope: no envelope: submit_result was called once and rejected \\(call 1: ${why}\\) and the final message has no envelope$`,
			),
		);
	});

	it("keeps every rejected call in the audit's outcome, with the error the child read", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const { faux, run } = await taskHarness();
		const good = { ...GOOD, evidence: [{ claim: "a.txt is there", pointer: "a.txt:1" }] };
		faux.script([submitTurn({ ...good, status: "done" }), submitTurn(good)]);
		const result = await run(spec({ roots: [a] }));
		expect(result.verdict).toBe("PASS");
		const outcome = JSON.parse(readFileSync(join(result.auditDir, "outcome.json"), "utf8")) as {
			rejectedSubmissions: Array<{ call: number; error: string }>;
		};
		expect(outcome.rejectedSubmissions).toEqual([
			{
				call: 1,
				error: expect.stringMatching(/^The result was not accepted \(1 problem\):\n- status: must be one of/),
			},
		]);
	});
});

describe("submit_result: the lists a child may leave out", () => {
	it("accepts an envelope without unsure and did_not_do, every check still on, and keeps it as received", async () => {
		const { unsure: _u, did_not_do: _d, ...short } = GOOD;
		const submit = tool();
		expect(prepare(submit, short)).toEqual({ value: short });
		expect(await call(submit, short)).toEqual({ accepted: "Result received. Your work is done; stop here." });
		expect(submit.state.accepted).toEqual(short);
		// The pointer is still verified and the shape still checked.
		const wrongLine = { ...short, evidence: [{ claim: "c", pointer: "a.txt:9" }] };
		expect((await call(tool(), wrongLine)).rejected).toContain("evidence[0].pointer");
		expect(prepare(tool(), { ...short, unsure: " " }).rejected).toContain("unsure");
		expect(prepare(tool(), { ...short, deliverable: " " }).rejected).toContain("deliverable: is empty");
	});
});
