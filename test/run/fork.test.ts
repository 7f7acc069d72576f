/**
 * A fork, run from a real parent Pi session in this process against the provider emulator: what it
 * sends (the parent's last request plus the brief, byte for byte), what it reads from the cache,
 * what it may do, and what it leaves behind.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSessionContext, SessionManager } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { CHILD_ENTRY_TYPE } from "../../src/meter/fold.ts";
import type { ForkDetails } from "../../src/pi/fork-call.ts";
import { returnedErrorsCount } from "../../src/pi/pi-version.ts";
import { listRuns } from "../../src/run/audit/audit.ts";
import { ChildrenRegistry } from "../../src/run/children.ts";
import type { ForkResult } from "../../src/run/outcome/result.ts";
import { assistant, user } from "../support/conversation.ts";
import { type Body, BRIEF_MARK, type ForkParent, forkParent, forkTurn } from "../support/fork-parent.ts";

let parent: ForkParent | undefined;
afterEach(async () => {
	await parent?.close();
	parent = undefined;
});

const brief = (n: number, text: string) => `${BRIEF_MARK} ${n}] ${text}`;

/** The fork tool's result message of the parent's latest fork call. */
function toolResult(p: ForkParent) {
	const entry = p.session.sessionManager
		.getEntries()
		.findLast((e) => e.type === "message" && e.message.role === "toolResult");
	return (entry as { message: Record<string, unknown> & { details?: ForkDetails } } | undefined)?.message;
}

/**
 * The results of the parent's forks, from the tool result's details — or, on a Pi before 0.99,
 * where a call whose every fork failed is thrown and carries no details, from the runs directory.
 */
function forkResults(p: ForkParent): ForkResult[] {
	const details = toolResult(p)?.details;
	if (details?.kind === "forks") {
		return details.results.map((r) => JSON.parse(readFileSync(join(r.auditDir, "result.json"), "utf8")) as ForkResult);
	}
	if (returnedErrorsCount()) throw new Error(`no fork results: ${JSON.stringify(toolResult(p))}`);
	return listRuns(p.runsDir).map((run) => run.result as unknown as ForkResult);
}

/** A fork's first body without its brief: what it shares with the parent's last request. */
function withoutBrief(body: Body): string {
	const parsed = JSON.parse(body.json) as { messages: Array<{ content: unknown }> };
	const at = parsed.messages.findLastIndex((m) => JSON.stringify(m.content).includes(BRIEF_MARK));
	parsed.messages.splice(at, 1);
	return JSON.stringify(parsed);
}

describe("a fork's first request", () => {
	for (const delegationRule of [false, true]) {
		const prompt = delegationRule ? "a prompt a hook forced (the delegation rule)" : "the transcript's sections";
		it(`is the parent's last request byte for byte, then the brief — ${prompt}`, async () => {
			parent = await forkParent({
				delegationRule,
				parent: [forkTurn({ brief: brief(1, "Does retry.ts match what we said?") }), "The fork agrees."],
				fork: () => "Yes: attempts is 3, as agreed.",
			});
			await parent.prompt("We agreed on three attempts. Check src/retry.ts with a fork.");
			const [last, fork, after] = parent.bodies;
			expect([last?.who, fork?.who, after?.who]).toEqual(["parent", "fork", "parent"]);
			expect(withoutBrief(fork!)).toBe(last!.json);
			if (delegationRule) expect(JSON.parse(fork!.json).system[0].text).toContain("<delegation>");
			const [parentEntry, forkEntry] = parent.emulator.log.entries;
			// Every token of the inherited prefix is read from the cache the parent's request wrote.
			expect(forkEntry?.read?.tokens).toBe(parentEntry?.prompt?.tokens);
			expect(forkEntry?.read?.hash).toBe(parentEntry?.writes.at(-1)?.hash);
			const [result] = forkResults(parent);
			expect(result?.prefix.check).toBe("same");
			expect(result?.verdict).toBe("PASS");
		});
	}

	it("carries the latest compaction's summary and the entries it kept, as the parent's request does", async () => {
		parent = await forkParent({
			history: [
				user("Old question nobody needs."),
				assistant("Old answer."),
				user("How many attempts?"),
				assistant("Three."),
				{ compaction: "We settled on three attempts.", keepFrom: 2 },
			],
			parent: [forkTurn({ brief: brief(1, "Is three attempts still right?") }), "ok"],
			fork: () => "Yes.",
		});
		await parent.prompt("Ask a fork.");
		const [last, fork] = parent.bodies;
		const sent = JSON.stringify(JSON.parse(fork!.json).messages);
		expect(sent).toContain("We settled on three attempts.");
		expect(sent).toContain("How many attempts?");
		expect(sent).not.toContain("Old question");
		expect(withoutBrief(fork!)).toBe(last!.json);
		expect(parent.emulator.log.entries[1]?.read?.tokens).toBe(parent.emulator.log.entries[0]?.prompt?.tokens);
	});
});

