/** The cache policy as a payload edit: which markers change for which request kind, and what it leaves alone. */
import { describe, expect, it } from "vitest";
import { flattenPrompt, SONNET, validateBreakpoints } from "../../bench/emulator/index.ts";
import type { MessagesRequest } from "../../bench/emulator/wire.ts";
import {
	applyCachePolicy,
	applyParentPolicy,
	type ChildCachePolicy,
	parentLifetime,
	prefixLifetime,
	prefixReuse,
	requestKind,
	taskCachePolicy,
} from "../../src/plan/cache-policy.ts";
import { BRIEF_HEAD } from "../../src/prompt/brief-head.ts";
import type { ChildView } from "../../src/prompt/child-view.ts";
import { safelyApplied } from "../../src/run/child/cache-hook.ts";

/** The part of a plan's view the cache policy reads. */
const childWith = (firstMessage: string) => ({ firstMessage }) as ChildView;

const EPHEMERAL = { type: "ephemeral" };

/** A request as Pi's Anthropic provider builds it after `turns` assistant turns (read → result). */
function piPayload(turns: number, brief = "the brief"): Record<string, unknown> {
	const messages: Array<Record<string, unknown>> = [{ role: "user", content: [{ type: "text", text: brief }] }];
	for (let i = 0; i < turns; i++) {
		messages.push({
			role: "assistant",
			content: [{ type: "tool_use", id: `t${i}`, name: "read", input: { path: "a.txt" } }],
		});
		messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: `result ${i}` }] });
	}
	const last = messages.at(-1)!.content as Array<Record<string, unknown>>;
	last.at(-1)!.cache_control = { ...EPHEMERAL };
	return {
		model: "claude-sonnet-4-5",
		max_tokens: 1000,
		stream: true,
		system: [{ type: "text", text: "system prompt", cache_control: { ...EPHEMERAL } }],
		tools: [
			{ name: "read", description: "r", input_schema: { type: "object" } },
			{ name: "submit_result", description: "s", input_schema: { type: "object" }, cache_control: { ...EPHEMERAL } },
		],
		messages,
	};
}

type Payload = {
	system: Array<{ cache_control?: unknown }>;
	tools: Array<{ cache_control?: unknown }>;
	messages: Array<{ role: string; content: Array<{ cache_control?: unknown }> }>;
};
const edit = (payload: unknown, policy: ChildCachePolicy) => applyCachePolicy(payload, policy) as Payload;
/** Where the payload's message markers are: `message index.block index`. */
const messageMarkers = (p: Payload) =>
	p.messages.flatMap((m, i) => m.content.flatMap((b, j) => (b.cache_control ? [`${i}.${j}`] : [])));

describe("request kinds", () => {
	it("names the first request, the later ones and the budget's last one", () => {
		expect([0, 1, 2, 3].map((done) => requestKind(done, 4))).toEqual(["first", "later", "later", "last"]);
		// A budget of one turn: the first request is also the last.
		expect(requestKind(0, 1)).toBe("last");
	});
});

describe("who reads a prefix, and for how long it is written", () => {
	it("a prefix the session has run a child with before: 1 hour", () => {
		expect(prefixReuse({ entry: "tool", seenBefore: true })).toBe("session");
		expect(prefixLifetime("session")).toBe("1h");
	});

	it("a prefix new to the session, and a command-line run: 5 minutes", () => {
		expect(prefixReuse({ entry: "tool", seenBefore: false })).toBe("siblings");
		expect(prefixReuse({ entry: "cli", seenBefore: true })).toBe("none");
		expect(prefixLifetime("siblings")).toBe("5m");
		expect(prefixLifetime("none")).toBe("5m");
	});
});

