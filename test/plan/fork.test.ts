/**
 * A fork's plan, pure: the briefs (the request step), then for each fork the branch point, `from`
 * and its errors, the rule of every tool, the prompt it restates, and what siblings share (the one
 * planner). Inputs are built by hand, as plain data.
 */
import { describe, expect, it } from "vitest";
import { FORK_BUDGET } from "../../src/plan/fork.ts";
import { forkToolRules, REFUSE_NESTING, REFUSE_WRITE, refuseExtension } from "../../src/plan/fork-tools.ts";
import type { ForkContext, ForkPlan, SessionEntryLike, ToolDeclarationLike } from "../../src/plan/fork-types.ts";
import { planChild } from "../../src/plan/plan.ts";
import { requestChildren } from "../../src/plan/request.ts";
import { MAX_FORKS } from "../../src/plan/request-fork.ts";
import type { CommonInputs, ModelRef } from "../../src/plan/types.ts";
import { formatPath, type Problem } from "../../src/problems.ts";
import type { ReadSettingsResult } from "../../src/settings/read.ts";
import { readSettings } from "../../src/settings/read.ts";
import { tempDir } from "../support/temp.ts";

const tool = (name: string, parameters: unknown = { type: "object", properties: { path: { type: "string" } } }) => ({
	name,
	description: `${name} things`,
	parameters,
});
const READ = tool("read");
const BASH = tool("bash", { type: "object", properties: { command: { type: "string" } } });

const entry = (id: string, parentId: string | null, message: Record<string, unknown>): SessionEntryLike => ({
	type: "message",
	id,
	parentId,
	timestamp: "t",
	message,
});

/** root system message → user → assistant → user → the assistant message holding the fork call. */
const ENTRIES: SessionEntryLike[] = [
	entry("s1", null, {
		role: "system",
		content: "",
		sections: { preamble: "You help.", cwd: "<cwd>\n/work/p\n</cwd>" },
		toolsAdded: [READ, BASH, tool("write"), tool("task"), tool("memory_save")],
	}),
	entry("u1", "s1", { role: "user", content: [{ type: "text", text: "Where is the retry logic?" }] }),
	entry("a1", "u1", { role: "assistant", content: [{ type: "text", text: "In retry.ts." }] }),
	entry("u2", "a1", { role: "user", content: [{ type: "text", text: "Ask a fork whether it is right." }] }),
	entry("a2", "u2", { role: "assistant", content: [{ type: "toolCall", id: "call-1", name: "fork", arguments: {} }] }),
];

/** A fork call as these cases vary it: the call's arguments, the parent's model, and its session as the call finds it. */
interface ForkCase extends ForkContext {
	request: Record<string, unknown>;
	model: ModelRef | undefined;
}

let settings: ReadSettingsResult | undefined;
function inputs(change: Partial<ForkCase> = {}): ForkCase {
	return {
		request: { brief: "Is the retry logic right?" },
		session: { id: "sess-1", file: "/sessions/sess-1.jsonl", entries: ENTRIES, callEntryId: "a2", leafId: "u2" },
		model: { provider: "anthropic", id: "claude-sonnet-4-5", thinking: "off" },
		builtins: [READ, BASH],
		...change,
	};
}

/** What every fork of the call is planned from. */
function common(c: ForkCase): CommonInputs {
	const dir = tempDir();
	settings ??= readSettings({ cwd: dir, home: dir, agentDir: dir, projectTrusted: false });
	const { request: _request, model, ...fork } = c;
	return {
		entry: "tool",
		cwd: "/work/p",
		home: dir,
		agentDir: dir,
		settings,
		agents: { agents: new Map(), problems: [], files: [] } as unknown as CommonInputs["agents"],
		parent: { options: { cwd: "/work/p", contextFiles: [], skills: [] } },
		...(model && { parentModel: model }),
		models: [],
		tools: [],
		piVersion: "1.6.0",
		sandbox: { enforce: false, reason: "no bubblewrap in a pure test" },
		runsDirOverride: "/runs",
		fork,
	};
}

