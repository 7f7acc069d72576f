/** Forks hold their root together; a task on an overlapping root waits for all of them, and they for it. */
import { describe, expect, it } from "vitest";
import { SharedRootHold } from "../../src/run/fork-lock.ts";
import { RootLocks } from "../../src/run/root-lock.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("SharedRootHold", () => {
	it("lets forks on one root run together, and holds a task on it until the last fork leaves", async () => {
		const locks = new RootLocks();
		const hold = new SharedRootHold(locks);
		const leaveA = await hold.acquire(["/p"]);
		const leaveB = await hold.acquire(["/p"]);
		let taskIn = false;
		const task = locks.acquire(["/p/sub"]).then((release) => {
			taskIn = true;
			return release;
		});
		leaveA();
		leaveA();
		await tick();
		expect(taskIn).toBe(false);
		leaveB();
		(await task)();
		expect(taskIn).toBe(true);
	});

	it("makes forks wait for a task that holds the root first", async () => {
		const locks = new RootLocks();
		const hold = new SharedRootHold(locks);
		const releaseTask = await locks.acquire(["/p"]);
		let forkIn = false;
		const fork = hold.acquire(["/p"]).then((leave) => {
			forkIn = true;
			return leave;
		});
		await tick();
		expect(forkIn).toBe(false);
		releaseTask();
		(await fork)();
		expect(forkIn).toBe(true);
		expect(locks.contention(["/p"])).toBe(0);
	});
});
