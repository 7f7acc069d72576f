import { describe, expect, it } from "vitest";
import { RootLocks } from "../../src/run/root-lock.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("root locks", () => {
	it("runs tasks on disjoint roots at the same time", async () => {
		const locks = new RootLocks();
		const a = await locks.acquire(["/w/a"]);
		let got = false;
		void locks.acquire(["/w/b"]).then(() => (got = true));
		await tick();
		expect(got).toBe(true);
		a();
	});

	it("serialises tasks whose roots are equal or nested, first come first served", async () => {
		const locks = new RootLocks();
		const order: string[] = [];
		const first = await locks.acquire(["/w/a"]);
		const second = locks.acquire(["/w/a/sub"]).then((release) => {
			order.push("second");
			return release;
		});
		const third = locks.acquire(["/w"]).then((release) => {
			order.push("third");
			return release;
		});
		await tick();
		expect(order).toEqual([]);
		expect(locks.contention(["/w/a"])).toBe(3);
		first();
		(await second)();
		(await third)();
		expect(order).toEqual(["second", "third"]);
		expect(locks.contention(["/w/a"])).toBe(0);
	});

	it("does not treat a name prefix as nesting (/w/ab is not inside /w/a)", async () => {
		const locks = new RootLocks();
		const a = await locks.acquire(["/w/a"]);
		let got = false;
		void locks.acquire(["/w/ab"]).then(() => (got = true));
		await tick();
		expect(got).toBe(true);
		a();
	});
});
