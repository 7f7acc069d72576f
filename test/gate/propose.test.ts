/** The task call proposed for a blocked brief: its fields, its placeholder, its hints, its text. */
import { describe, expect, it } from "vitest";
import { classifyBrief } from "../../src/gate/classify.ts";
import { mustWrite, proposeTask, READ_DELIVERABLE, WRITE_DELIVERABLE } from "../../src/gate/propose.ts";
import { slugFromBrief } from "../../src/gate/slug.ts";
import { WRITE_ALLOWED_PLACEHOLDER } from "../../src/gate/types.ts";
import { formatPath } from "../../src/problems.ts";
import { ID_MAX_LENGTH, ID_PATTERN } from "../../src/request/limits.ts";
import { loadSpecObject } from "../../src/spec/load.ts";
import { tempDir } from "../support/temp.ts";
import { allBriefs } from "./corpus.ts";

describe("proposeTask", () => {
	it("proposes a read-only task for a brief that only forbids", () => {
		const brief = "Investigate the flaky test. Don't change anything.";
		const p = proposeTask(brief, { cwd: "/repo" });
		expect(p.params).toEqual({
			id: "investigate-flaky-test-change-anything",
			goal: brief,
			deliverable: READ_DELIVERABLE,
			read_only: true,
			roots: ["/repo"],
		});
		expect(p.text).not.toContain("write_allowed");
	});

	it("proposes a write task with a marked placeholder, never a guessed write_allowed", () => {
		const p = proposeTask("Fix the typo in src/a.ts and leave src/api alone.", { cwd: "/repo" });
		expect(p.params.read_only).toBe(false);
		expect(p.params.deliverable).toBe(WRITE_DELIVERABLE);
		expect(p.params.write_allowed).toEqual([WRITE_ALLOWED_PLACEHOLDER]);
		expect(p.writeHints).toEqual(["src/a.ts"]);
		expect(p.keepHints).toEqual(["src/api"]);
		// The hints appear only in comments.
		const code = p.text
			.split("\n")
			.filter((l) => !l.trim().startsWith("//"))
			.join("\n");
		expect(code).not.toContain('src/a.ts"]');
		const comments = p.text
			.split("\n")
			.filter((l) => l.trim().startsWith("//"))
			.map((l) => l.trim().replace(/^\/\/ ?/, ""))
			.join(" ");
		expect(comments).toContain("Hints from the brief, not authority: change src/a.ts; leave alone src/api.");
		for (const line of p.text.split("\n").filter((l) => l.trim().startsWith("//")))
			expect(line.length).toBeLessThanOrEqual(80);
	});

	it("makes a placeholder that the spec validator refuses, so it can never be sent as authority", () => {
		const cwd = tempDir("pi-delegate-gate-");
		const p = proposeTask("Fix the typo in README.md.", { cwd });
		const loaded = loadSpecObject(p.params, { cwd });
		expect(loaded.ok).toBe(false);
		if (!loaded.ok) expect(loaded.problems.map(formatPath)).toEqual(["write_allowed[0]"]);
		// Filled in, the same call is a valid spec: the proposal is ready to send once that is decided.
		expect(loadSpecObject({ ...p.params, write_allowed: [cwd] }, { cwd }).ok).toBe(true);
		const readOnly = proposeTask("Look at README.md; never edit it.", { cwd });
		expect(loadSpecObject(readOnly.params, { cwd }).ok).toBe(true);
	});

	it("writes when a boundary names what may change, even without a verb", () => {
		expect(mustWrite(classifyBrief("Changes must stay in src/gate."))).toBe(true);
		expect(mustWrite(classifyBrief("Only read src/gate."))).toBe(false);
	});

	it("renders the call with the goal verbatim, JSON-quoted, and can stand a long goal in for a marker", () => {
		const brief = 'Fix the "quoted"\nthing.';
		const p = proposeTask(brief, { cwd: "/repo" });
		expect(p.text).toContain(`goal: ${JSON.stringify(brief)},`);
		expect(p.text.startsWith("task({\n  id: ")).toBe(true);
		expect(p.text.endsWith("\n})")).toBe(true);
	});

	it("uses a decision it is given instead of classifying again", () => {
		const p = proposeTask("Fix it.", { cwd: "/r", decision: { route: "fork", reasons: [] } });
		expect(p.params.read_only).toBe(true);
		// And that the same brief, classified, would write: the decision given is what counted.
		expect(proposeTask("Fix it.", { cwd: "/r" }).params.read_only).toBe(false);
	});
});

describe("slugFromBrief", () => {
	it("keeps a few telling words", () => {
		expect(slugFromBrief("Could you fix the typo in a.ts?")).toBe("fix-typo-ts");
		expect(slugFromBrief("Ünïcode handling in the parser")).toBe("unicode-handling-parser");
		expect(slugFromBrief("???")).toBe("task");
		expect(slugFromBrief("x".repeat(200))).toBe("x".repeat(48));
	});

	it("always satisfies the spec's id rule", () => {
		const pattern = new RegExp(ID_PATTERN);
		for (const row of allBriefs()) {
			const id = slugFromBrief(row.brief);
			expect(pattern.test(id), `${row.id}: ${id}`).toBe(true);
			expect(id.length).toBeLessThanOrEqual(ID_MAX_LENGTH);
		}
	});
});
