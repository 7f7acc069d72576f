/** The footer line and the widget rows of background children: running ones with their dollars, queued ones as queued. */
import { describe, expect, it } from "vitest";
import { sessionBackground } from "../../src/pi/background.ts";
import { backgroundStatusText } from "../../src/pi/background-sink.ts";
import { childrenLines } from "../../src/pi/children-lines.ts";
import { ChildrenRegistry } from "../../src/run/children.ts";
import type { ChildUsage } from "../../src/run/types.ts";

const usage = (costUsd: number): ChildUsage => ({
	input: 10,
	output: 5,
	cacheRead: 0,
	cacheWrite: 0,
	costUsd,
	cost: { input: costUsd, output: 0, cacheRead: 0, cacheWrite: 0 },
});

describe("the background footer line", () => {
	it("counts running and queued children and sums the running ones' dollars", () => {
		expect(
			backgroundStatusText([
				{ state: "running", usd: 0.01 },
				{ state: "running", usd: 0.0023 },
				{ state: "queued", usd: 0 },
				{ state: "ended", usd: 5 },
			]),
		).toBe("background: 2 children running · 1 queued · $0.0123");
		expect(backgroundStatusText([{ state: "ended", usd: 1 }])).toBeUndefined();
	});
});

describe("background children in the widget", () => {
	it("shows the running one's live dollars and the one beyond the limit as queued, then starts it", async () => {
		const registry = new ChildrenRegistry({ now: () => 1_000 });
		const hub = sessionBackground(`widget-test-${Date.now()}`);
		hub.limit = 1;
		const ends: Array<() => void> = [];
		const child = (id: string) => ({
			id,
			kind: "task" as const,
			label: `check ${id}`,
			run: ({ progress }: { progress: (p: { type: "usage"; usage: ChildUsage }) => void }) =>
				new Promise<{ id: string; kind: "task"; state: "PASS"; text: string; report: string }>((resolve) => {
					progress({ type: "usage", usage: usage(0.0042) });
					ends.push(() => resolve({ id, kind: "task", state: "PASS", text: "PASS", report: "PASS" }));
				}),
		});
		const [first, second] = hub.launch([child("alpha"), child("beta")], registry);
		const lines = childrenLines(registry.state, 2_000, 100).join("\n");
		expect(lines).toMatch(/alpha\s+running\s+check alpha\s+\$0\.0042/);
		expect(lines).toMatch(/beta\s+queued\s+check beta\s*$/m);
		expect(second?.state).toBe("queued");
		ends[0]?.();
		await first?.ended;
		expect(second?.state).toBe("running");
		expect(registry.find(second?.key ?? "")?.state).toBe("running");
		ends[1]?.();
		await second?.ended;
	});
});

describe("when Pi quits", () => {
	it("stops every background child still running or queued, and waits for them to end", async () => {
		const registry = new ChildrenRegistry({ now: () => 1_000 });
		const hub = sessionBackground(`quit-test-${Date.now()}`);
		hub.limit = 1;
		const child = (id: string) => ({
			id,
			kind: "task" as const,
			label: id,
			run: ({ signal }: { signal: AbortSignal }) =>
				new Promise<{ id: string; kind: "task"; state: "FAIL"; text: string; report: string }>((resolve) =>
					signal.addEventListener("abort", () =>
						setTimeout(() => resolve({ id, kind: "task", state: "FAIL", text: "stopped", report: "stopped" }), 50),
					),
				),
		});
		const runs = hub.launch([child("running"), child("waiting")], registry);
		await hub.stopAll(5_000);
		expect(runs.map((r) => [r.state, r.outcome?.state])).toEqual([
			["ended", "FAIL"],
			["ended", "stopped"],
		]);
	});
});
