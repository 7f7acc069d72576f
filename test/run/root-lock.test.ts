/**
 * One lock for every child of a session: a child that may change files has its roots to itself,
 * children that cannot share them, sibling forks share with each other only, first come first served.
 */
import { describe, expect, it } from "vitest";
import { taskClaim } from "../../src/plan/root-claim.ts";
import { RootLocks } from "../../src/run/root-lock.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));
const writer = (...roots: string[]) => ({ roots, write: true });
const reader = (...roots: string[]) => ({ roots, write: false });
const fork = (...roots: string[]) => ({ roots, write: true, group: "fork" });

/** Acquires and records the order claims are granted in. */
function recorder(locks: RootLocks) {
	const order: string[] = [];
	const take = (name: string, claim: Parameters<RootLocks["acquire"]>[0]) =>
		locks.acquire(claim).then((release) => {
			order.push(name);
			return release;
		});
	return { order, take };
}

describe("root locks", () => {
	it("runs writers on disjoint roots at the same time; /w/ab is not inside /w/a", async () => {
		const locks = new RootLocks();
		const a = await locks.acquire(writer("/w/a"));
		const { order, take } = recorder(locks);
		void take("b", writer("/w/b"));
		void take("ab", writer("/w/ab"));
		await tick();
		expect(order).toEqual(["b", "ab"]);
		a();
	});

	it("serialises writers whose roots are equal or nested, first come first served", async () => {
		const locks = new RootLocks();
		const first = await locks.acquire(writer("/w/a"));
		const { order, take } = recorder(locks);
		const second = take("second", writer("/w/a/sub"));
		const third = take("third", writer("/w"));
		await tick();
		expect(order).toEqual([]);
		expect(locks.wouldWait(reader("/w/a"))).toBe(true);
		first();
		(await second)();
		(await third)();
		expect(order).toEqual(["second", "third"]);
		expect(locks.wouldWait(writer("/w/a"))).toBe(false);
	});

	it("lets readers share a root and gives a writer its roots to itself; a late reader does not overtake it", async () => {
		const locks = new RootLocks();
		const r1 = await locks.acquire(reader("/repo"));
		const r2 = await locks.acquire(reader("/repo/sub"));
		expect(locks.wouldWait(writer("/repo"))).toBe(true);
		expect(locks.wouldWait(writer("/elsewhere"))).toBe(false);
		const { order, take } = recorder(locks);
		const w = take("writer", writer("/repo"));
		const late = take("late reader", reader("/repo"));
		await tick();
		expect(order).toEqual([]);
		r1();
		r2();
		(await w)();
		(await late)();
		expect(order).toEqual(["writer", "late reader"]);
	});

	it("lets sibling forks run together and holds a task until the last of them leaves", async () => {
		const locks = new RootLocks();
		const leaveA = await locks.acquire(fork("/p"));
		const leaveB = await locks.acquire(fork("/p"));
		const { order, take } = recorder(locks);
		const task = take("task", writer("/p/sub"));
		const readOnly = take("reader", reader("/p"));
		leaveA();
		leaveA();
		await tick();
		expect(order).toEqual([]);
		leaveB();
		(await task)();
		(await readOnly)();
		expect(order).toEqual(["task", "reader"]);
	});

	it("makes forks wait for a task that holds the root first", async () => {
		const locks = new RootLocks();
		const release = await locks.acquire(writer("/p"));
		const { order, take } = recorder(locks);
		const f = take("fork", fork("/p"));
		await tick();
		expect(order).toEqual([]);
		release();
		(await f)();
		expect(order).toEqual(["fork"]);
	});
});

describe("a task's claim", () => {
	const plan = (readOnly: boolean, sandbox: string, tools: string[]) => ({
		spec: { read_only: readOnly },
		boundary: { roots: ["/r"] },
		sandbox: { mode: sandbox },
		child: { tools },
	});

	it("shares its roots only when it cannot change them", () => {
		expect(taskClaim(plan(true, "enforce", ["read", "bash", "submit_result"])).write).toBe(false);
		expect(taskClaim(plan(true, "off", ["read", "grep", "submit_result"])).write).toBe(false);
		// Unsandboxed bash can leave files behind (a cache, a build), which a sibling's diff would see.
		expect(taskClaim(plan(true, "off", ["read", "bash", "submit_result"])).write).toBe(true);
		expect(taskClaim(plan(false, "enforce", ["read", "submit_result"])).write).toBe(true);
	});
});
