/** A task whose spec asks for a tail: the planner quotes the chosen turns in the brief, rung L3, and says so. */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { branchOfSession } from "../../src/run/branch.ts";
import { assistant, sessionOf, user } from "../support/conversation.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";

describe("planTask with context.tail", () => {
	it("quotes the conversation after the goal and authority, as background, and records the figures", async () => {
		const root = gitRepo({ "a.txt": "one\n" });
		const { plan } = await taskHarness();
		const branch = branchOfSession(sessionOf([user("We agreed: retries stay at three."), assistant("Noted.")]));
		const p = plan(spec({ roots: [root], context: { tail: { tokens: 2000 } } }), { branch });
		const brief = p.child.firstMessage;
		expect(p.rung).toBe("L3");
		const background = brief.indexOf("## Background: the end of the caller's conversation");
		expect(background).toBeGreaterThan(brief.indexOf("## Authority"));
		expect(background).toBeLessThan(brief.indexOf("Budget: "));
		expect(brief).toContain("> We agreed: retries stay at three.");
		expect(p.tail).toEqual({
			budget: 2000,
			tokens: expect.any(Number),
			entries: 2,
			omitted: 0,
			images: 0,
			source: "this session",
		});
		expect(p.warnings).toEqual([]);
	});

	it("plans the task without a tail, and warns, when there is no conversation", async () => {
		const root = gitRepo({ "a.txt": "one\n" });
		const { plan } = await taskHarness();
		const p = plan(spec({ roots: [root], context: { tail: { tokens: 2000 } } }));
		expect(p.rung).toBe("L0");
		expect(p.child.firstMessage).not.toContain("## Background");
		expect(p.child.firstMessage).toContain("You share no history with it: this message is all you are given.");
		expect(p.tail?.source).toBe("none");
		expect(p.warnings.map(formatPath)).toEqual(["context.tail"]);
	});

	it("leaves a spec without a tail exactly as it was: no section, no figures", async () => {
		const root = gitRepo({ "a.txt": "one\n" });
		const { plan } = await taskHarness();
		const branch = branchOfSession(sessionOf([user("Secret plans.")]));
		const p = plan(spec({ roots: [root] }), { branch });
		expect(p.child.firstMessage).not.toContain("Secret plans.");
		expect(p.tail).toBeUndefined();
	});
});