/** The forks of a call: the request step's briefs, each planned by the one planner; or every problem of either. */
function planned(
	change: Partial<ForkCase> = {},
): { ok: true; plans: ForkPlan[] } | { ok: false; what: string; problems: Problem[] } {
	const c = inputs(change);
	const requested = requestChildren("fork", c.request, {
		cwd: "/work/p",
		repoRoot: () => "/work/p",
		deliverableOf: () => undefined,
	});
	if (!requested.ok) return { ok: false, what: "the fork call is invalid", problems: requested.problems };
	const plans: ForkPlan[] = [];
	for (const child of requested.children) {
		if (child.kind !== "fork") throw new Error("a fork call asked for another kind of child");
		const { where: _where, ...request } = child;
		const one = planChild({ ...common(c), request });
		if (!one.ok) return one;
		plans.push(one.plan as ForkPlan);
	}
	return { ok: true, plans };
}

function plans(change: Partial<ForkCase> = {}): ForkPlan[] {
	const out = planned(change);
	if (!out.ok) throw new Error(JSON.stringify(out.problems, null, 2));
	return out.plans;
}

const plan = (change: Partial<ForkCase> = {}): ForkPlan => plans(change)[0]!;

describe("planFork", () => {
	it("branches just before the fork call: the parent's last request, its prompt and tools", () => {
		const p = plan();
		expect(p.kind).toBe("fork");
		expect(p.rung).toBe("L4");
		expect(p.branch).toMatchObject({ leafId: "u2", entryIds: ["s1", "u1", "a1", "u2"], messages: 3, compactions: 0 });
		expect(p.prompt.sections).toEqual({ preamble: "You help.", cwd: "<cwd>\n/work/p\n</cwd>" });
		expect(p.prompt.tools.map((t) => t.name)).toEqual(["read", "bash", "write", "task", "memory_save"]);
		expect(p.model).toMatchObject({ provider: "anthropic", id: "claude-sonnet-4-5", thinking: "off" });
		expect(p.boundary).toEqual({ roots: ["/work/p"], writeAllowed: [], watchedOnly: ["/work/p"] });
		expect(p.budget).toEqual(FORK_BUDGET);
		expect(p.audit.runsDir).toBe("/runs");
		expect(p.parentSession).toEqual({ id: "sess-1", file: "/sessions/sess-1.jsonl" });
		expect(plans().map(({ id, index, of, brief }) => ({ id, index, of, brief }))).toEqual([
			{ id: "fork-retry-logic-right", index: 1, of: 1, brief: "Is the retry logic right?" },
		]);
		expect(JSON.parse(JSON.stringify(p))).toEqual(p);
	});

	it("gives every tool its rule: Pi's readers and bash run; writes, delegation and extension tools are refused", () => {
		expect(plan().tools).toEqual([
			{ name: "read", action: "run" },
			{ name: "bash", action: "run" },
			{ name: "write", action: "refuse", reason: REFUSE_WRITE },
			{ name: "task", action: "refuse", reason: REFUSE_NESTING },
			{ name: "memory_save", action: "refuse", reason: refuseExtension("memory_save") },
		]);
	});

	it("refuses a tool named like Pi's whose declaration is an extension's", () => {
		const theirs: ToolDeclarationLike = tool("read", { type: "object", properties: { url: { type: "string" } } });
		expect(forkToolRules([theirs, tool("edit"), tool("Subagent")], [READ])).toEqual([
			{ name: "read", action: "refuse", reason: refuseExtension("read") },
			{ name: "edit", action: "refuse", reason: REFUSE_WRITE },
			{ name: "Subagent", action: "refuse", reason: REFUSE_NESTING },
		]);
	});

	it("restates a forced prompt, and gives every sibling of one call the same prefix key", () => {
		const briefs = ["Opinion A?", "Opinion 2?", "Opinion A?", "Opinion A?"];
		const siblings = plans({ forcedPrompt: "You help.\n\nRULE", request: { briefs } });
		expect(siblings[0]?.prompt.forced).toBe("You help.\n\nRULE");
		expect(siblings.map((c) => c.id)).toEqual(["fork-opinion", "fork-opinion-2", "fork-opinion-3", "fork-opinion-4"]);
		expect(new Set(siblings.map((c) => c.prefixKey)).size).toBe(1);
		expect(plan({ request: { brief: "Something else?" } }).prefixKey).toBe(plan().prefixKey);
		expect(plan({ request: { brief: "x?", from: "a1" } }).prefixKey).not.toBe(plan().prefixKey);
	});

	it("branches from an earlier entry when asked, and drops the parent's last request from the check then", () => {
		const parentRequest = { tools: "t", system: "s", options: "o", messages: ["m1", "m2", "m3"] };
		expect(plan({ parentRequest }).parentRequest).toEqual(parentRequest);
		const p = plan({ parentRequest, request: { brief: "Back then?", from: "a1" } });
		expect(p.branch).toMatchObject({ leafId: "a1", from: "a1", entryIds: ["s1", "u1", "a1"], messages: 2 });
		expect(p.parentRequest).toBeUndefined();
	});
});

