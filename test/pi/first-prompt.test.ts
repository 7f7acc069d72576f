/**
 * The first prompt, readied at session start (src/pi/first-prompt.ts): what its hooks load, and the
 * roster, are made in the background when the session starts, so that Enter waits for none of it;
 * session_start itself returns at once.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describe, expect, it, vi } from "vitest";
import { readyFirstPrompt } from "../../src/pi/first-prompt.ts";
import { onDemand, warmFirstPrompt } from "../../src/pi/on-demand.ts";

type Handler = (event: unknown, ctx: ExtensionContext) => unknown;

function fakePi() {
	const handlers = new Map<string, Handler[]>();
	const pi = {
		on: (name: string, handler: Handler) => {
			handlers.set(name, [...(handlers.get(name) ?? []), handler]);
			return () => {};
		},
	} as unknown as Pick<ExtensionAPI, "on">;
	const fire = (name: string, ctx: ExtensionContext) => (handlers.get(name) ?? []).map((h) => h({}, ctx));
	return { pi, fire };
}

const ctx = { cwd: "/project" } as unknown as ExtensionContext;

describe("warmFirstPrompt", () => {
	it("loads every module the first prompt's hooks need, one after another, and nothing else", async () => {
		const order: string[] = [];
		const slow = onDemand(
			async () => {
				order.push("slow start");
				await new Promise((resolve) => setTimeout(resolve, 20));
				order.push("slow end");
				return 1;
			},
			{ beforeFirstPrompt: true },
		);
		const failing = onDemand(
			async () => {
				order.push("failing");
				throw new Error("cannot load");
			},
			{ beforeFirstPrompt: true },
		);
		const fast = onDemand(async () => order.push("fast"), { beforeFirstPrompt: true });
		const later = vi.fn(async () => 1);
		const notNeeded = onDemand(later);
		await warmFirstPrompt();
		expect(order).toEqual(["slow start", "slow end", "failing", "fast"]);
		expect(slow.ready()).toBe(1);
		expect(fast.ready()).toBeDefined();
		// A load that failed is left to the hook that needs it: it tries again.
		await expect(failing.get()).rejects.toThrow("cannot load");
		expect(later).not.toHaveBeenCalled();
		expect(notNeeded.ready()).toBeUndefined();
	});
});

describe("readyFirstPrompt", () => {
	it("makes the roster at session start without holding the session up, and the prompt waits only for it", async () => {
		const { pi, fire } = fakePi();
		let finish: () => void = () => {};
		const calls: string[] = [];
		const withRoster = vi.fn(async (_ctx: ExtensionContext, prompt: string) => {
			calls.push(`roster for "${prompt}"`);
			if (prompt === "") await new Promise<void>((resolve) => (finish = resolve));
			return `${prompt}+roster`;
		});
		const appender = readyFirstPrompt(pi, withRoster, () => true);
		expect(withRoster).not.toHaveBeenCalled();
		// session_start returns nothing to wait for.
		expect(fire("session_start", ctx)).toEqual([undefined]);
		await vi.waitFor(() => expect(calls).toEqual(['roster for ""']));
		const prompt = appender(ctx, "system");
		await new Promise((resolve) => setTimeout(resolve, 10));
		expect(calls).toEqual(['roster for ""']);
		finish();
		await expect(prompt).resolves.toBe("system+roster");
		expect(calls).toEqual(['roster for ""', 'roster for "system"']);
	});

	it("makes no roster when the rule is off, and a readying that fails costs the prompt nothing", async () => {
		const off = fakePi();
		const unused = vi.fn(async (_ctx: ExtensionContext, prompt: string) => prompt);
		readyFirstPrompt(off.pi, unused, () => false);
		off.fire("session_start", ctx);
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(unused).not.toHaveBeenCalled();

		const failing = fakePi();
		let first = true;
		const flaky = vi.fn(async (_ctx: ExtensionContext, prompt: string) => {
			if (first) {
				first = false;
				throw new Error("a stale context");
			}
			return `${prompt}+roster`;
		});
		const appender = readyFirstPrompt(failing.pi, flaky, () => true);
		failing.fire("session_start", ctx);
		await expect(appender(ctx, "system")).resolves.toBe("system+roster");
	});
});
