/** Loading on first use: one load for every caller, and components that draw before their code is there. */
import { describe, expect, it, vi } from "vitest";
import { type Drawable, deferredComponent, labelStandIn, onDemand } from "../../src/pi/on-demand.ts";

const lines = (text: string): Drawable => ({ render: () => [text], invalidate: () => {} });

/** A load that ends when the test says so. */
function gate<T>(value: T) {
	let open: () => void = () => {};
	const opened = new Promise<void>((resolve) => {
		open = resolve;
	});
	const load = vi.fn(async () => {
		await opened;
		return value;
	});
	return { load, open };
}

describe("onDemand", () => {
	it("loads nothing until asked, then once however many ask at the same time", async () => {
		const { load, open } = gate({ name: "body" });
		const body = onDemand(load);
		expect(load).not.toHaveBeenCalled();
		expect(body.ready()).toBeUndefined();
		const calls = [body.get(), body.get(), body.get()];
		open();
		const values = await Promise.all(calls);
		expect(load).toHaveBeenCalledTimes(1);
		expect(new Set(values).size).toBe(1);
		expect(body.ready()).toBe(values[0]);
	});

	it("keeps a failed load failed for every caller (no half-loaded module)", async () => {
		const body = onDemand(async () => {
			throw new Error("cannot load");
		});
		await expect(body.get()).rejects.toThrow("cannot load");
		await expect(body.get()).rejects.toThrow("cannot load");
		expect(body.ready()).toBeUndefined();
	});
});

describe("deferredComponent", () => {
	it("draws the stand-in until the code loads, then the real component, and asks Pi to redraw once", async () => {
		const { load, open } = gate({ build: (t: string) => lines(`real ${t}`) });
		const module = onDemand(load);
		const redraw = vi.fn();
		const component = deferredComponent(module, (m) => m.build("call"), labelStandIn("task", 4), redraw);
		expect(component.render(80)).toEqual(["task"]);
		expect(component.render(3)).toEqual([]);
		expect(redraw).not.toHaveBeenCalled();
		open();
		await module.get();
		await Promise.resolve();
		expect(redraw).toHaveBeenCalledTimes(1);
		expect(component.render(80)).toEqual(["real call"]);
	});

	it("returns the real component itself once the code is loaded", async () => {
		const real = lines("real");
		const module = onDemand(async () => real);
		await module.get();
		expect(
			deferredComponent(
				module,
				(m) => m,
				() => ["stand-in"],
			),
		).toBe(real);
	});

	it("keeps drawing the stand-in when the code cannot load, and never throws into Pi's render", async () => {
		const module = onDemand<{ build: () => Drawable }>(async () => {
			throw new Error("missing pi-tui");
		});
		const redraw = vi.fn();
		const component = deferredComponent(
			module,
			(m) => m.build(),
			() => ["stand-in"],
			redraw,
		);
		await module.get().catch(() => undefined);
		await Promise.resolve();
		expect(component.render(80)).toEqual(["stand-in"]);
		expect(redraw).not.toHaveBeenCalled();
	});
});

describe("piAgentDir", () => {
	it("fails loudly before Pi's package is loaded, then answers as Pi does", async () => {
		vi.resetModules();
		const fresh = await import("../../src/pi/on-demand.ts");
		expect(() => fresh.piAgentDir()).toThrow(/await piPackage\.get\(\)/);
		const pi = await fresh.piPackage.get();
		expect(fresh.piAgentDir()).toBe(pi.getAgentDir());
	});
});
