/** A run's limits across its children: slots, the roots lock (readers share, a writer is alone), and `limited`. */
import { describe, expect, it } from "vitest";
import { limited, Slots } from "../../src/workflow/limits.ts";
import { RootsLock } from "../../src/workflow/roots-lock.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the roots lock", () => {
	it("lets children that only read share a root, and gives a writer its roots to itself", async () => {
		const lock = new RootsLock();
		const order: string[] = [];
		const r1 = await lock.acquire(["/repo"], false);
		const r2 = await lock.acquire(["/repo/sub"], false);
		expect(lock.wouldWait(["/repo"], true)).toBe(true);
		expect(lock.wouldWait(["/elsewhere"], true)).toBe(false);
		const writer = lock.acquire(["/repo"], true).then((release) => {
			order.push("writer");
			return release;
		});
		// A reader that comes after a waiting writer does not overtake it.
		const late = lock.acquire(["/repo"], false).then((release) => {
			order.push("late reader");
			return release;
		});
		await tick();
		expect(order).toEqual([]);
		r1();
		r2();
		const w = await writer;
		await tick();
		expect(order).toEqual(["writer"]);
		w();
		(await late)();
		expect(order).toEqual(["writer", "late reader"]);
	});
});

describe("slots", () => {
	it("serves holders in order and counts the most at once; an aborted wait gives up its place", async () => {
		const slots = new Slots(1);
		const first = await slots.acquire();
		const cancel = new AbortController();
		const skipped = slots.acquire(cancel.signal);
		const second = slots.acquire();
		cancel.abort();
		await skipped;
		first();
		(await second)();
		expect(slots.mostAtOnce).toBe(1);
	});
});

describe("limited", () => {
	it("keeps the tasks' order, runs at most `limit` at once, and throws the first error after all settled", async () => {
		let running = 0;
		let most = 0;
		const task = (value: number) => async () => {
			running++;
			most = Math.max(most, running);
			await new Promise((resolve) => setTimeout(resolve, 10 - value));
			running--;
			return value;
		};
		expect(await limited([task(1), task(2), task(3), task(4)], 2)).toEqual([1, 2, 3, 4]);
		expect(most).toBe(2);
		let settled = 0;
		const failing = [
			async () => {
				throw new Error("first");
			},
			async () => {
				await tick();
				settled++;
				return 0;
			},
		];
		await expect(limited(failing, 2)).rejects.toThrow("first");
		expect(settled).toBe(1);
	});
});