describe("parallel forks", () => {
	it("runs every brief, labels each answer with its brief, and lets all of them read one cached prefix", async () => {
		parent = await forkParent({
			firstByteDelayMs: 150,
			parent: [
				forkTurn({ briefs: [brief(1, "Opinion on naming?"), brief(2, "Opinion on tests?"), brief(3, "Risks?")] }),
				"Three opinions in.",
			],
			fork: (b) => `answer to ${b.slice(b.indexOf("]") + 2)}`,
		});
		await parent.prompt("Get three opinions.");
		const results = forkResults(parent);
		expect(results.map((r) => [r.index, r.of, r.verdict, r.text])).toEqual([
			[1, 3, "PASS", "answer to Opinion on naming?"],
			[2, 3, "PASS", "answer to Opinion on tests?"],
			[3, 3, "PASS", "answer to Risks?"],
		]);
		const text = JSON.stringify(toolResult(parent)?.content);
		expect(text).toContain(`Fork 2 of 3 · answered · \\"${brief(2, "Opinion on tests?")}\\"`);
		const inherited = parent.emulator.log.entries[0]?.prompt?.tokens ?? 0;
		const forks = parent.emulator.log.entries.filter((e) => e.seq > 1 && e.seq <= 4);
		for (const entry of forks) expect(entry.read?.tokens ?? 0).toBeGreaterThanOrEqual(inherited);
		expect(new Set(results.map((r) => r.auditDir)).size).toBe(3);
	});

	it("lists every fork among the session's children; one stopped from the list ends alone", async () => {
		const children = new ChildrenRegistry({ now: () => Date.now() });
		children.subscribe((state, event) => {
			const entry = state.children.find((c) => c.key === (event as { key?: string }).key);
			if (event.type === "started" && entry?.label.includes("Stop me")) children.stop(event.key);
		});
		parent = await forkParent({
			firstByteDelayMs: 150,
			children,
			parent: [forkTurn({ briefs: [brief(1, "Opinion on naming?"), brief(2, "Stop me")] }), "Done."],
			fork: () => "an opinion",
		});
		await parent.prompt("Get two opinions.");
		const listed = children.state.children.map((c) => [c.origin, c.label, c.state]);
		expect(listed).toEqual([
			["fork", brief(1, "Opinion on naming?"), "PASS"],
			// Stopped, not failed: the list says what happened; result.json keeps its verdict FAIL.
			["fork", brief(2, "Stop me"), "stopped"],
		]);
		expect(children.state.children[0]?.auditDir).toBeTruthy();
		expect(forkResults(parent).map((r) => [r.index, r.verdict])).toEqual([
			[1, "PASS"],
			[2, "FAIL"],
		]);
	});

	it("runs several fork calls of one message at the same time, sharing the working directory's hold", async () => {
		parent = await forkParent({
			firstByteDelayMs: 200,
			parent: [
				{
					text: "Two forks.",
					tools: [
						{ name: "fork", input: { brief: brief(1, "First view?") } },
						{ name: "fork", input: { brief: brief(2, "Second view?") } },
					],
				},
				"Both in.",
			],
			fork: (b) => `view ${b.slice(b.indexOf("]") + 2)}`,
		});
		await parent.prompt("Two separate fork calls.");
		const results = listRuns(parent.runsDir).map((run) => run.result as unknown as ForkResult);
		expect(results.map((r) => r.text).sort()).toEqual(["view First view?", "view Second view?"]);
		const [a, b] = results.sort((x, y) => x.startedAt.localeCompare(y.startedAt));
		expect(b!.startedAt < a!.finishedAt).toBe(true);
		const inherited = parent.emulator.log.entries[0]?.prompt?.tokens ?? 0;
		for (const entry of parent.emulator.log.entries.slice(1, 3)) expect(entry.read?.tokens).toBe(inherited);
	});

	it("with the parent's cache gone, the first fork writes the inherited prefix, and its siblings wait and read it", async () => {
		let cleared = false;
		parent = await forkParent({
			firstByteDelayMs: 200,
			parent: [forkTurn({ briefs: [brief(1, "A?"), brief(2, "B?"), brief(3, "C?")] }), "ok"],
			fork: () => {
				// As if the parent's entry had expired before the forks started.
				if (!cleared) parent?.emulator.cache.clear();
				cleared = true;
				return "an opinion";
			},
		});
		await parent.prompt("Three opinions, please.");
		const inherited = parent.emulator.log.entries[0]?.prompt?.tokens ?? 0;
		const forks = parent.emulator.log.entries.filter((e) => e.seq > 1 && e.seq <= 4);
		const [first, ...siblings] = forks;
		expect(first?.read).toBeUndefined();
		// The breakpoint at the end of the inherited branch: the first fork writes exactly the parent's prefix.
		expect(first?.writes.map((w) => w.tokens)).toContain(inherited);
		for (const sibling of siblings) {
			expect(sibling.read?.tokens).toBe(inherited);
			expect(sibling.receivedAt).toBeGreaterThanOrEqual(first!.respondedAt);
		}
	});
});