describe("applyCachePolicy", () => {
	it("writes the prefix for an hour and leaves the brief's 5-minute marker for the child's next request", () => {
		const out = edit(piPayload(0), { prefix: "1h", turns: 10 });
		expect(out.tools[1]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(out.tools[0]!.cache_control).toBeUndefined();
		expect(out.system[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(out.messages[0]!.content[0]!.cache_control).toEqual(EPHEMERAL);
	});

	it("moves the last request's marker back to where the previous request put it: a read, no write", () => {
		const out = edit(piPayload(2), { prefix: "5m", turns: 3 });
		// Messages: 0 brief, 1 call, 2 result, 3 call, 4 result; the previous request ended at message 2.
		expect(messageMarkers(out)).toEqual(["2.0"]);
		expect(out.system[0]!.cache_control).toEqual(EPHEMERAL);
	});

	it("drops the marker of a one-turn child's only request; the prefix markers still read what siblings cached", () => {
		const out = edit(piPayload(0), { prefix: "1h", turns: 1 });
		expect(messageMarkers(out)).toEqual([]);
		expect(out.system[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
	});

	it("keeps a later request as Pi built it under the 5-minute policy", () => {
		const payload = piPayload(1);
		expect(edit(payload, { prefix: "5m", turns: 10 })).toEqual(payload);
	});

	it("never adds a marker to a request Pi sends uncached, and leaves other providers' payloads alone", () => {
		const uncached = piPayload(0) as Payload;
		for (const list of [uncached.system, uncached.tools, ...uncached.messages.map((m) => m.content)]) {
			for (const block of list) delete block.cache_control;
		}
		expect(applyCachePolicy(uncached, { prefix: "1h", turns: 1 })).toBe(uncached);
		const openai = { model: "gpt", input: [{ role: "user", content: "hi" }] };
		expect(applyCachePolicy(openai, { prefix: "1h", turns: 1 })).toBe(openai);
		expect(applyCachePolicy("not a payload", { prefix: "1h", turns: 1 })).toBe("not a payload");
	});

	it("does not shorten 1-hour markers PI_CACHE_RETENTION=long already set", () => {
		const payload = piPayload(0) as Payload;
		payload.system[0]!.cache_control = { type: "ephemeral", ttl: "1h" };
		expect(edit(payload, { prefix: "5m", turns: 10 }).system[0]!.cache_control).toEqual({
			type: "ephemeral",
			ttl: "1h",
		});
	});

	it("never changes the payload it was given", () => {
		const payload = piPayload(2);
		const before = structuredClone(payload);
		edit(payload, { prefix: "1h", turns: 3 });
		expect(payload).toEqual(before);
	});

	it("produces requests the API accepts: no more markers, and no 1-hour marker after a 5-minute one", () => {
		for (const turns of [0, 1, 2]) {
			for (const budget of [1, 2, 3, 10]) {
				for (const head of [undefined, BRIEF_HEAD]) {
					for (const prefix of ["5m", "1h"] as const) {
						const policy: ChildCachePolicy = { prefix, turns: budget, ...(head ? { head } : {}) };
						const out = applyCachePolicy(piPayload(turns, `${BRIEF_HEAD}# Task: t`), policy);
						const flat = flattenPrompt(out as MessagesRequest, SONNET, (t) => t.length);
						expect([...flat.problems, ...validateBreakpoints(flat)]).toEqual([]);
						expect(flat.blocks.filter((b) => b.breakpoint).length).toBeLessThanOrEqual(head ? 4 : 3);
					}
				}
			}
		}
	});
});

describe("safelyApplied", () => {
	it("sends the payload unchanged when the edit fails", () => {
		const cyclic: Record<string, unknown> = { messages: [{ role: "user", content: [{ cache_control: EPHEMERAL }] }] };
		cyclic.self = () => {};
		expect(safelyApplied(cyclic, { prefix: "1h", turns: 2 })).toBe(cyclic);
	});
});

describe("applyParentPolicy", () => {
	const delegating = () => {
		const payload = piPayload(1) as Payload & { messages: Array<{ content: Array<Record<string, unknown>> }> };
		payload.messages[1]!.content[0]!.name = "task";
		return payload;
	};

	it("writes every marker Pi placed for an hour once the conversation has called task", () => {
		const out = applyParentPolicy(delegating(), "task") as Payload;
		expect(out.tools[1]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(out.system[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(messageMarkers(out)).toEqual(["2.0"]);
		expect(out.messages[2]!.content[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		const flat = flattenPrompt(out as unknown as MessagesRequest, SONNET, (t) => t.length);
		expect(validateBreakpoints(flat)).toEqual([]);
	});

	it("leaves a conversation that has not delegated as Pi built it", () => {
		const plain = piPayload(1);
		expect(applyParentPolicy(plain, "task")).toBe(plain);
	});
});

describe("a child whose entry point knows no other task (pi-delegate run, a workflow child)", () => {
	it("writes its prefix for five minutes and its last request writes nothing", () => {
		const policy = taskCachePolicy(
			{ budget: { turns: 3 }, child: childWith("the brief") },
			prefixReuse({ entry: "cli", seenBefore: false }),
		);
		expect(policy).toEqual({ prefix: "5m", turns: 3 });
		const last = applyCachePolicy(piPayload(2), policy) as { messages: Array<{ content: unknown }> };
		expect(JSON.stringify(last.messages.at(-1)?.content)).not.toContain("cache_control");
	});
});

describe("the brief's shared head", () => {
	const brief = `${BRIEF_HEAD}# Task: count-todos\n\n## Goal\nCount them.\n`;
	const policy: ChildCachePolicy = { prefix: "5m", turns: 10, head: BRIEF_HEAD };
	const firstBlocks = (p: Payload) => p.messages[0]!.content as Array<{ text?: string; cache_control?: unknown }>;

	it("is a block of its own with a marker; the model reads the same text, and Pi's marker stays at the end", () => {
		const out = edit(piPayload(0, brief), policy);
		const [head, rest] = firstBlocks(out);
		expect(head).toEqual({ type: "text", text: BRIEF_HEAD, cache_control: EPHEMERAL });
		expect(rest).toEqual({ type: "text", text: brief.slice(BRIEF_HEAD.length), cache_control: EPHEMERAL });
		expect(
			firstBlocks(out)
				.map((b) => b.text)
				.join(""),
		).toBe(brief);
		expect(messageMarkers(out)).toEqual(["0.0", "0.1"]);
	});

	it("is split the same way on every request, so the first message's blocks hash alike from one to the next", () => {
		const hashes = [0, 1, 2].map((turns) => {
			const flat = flattenPrompt(
				edit(piPayload(turns, brief), policy) as unknown as MessagesRequest,
				SONNET,
				(t) => t.length,
			);
			return flat.blocks.filter((b) => b.path.startsWith("messages.0.")).map((b) => b.hash);
		});
		expect(hashes[1]).toEqual(hashes[0]);
		expect(hashes[2]).toEqual(hashes[0]);
	});

	it("takes the prefix's lifetime, and an hour when a later marker has one (a 1-hour marker may not follow a 5-minute one)", () => {
		expect(firstBlocks(edit(piPayload(0, brief), { ...policy, prefix: "1h" }))[0]!.cache_control).toEqual({
			type: "ephemeral",
			ttl: "1h",
		});
		// PI_CACHE_RETENTION=long: Pi writes every marker for an hour.
		const long = piPayload(1, brief) as Payload;
		const hour = { type: "ephemeral", ttl: "1h" };
		for (const item of [long.tools[1]!, long.system[0]!, long.messages[2]!.content[0]!])
			item.cache_control = { ...hour };
		const out = edit(long, policy);
		expect(firstBlocks(out)[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		const flat = flattenPrompt(out as unknown as MessagesRequest, SONNET, (t) => t.length);
		expect(validateBreakpoints(flat)).toEqual([]);
	});

	it("is split but not marked when the request already has four markers", () => {
		const full = piPayload(1, brief) as Payload;
		full.tools[0]!.cache_control = { ...EPHEMERAL };
		const out = edit(full, policy);
		expect(
			firstBlocks(out)
				.map((b) => b.text)
				.join(""),
		).toBe(brief);
		expect(firstBlocks(out)[0]!.cache_control).toBeUndefined();
		const flat = flattenPrompt(out as unknown as MessagesRequest, SONNET, (t) => t.length);
		expect(validateBreakpoints(flat)).toEqual([]);
	});

	it("leaves a first message that does not start with the head, or is nothing but the head, as it was", () => {
		for (const text of ["the brief", BRIEF_HEAD, `x${BRIEF_HEAD}`]) {
			expect(firstBlocks(edit(piPayload(0, text), policy))).toHaveLength(1);
		}
	});

	it("is given to a task child whose brief starts with it, and to no other", () => {
		const budget = { wall_s: 60, usd: 1, turns: 3 };
		expect(taskCachePolicy({ budget, child: childWith(brief) }, "siblings").head).toBe(BRIEF_HEAD);
		expect(taskCachePolicy({ budget, child: childWith("Say hi.") }, "siblings").head).toBeUndefined();
	});
});

describe("parentLifetime", () => {
	const min = 60_000;
	it("is five minutes until a pause past five minutes, and while pauses are short", () => {
		expect(parentLifetime([])).toBe("5m");
		expect(parentLifetime([2_000, 30_000, 2 * min, 4.9 * min])).toBe("5m");
	});

	it("is an hour when most of the latest three pauses past five minutes ended within the hour", () => {
		expect(parentLifetime([6 * min])).toBe("1h");
		expect(parentLifetime([3_000, 6 * min, 1_000, 61 * min, 2_000, 30 * min])).toBe("1h");
		expect(parentLifetime([6 * min, 61 * min])).toBe("5m");
		expect(parentLifetime([6 * min, 6 * min, 61 * min, 90 * min])).toBe("5m");
		expect(parentLifetime([61 * min, 61 * min, 6 * min, 6 * min])).toBe("1h");
	});

	it("weighs a pause before a prompt however short, and starts with the lifetime it is given", () => {
		const pause = (minutes: number) => ({ ms: minutes * min, pause: true });
		const turn = (ms: number) => ({ ms, pause: false });
		expect(parentLifetime([], "1h")).toBe("1h");
		// Tool turns seconds apart tell nothing: the start stands.
		expect(parentLifetime([turn(2_000), turn(30_000), 3_000], "1h")).toBe("1h");
		// A person back within five minutes: both lifetimes read the conversation, so the hour is lost money.
		expect(parentLifetime([turn(2_000), pause(2)], "1h")).toBe("5m");
		expect(parentLifetime([pause(2), pause(6), pause(7)], "5m")).toBe("1h");
		expect(parentLifetime([pause(6), pause(2), pause(3)], "1h")).toBe("5m");
		expect(parentLifetime([pause(61)], "1h")).toBe("5m");
		// A child that ran past five minutes is as telling as a person's pause.
		expect(parentLifetime([pause(2), turn(8 * min), turn(9 * min)], "5m")).toBe("1h");
	});

	it("leaves the payload as Pi built it with five minutes", () => {
		const p = { system: [{ type: "text", text: "s", cache_control: { type: "ephemeral" } }], messages: [] };
		expect(applyParentPolicy(p, "task", "5m")).toBe(p);
	});
});
