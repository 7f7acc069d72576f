/** The children registry: a pure fold of what entry points report, and a stop that reaches one child only. */
import { describe, expect, it } from "vitest";
import { ChildrenRegistry, foldChildren, NO_CHILDREN, pruneChildren, trackChild } from "../../src/run/children.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";

const usage = (costUsd: number, cacheRead = 0) => ({ ...ZERO_USAGE, input: 100, cacheRead, costUsd });

describe("the children fold", () => {
	it("takes a child from queued to running to its end, with its tool, turn, dollars and cache as they come", () => {
		let s = foldChildren(NO_CHILDREN, { type: "added", key: "a#1", id: "a", origin: "task", label: "L", at: 1 });
		expect(s.children[0]).toMatchObject({ state: "queued", usd: 0 });
		s = foldChildren(s, { type: "started", key: "a#1", at: 2 });
		s = foldChildren(s, { type: "progress", key: "a#1", progress: { type: "turn", turn: 2 } });
		s = foldChildren(s, {
			type: "progress",
			key: "a#1",
			progress: { type: "tool_start", tool: "bash", summary: "bash: ls" },
		});
		s = foldChildren(s, { type: "progress", key: "a#1", progress: { type: "usage", usage: usage(0.5, 300) } });
		expect(s.children[0]).toMatchObject({
			state: "running",
			tool: "bash: ls",
			turn: 2,
			usd: 0.5,
			cacheRead: 300,
			inputTokens: 400,
		});
		s = foldChildren(s, { type: "ended", key: "a#1", at: 9, state: "PASS", usage: usage(0.75), report: "R" });
		expect(s.children[0]).toMatchObject({ state: "PASS", tool: "", usd: 0.75, endedAt: 9, report: "R", startedAt: 2 });
	});

	it("ignores what arrives after a child ended, and events about children it does not know", () => {
		let s = foldChildren(NO_CHILDREN, { type: "added", key: "a#1", id: "a", origin: "workflow", label: "L", at: 1 });
		s = foldChildren(s, { type: "ended", key: "a#1", at: 2, state: "FAIL" });
		const after = foldChildren(s, { type: "progress", key: "a#1", progress: { type: "turn", turn: 5 } });
		expect(after).toBe(s);
		expect(foldChildren(s, { type: "started", key: "nobody", at: 3 })).toBe(s);
	});

	it("shows a replayed child at no cost now, keeping what it cost when it ran", () => {
		let s = foldChildren(NO_CHILDREN, { type: "added", key: "a#1", id: "a", origin: "workflow", label: "L", at: 1 });
		s = foldChildren(s, { type: "ended", key: "a#1", at: 1, state: "replayed", recordedUsd: 0.2 });
		expect(s.children[0]).toMatchObject({ state: "replayed", usd: 0, replayedUsd: 0.2 });
	});

	it("drops the oldest ended children beyond the limit, never a running one", () => {
		let s = NO_CHILDREN;
		for (const id of ["a", "b", "c"])
			s = foldChildren(s, { type: "added", key: id, id, origin: "task", label: id, at: 1 });
		s = foldChildren(s, { type: "ended", key: "a", at: 2, state: "PASS" });
		s = foldChildren(s, { type: "ended", key: "b", at: 3, state: "PASS" });
		expect(pruneChildren(s, 1).children.map((c) => c.id)).toEqual(["b", "c"]);
	});
});

describe("the registry", () => {
	it("stops one child through its own stop function, and tells subscribers", () => {
		let now = 0;
		const registry = new ChildrenRegistry({ now: () => now++ });
		const stopped: string[] = [];
		const a = registry.add({ id: "a", origin: "task", label: "A" }, () => stopped.push("a"));
		registry.add({ id: "b", origin: "task", label: "B" }, () => stopped.push("b"));
		const events: string[] = [];
		registry.subscribe((_s, e) => events.push(e.type));
		a.start();
		expect(registry.stop(a.key)).toBe(true);
		expect(stopped).toEqual(["a"]);
		expect(registry.find("a")?.stopping).toBe(true);
		a.end({ state: "FAIL" });
		expect(registry.stop(a.key)).toBe(false);
		expect(registry.find("b")?.state).toBe("queued");
		expect(events).toEqual(["started", "stopping", "ended"]);
	});

	it("finds a child by key, or the latest with an id", () => {
		const registry = new ChildrenRegistry({ now: () => 0 });
		const first = registry.add({ id: "same", origin: "task", label: "1" });
		const second = registry.add({ id: "same", origin: "task", label: "2" });
		expect(registry.find(first.key)?.label).toBe("1");
		expect(registry.find("same")?.key).toBe(second.key);
	});
});

describe("trackChild, for a task call or a fork", () => {
	it("lists the child as running, stops it alone from the registry, and follows the caller's own signal", () => {
		const registry = new ChildrenRegistry({ now: () => 0 });
		const caller = new AbortController();
		const a = trackChild(registry, { id: "a", origin: "task", label: "A" }, caller.signal);
		const b = trackChild(registry, { id: "b", origin: "task", label: "B" });
		expect(registry.state.children.map((c) => c.state)).toEqual(["running", "running"]);
		registry.stop(registry.find("b")?.key ?? "");
		expect([a.signal.aborted, b.signal.aborted]).toEqual([false, true]);
		caller.abort("cancelled");
		expect(a.signal.aborted).toBe(true);
		a.progress({ type: "turn", turn: 4 });
		a.end({ state: "FAIL", report: "FAIL  task a" });
		expect(registry.find("a")).toMatchObject({ state: "FAIL", turn: 4, report: "FAIL  task a" });
	});
});