describe("a fork's authority", () => {
	it("refuses write, edit and delegation with a reason it reads, and runs read", async () => {
		parent = await forkParent({
			parent: [forkTurn({ brief: brief(1, "Look around.") }), "ok"],
			fork: (_b, req, turn) =>
				[
					{ text: "Trying.", tools: [{ name: "write", input: { path: "x.txt", content: "x" } }] },
					{ text: "Nesting.", tools: [{ name: "fork", input: { brief: "deeper" } }] },
					{ text: "Reading.", tools: [{ name: "read", input: { path: "src/retry.ts" } }] },
					`saw: ${req.toolResults[0]?.text.trim()}`,
				][turn] ?? "done",
		});
		await parent.prompt("Fork and look.");
		const [result] = forkResults(parent);
		expect(existsSync(join(parent.cwd, "x.txt"))).toBe(false);
		expect(result?.refused.map((r) => r.tool)).toEqual(["write", "fork"]);
		const forkBodies = parent.bodies.filter((b) => b.who === "fork").map((b) => b.json);
		expect(forkBodies[1]).toContain("Refused: a fork is read-only");
		expect(forkBodies[2]).toContain("Refused: a fork cannot start children of its own");
		expect(result?.text).toBe("saw: export const attempts = 3;");
		expect(result?.verdict).toBe("PASS");
	});

	it("fails a fork whose command changes the working directory: it is watched, nothing is writable", async () => {
		parent = await forkParent({
			parent: [forkTurn({ brief: brief(1, "Check the build.") }), "ok"],
			fork: (_b, req) =>
				req.toolResults.length === 0
					? { text: "Building.", tools: [{ name: "bash", input: { command: "echo built > build.log" } }] }
					: "Built fine.",
		});
		await parent.prompt("Fork and check.");
		const [result] = forkResults(parent);
		expect(result?.verdict).toBe("FAIL");
		expect(result?.problems.map((p) => p.message)).toEqual([
			expect.stringMatching(/^boundary violation: added build\.log in .*, which is watched, not writable/),
		]);
		expect(JSON.stringify(toolResult(parent)?.content)).toContain("Fork 1 of 1 · FAIL (1 problem)");
	});
});

