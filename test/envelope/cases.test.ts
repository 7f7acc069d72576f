import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { CASE_LAYOUT, ENVELOPE_CASES, evaluateCase } from "../../src/envelope/cases.ts";
import { nodeFileProbe, writeLayout } from "../../src/envelope/probe.ts";
import type { FileProbe } from "../../src/envelope/verify.ts";
import { memoryProbe } from "../support/memory-probe.ts";
import { tempDir } from "../support/temp.ts";

const sandbox = tempDir("pi-delegate-cases-");
writeLayout(sandbox, CASE_LAYOUT);
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe("the selftest's envelope cases", () => {
	it("have unique labels and cover every outcome", () => {
		expect(new Set(ENVELOPE_CASES.map((c) => c.label)).size).toBe(ENVELOPE_CASES.length);
		expect(new Set(ENVELOPE_CASES.map((c) => c.expect))).toEqual(
			new Set(["pass", "invalid", "unproven", "unverified"]),
		);
	});

	it.each(ENVELOPE_CASES.map((c) => [c.label, c]))("land where they should in memory: %s", (_label, c) => {
		const result = evaluateCase(c, "/sandbox", memoryProbe("/sandbox", CASE_LAYOUT));
		expect(result).toMatchObject({ expected: c.expect, got: c.expect, ok: true });
		expect(result.detail).toContain(c.reason);
	});

	it.each(ENVELOPE_CASES.map((c) => [c.label, c]))("land where they should on disk: %s", (_label, c) => {
		expect(evaluateCase(c, sandbox, nodeFileProbe()).ok).toBe(true);
	});

	it("catch a verifier that cannot see the file system: every file-pointer case then misses", () => {
		const everything: FileProbe = {
			look: (path) => ({ realPath: path, kind: "file" }),
			lineCount: () => 1_000,
		};
		const missed = ENVELOPE_CASES.filter((c) => !evaluateCase(c, sandbox, everything).ok).map((c) => c.label);
		expect(missed).toEqual([
			"bad: pointer to a missing file",
			"bad: pointer past the last line",
			"bad: pointer escaping the roots through a symlink",
		]);
	});

	it("catch a checker that lets an ok without evidence through", () => {
		const c = ENVELOPE_CASES.find((x) => x.expect === "unproven")!;
		expect(evaluateCase({ ...c, evidence: "optional" }, sandbox, nodeFileProbe())).toMatchObject({
			got: "pass",
			ok: false,
		});
	});

	it("catch a parser that forgets rejected submit_result calls and says 'never called'", () => {
		const c = ENVELOPE_CASES.find((x) => x.label.includes("arguments that are not JSON"))!;
		const forgetful = { ...c, input: { ...c.input, rejected: [] } };
		const result = evaluateCase(forgetful, sandbox, nodeFileProbe());
		expect(result).toMatchObject({ got: "invalid", ok: false });
		expect(result.detail).toContain("submit_result was never called");
	});

	it("catch a case landing on the right side for the wrong reason", () => {
		const c = ENVELOPE_CASES.find((x) => x.label === "bad: unknown status")!;
		const wrongReason = { ...c, reason: "(deliverable)" };
		expect(evaluateCase(wrongReason, sandbox, nodeFileProbe())).toMatchObject({ got: "invalid", ok: false });
	});
});
