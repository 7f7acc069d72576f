/**
 * A resumed task as loaded: its spec is the first leg's with the call's fields over it, what it may
 * do comes from the call alone (the record's write authority, sandbox allowances, exclusions and
 * budget are dropped), and the agent it ran as carries over unless the call names another.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadChild } from "../../src/run/load-child.ts";
import { tempDir } from "../support/temp.ts";

const HEADER = { type: "session", version: 3, id: "s-1", timestamp: "2026-12-06T00:00:00.000Z", cwd: "/" };

function recorded() {
	const root = tempDir("pi-delegate-resume-root-");
	mkdirSync(join(root, "cache"));
	const runsDir = tempDir("pi-delegate-resume-load-");
	const dir = join(runsDir, "20261206T000000Z-lexer");
	mkdirSync(dir);
	const spec = {
		id: "lexer",
		goal: "first goal",
		deliverable: "the diff",
		effort: "deep",
		read_only: false,
		roots: [root],
		write_allowed: [root],
		exclude: [join(root, "cache")],
		network: true,
		git_writes: true,
		sandbox: "off",
		apply: "direct",
		budget: { turns: 3 },
		context: { facts: ["a fact"], tail: { tokens: 500 } },
	};
	writeFileSync(join(dir, "spec.json"), JSON.stringify(spec));
	writeFileSync(join(dir, "result.json"), JSON.stringify({ kind: "task", problems: [] }));
	writeFileSync(join(dir, "launch.json"), JSON.stringify({ agent: { label: "x" }, child: { agent: "reviewer" } }));
	writeFileSync(join(dir, "session.jsonl"), `${JSON.stringify(HEADER)}\n`);
	return { root, runsDir };
}

async function load(call: Record<string, unknown>, agent?: string) {
	const { root, runsDir } = recorded();
	const loaded = await loadChild(
		{
			kind: "task",
			where: { path: [] },
			spec: call,
			layer: agent ? { agent: { name: agent, where: { path: ["agent"] } } } : {},
			defaults: [],
			resume: { run: "lexer", where: { path: ["resume"] } },
		},
		{ extensions: [] },
		{ cwd: runsDir, home: runsDir, runsDir },
	);
	if (!loaded.ok || loaded.request.kind !== "task") throw new Error(JSON.stringify(loaded));
	return { root, request: loaded.request };
}

describe("a resumed task, loaded", () => {
	it("keeps what the first leg was about and takes what it may do from the call alone", async () => {
		const { root, request } = await load({ goal: "second goal" });
		const { spec } = request;
		expect(spec).toMatchObject({ id: "lexer", goal: "second goal", deliverable: "the diff", effort: "deep" });
		expect(spec.roots).toEqual([root]);
		expect(spec.context.facts).toEqual(["a fact"]);
		expect(spec.context.tail).toBeUndefined();
		// Write authority, allowances, exclusions, sandbox, apply and budget: none of the record's.
		expect(spec).toMatchObject({ read_only: true, write_allowed: [], exclude: [], network: false, git_writes: false });
		expect(spec.sandbox).toBeUndefined();
		expect(spec.apply).toBeUndefined();
		expect(spec.budget.turns).not.toBe(3);
		expect(request.resumes?.given).toEqual(["goal"]);
	});

	it("runs as the agent the first leg ran as, unless the call names one", async () => {
		expect((await load({ goal: "g" })).request.layer.agent?.name).toBe("reviewer");
		expect((await load({ goal: "g" }, "scout")).request.layer.agent?.name).toBe("scout");
	});
});