describe("a fork's record", () => {
	it("leaves an audit directory, a session file Pi can open, a child entry and its usage in the tool result", async () => {
		parent = await forkParent({
			parent: [forkTurn({ brief: brief(1, "Summarise.") }), "ok"],
			fork: () => "A summary.",
		});
		await parent.prompt("Fork it.");
		const [result] = forkResults(parent);
		const dir = result!.auditDir;
		for (const file of [
			"fork.json",
			"prompt.txt",
			"launch.json",
			"boundary-before.snapshot.gz",
			"events.ndjson",
			"session.jsonl",
			"boundary-after.snapshot.gz",
			"outcome.json",
			"result.json",
		]) {
			expect(existsSync(join(dir, file)), file).toBe(true);
		}
		const launch = JSON.parse(readFileSync(join(dir, "launch.json"), "utf8"));
		expect(launch.kind).toBe("fork");
		expect(launch.parentSession.id).toBe(parent.session.sessionManager.getSessionId());
		expect(launch.launch.runner).toBe("in-process");
		expect(result?.kind).toBe("fork");
		expect(readFileSync(join(dir, "prompt.txt"), "utf8")).toContain(
			`=== brief (the last user message) ===\n${brief(1, "Summarise.")}`,
		);
		const opened = SessionManager.open(result!.sessionFile!);
		const texts = buildSessionContext(opened.getEntries()).messages.map((m) => JSON.stringify(m));
		expect(texts.some((t) => t.includes("Fork it."))).toBe(true);
		expect(texts.at(-1)).toContain("A summary.");
		expect(opened.getHeader()?.parentSession).toBe(parent.session.sessionManager.getSessionId());
		const child = parent.session.sessionManager
			.getEntries()
			.find((e) => e.type === "custom" && e.customType === CHILD_ENTRY_TYPE);
		expect(child && "data" in child && child.data).toMatchObject({
			kind: "fork",
			id: result!.id,
			auditDir: dir,
			verdict: "PASS",
		});
		const usage = toolResult(parent)?.usage as { cacheRead: number; cost: { total: number } };
		expect(usage.cacheRead).toBe(result!.metrics.usage.cacheRead);
		expect(usage.cost.total).toBeCloseTo(result!.metrics.usage.costUsd, 12);
		expect(usage.cost.total).toBeGreaterThan(0);
	});
});

describe("from", () => {
	it("branches from an earlier entry: the fork sees the conversation up to it and no further", async () => {
		parent = await forkParent({
			history: [
				user("First topic: naming."),
				assistant("Names are fine."),
				user("Second topic: retries."),
				assistant("Three."),
			],
			parent: [],
			fork: () => "About naming: fine.",
		});
		const first = parent.session.sessionManager
			.getEntries()
			.find((e) => e.type === "message" && e.message.role === "assistant");
		parent.bodies.length = 0;
		// The parent's next turn forks from the first answer.
		const script = [forkTurn({ brief: brief(1, "Back to naming?"), from: first!.id }), "ok"];
		parent.emulator.setScript({
			default: (req) => {
				const isFork = JSON.stringify(req.request.messages).includes(BRIEF_MARK);
				parent!.bodies.push({ who: isFork ? "fork" : "parent", turn: req.turn, json: JSON.stringify(req.request) });
				return isFork ? "About naming: fine." : (script.shift() ?? "ok");
			},
		});
		await parent.prompt("Fork from the naming answer.");
		const fork = parent.bodies.find((b) => b.who === "fork");
		expect(fork?.json).toContain("Names are fine.");
		expect(fork?.json).not.toContain("Second topic");
		expect(forkResults(parent)[0]?.verdict).toBe("PASS");
	});

	it("refuses an id that is not in the session, naming the nearest ones, before anything runs", async () => {
		parent = await forkParent({
			history: [user("Hello."), assistant("Hi.")],
			parent: [],
			fork: () => "never",
		});
		const real = parent.session.sessionManager.getEntries()[0]!.id;
		const typo = `${real.slice(0, -1)}${real.endsWith("0") ? "1" : "0"}`;
		const script = [forkTurn({ brief: brief(1, "x"), from: typo }), "ok"];
		parent.emulator.setScript({ default: () => script.shift() ?? "ok" });
		await parent.prompt("Fork from there.");
		const message = toolResult(parent);
		expect(message?.isError).toBe(true);
		const text = JSON.stringify(message?.content);
		expect(text).toContain("Cannot fork: the fork call is invalid; nothing ran.");
		expect(text).toContain(`from: is not an entry of this session`);
		expect(text).toContain(`the nearest ids: ${real}`);
	});
});