describe("a fork call is refused, with every problem at once", () => {
	const problems = (change: Partial<ForkCase>) => {
		const out = planned(change);
		if (out.ok) throw new Error("planned");
		return out.problems.map((p) => [formatPath(p), p.message]);
	};

	it("an id that is not in the session, naming the nearest ids and the latest user messages", () => {
		const out = planned({ request: { brief: "x?", from: "a3" } });
		expect(out.ok).toBe(false);
		if (out.ok) return;
		expect(out.what).toBe("the fork call is invalid");
		expect(out.problems[0]).toMatchObject({
			path: ["from"],
			value: "a3",
			message: "is not an entry of this session",
		});
		expect(out.problems[0]?.fix).toBe(
			'use an entry id of this session; the nearest ids: a1, a2, s1; the latest user messages of this branch: u1 ("Where is the retry logic?"), u2 ("Ask a fork whether it is right.")',
		);
	});

	it("the fork call itself as the branch point", () => {
		expect(problems({ request: { brief: "x?", from: "a2" } })).toEqual([
			["from", "is this fork call itself (or comes after it): a fork branches from an earlier point"],
		]);
	});

	it("missing, empty, wrongly typed and too many briefs, together; a bad from with no model, together", () => {
		expect(problems({ request: {} })).toEqual([["brief", "is missing"]]);
		expect(problems({ request: { briefs: [] } })).toEqual([["briefs", "is empty"]]);
		// The briefs are the request step's to check: every one of their problems at once.
		expect(problems({ request: { brief: "  ", briefs: ["ok?", 7], from: 3 }, model: undefined })).toEqual([
			["brief", "is empty"],
			["briefs[1]", "must be a string"],
		]);
		// Where it branches from and on what model are the planner's: both at once.
		expect(problems({ request: { brief: "ok?", from: 3 }, model: undefined })).toEqual([
			["from", "must be an entry id of this session"],
			["model", "the parent session has no model"],
		]);
		const many = Array.from({ length: MAX_FORKS + 1 }, (_, i) => `Question ${i}?`);
		expect(problems({ request: { briefs: many } })).toEqual([
			["briefs", `holds ${MAX_FORKS + 1} briefs; a call runs at most ${MAX_FORKS} forks`],
		]);
	});
});

describe("planFork warns when a fork cannot restate the parent's prompt", () => {
	it("for a branch that records no prompt, and one with text outside its sections", () => {
		const bare = ENTRIES.slice(1).map((e, i) => (i === 0 ? { ...e, parentId: null } : e));
		const none = plan({ session: { id: "s", entries: bare, callEntryId: "a2", leafId: "u2" } });
		expect(none.warnings[0]?.message).toContain("records no system prompt or tools");
		const free = [entry("s0", null, { role: "system", content: "Old plain prompt.", toolsAdded: [READ] }), ...bare];
		const legacy = plan({
			session: { id: "s", entries: free.map((e) => (e.id === "u1" ? { ...e, parentId: "s0" } : e)), leafId: "u2" },
		});
		expect(legacy.warnings[0]?.message).toContain("text outside its sections");
	});
});
