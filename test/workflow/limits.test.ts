/** A run's limits across its children: slots and `limited` (the roots lock is test/run/root-lock.test.ts). */
import { describe, expect, it } from "vitest";
import { limited, Slots } from "../../src/workflow/limits.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

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
