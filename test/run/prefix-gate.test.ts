import { describe, expect, it } from "vitest";
import { PrefixGate } from "../../src/run/prefix-gate.ts";

const settled = async (p: Promise<unknown>) => {
	let done = false;
	void p.then(() => (done = true));
	await new Promise((r) => setTimeout(r, 10));
	return done;
};

describe("the prefix gate", () => {
	it("lets the first sibling lead and holds the others until its response starts", async () => {
		const gate = new PrefixGate();
		const leader = await gate.enter("k");
		expect(leader.waited).toBe(false);
		const follower = gate.enter("k");
		expect(gate.wouldWait("k")).toBe(true);
		expect(await settled(follower)).toBe(false);
		leader.primed();
		expect(await settled(follower)).toBe(true);
		expect((await follower).waited).toBe(true);
	});

	it("does not hold siblings with a different prefix", async () => {
		const gate = new PrefixGate();
		await gate.enter("a");
		expect(await settled(gate.enter("b"))).toBe(true);
	});

	it("lets later siblings straight through while the primed prefix is still cached", async () => {
		let now = 0;
		const gate = new PrefixGate({ now: () => now });
		(await gate.enter("k")).primed();
		now = 60_000;
		expect((await gate.enter("k")).waited).toBe(false);
		expect(gate.wouldWait("k")).toBe(false);
		now = 10 * 60_000;
		const leader = await gate.enter("k");
		expect(gate.wouldWait("k")).toBe(true);
		leader.done();
	});

	it("releases followers when the leader ends without answering, and never holds one past maxWaitMs", async () => {
		const gate = new PrefixGate();
		const leader = await gate.enter("k");
		const follower = gate.enter("k");
		leader.done();
		expect(await settled(follower)).toBe(true);
		const slow = new PrefixGate({ maxWaitMs: 30 });
		await slow.enter("k");
		const started = Date.now();
		await slow.enter("k");
		expect(Date.now() - started).toBeLessThan(5_000);
	});
});
