/** Which calls of a resumed run replay: the longest unchanged prefix, found by hash, never an interrupted one. */
import { describe, expect, it } from "vitest";
import type { CallLine } from "../../src/workflow/journal.ts";
import { ReplayBook } from "../../src/workflow/replay.ts";

const PARTS = { firstMessage: "m", prefixKey: "p", model: "x" };

function line(seq: number, hash: string, more: Partial<CallLine> = {}, verdict: "PASS" | "FAIL" = "PASS"): CallLine {
	return {
		type: "call",
		seq,
		hash,
		parts: { ...PARTS, firstMessage: `m${seq}` },
		kind: "task",
		id: `c${seq}`,
		given: [],
		replayed: false,
		interrupted: false,
		at: "2026-12-01T00:00:00.000Z",
		result: { kind: "task", verdict } as CallLine["result"],
		...more,
	};
}

const journal = [line(1, "a"), line(2, "b"), line(3, "c"), line(4, "d")];
const book = (entries = journal, rerunFailed = false) => new ReplayBook(entries, { rerunFailed });
const decide = (
	b: ReplayBook,
	seq: number,
	hash: string,
	parts: Record<string, string> = { ...PARTS, firstMessage: `m${seq}` },
) => ("replay" in b.decide(seq, hash, parts) ? "replay" : "run");

describe("replay", () => {
	it("replays an unchanged run whole", () => {
		const b = book();
		expect(["a", "b", "c", "d"].map((h, i) => decide(b, i + 1, h))).toEqual(["replay", "replay", "replay", "replay"]);
		expect(b.unused).toEqual([]);
	});

	it("a changed third call runs, and so does every call after it, though the journal holds them", () => {
		const b = book();
		expect(["a", "b", "c2", "d"].map((h, i) => decide(b, i + 1, h))).toEqual(["replay", "replay", "run", "run"]);
	});

	it("says which part of the call changed, and why a later call runs", () => {
		const b = book();
		b.decide(1, "a", {});
		const third = b.decide(2, "b2", { ...PARTS, firstMessage: "other" });
		expect(third).toEqual({ run: "its prompt or brief changed since call 2 of the journal" });
		expect(b.decide(3, "c", {})).toEqual({ run: "call 2 before it ran again" });
	});

	it("finds calls by hash within the prefix, so concurrent calls issued in another order still replay", () => {
		const b = book();
		expect(["b", "a", "d", "c"].map((h, i) => decide(b, i + 1, h))).toEqual(["replay", "replay", "replay", "replay"]);
	});

	it("replays each entry once: a call made twice finds both of its results, a third time runs", () => {
		const twice = [line(1, "a"), line(2, "a", { result: { kind: "task", verdict: "FAIL" } as CallLine["result"] })];
		const b = book(twice);
		const first = b.decide(1, "a", {});
		const second = b.decide(2, "a", {});
		expect("replay" in first && first.replay.seq).toBe(1);
		expect("replay" in second && second.replay.seq).toBe(2);
		expect(decide(b, 3, "a")).toBe("run");
	});

	it("never replays an interrupted call (stopped by the run's budget, a cancel, a user)", () => {
		const b = book([line(1, "a"), line(2, "b", { interrupted: true }), line(3, "c")]);
		expect(decide(b, 1, "a")).toBe("replay");
		expect(b.decide(2, "b", {})).toEqual({ run: "its recorded result was interrupted" });
		expect(decide(b, 3, "c")).toBe("run");
	});

	it("with rerunFailed, runs again a call whose recorded result did not pass", () => {
		const entries = [line(1, "a"), line(2, "b", {}, "FAIL")];
		expect(decide(book(entries), 1, "a") + decide(book(entries), 2, "b")).toBe("replayreplay");
		const b = book(entries, true);
		expect([decide(b, 1, "a"), decide(b, 2, "b")]).toEqual(["replay", "run"]);
	});

	it("a call the journal never saw runs, and says so", () => {
		const b = book([line(1, "a")]);
		b.decide(1, "a", {});
		expect(b.decide(2, "z", {})).toEqual({ run: "it is new: the journal has no call left" });
	});
});
