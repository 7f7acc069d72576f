/**
 * The children widget over a parallel call, before, during and after: it shows this call's children
 * (and any child still running), never the ended children of an earlier call; its counts and dollars
 * are of what it shows; it stays a few lines; its columns line up with long ids; its turns are the
 * turns the report counts; and nothing of it, or of the footer's status, is left when Pi exits.
 * The children are reported as the task tool reports them (trackChild).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { visibleWidth } from "../../src/format/table.ts";
import { BACKGROUND_STATUS_KEY } from "../../src/pi/background-sink.ts";
import { childrenLines } from "../../src/pi/children-lines.ts";
import { CHILDREN_WIDGET, registerChildrenWidget } from "../../src/pi/children-widget.ts";
import { showStatus } from "../../src/pi/screen-marks.ts";
import { SPEND_STATUS_KEY } from "../../src/pi/spend-status-key.ts";
import { ChildrenRegistry, type TrackedChild, trackChild } from "../../src/run/children.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";

const LONG_ID = "which-of-the-options-is-fastest-abc"; // 35 characters, as a fork's id can be
const usd = (costUsd: number) => ({ ...ZERO_USAGE, costUsd });

function clock() {
	let now = 0;
	return { now: () => now, set: (t: number) => (now = t) };
}

/** An earlier call of two children, ended; then a parallel call of three, one with a long id. */
function session() {
	const time = clock();
	const registry = new ChildrenRegistry({ now: time.now });
	for (const id of ["earlier-a", "earlier-b"]) {
		const child = trackChild(registry, { id, origin: "task", label: "an earlier question" });
		child.progress({ type: "usage", usage: usd(0.5) });
		time.set(1000);
		child.end({ state: "PASS", usage: usd(0.5) });
	}
	time.set(5000);
	const call: TrackedChild[] = [
		trackChild(registry, { id: LONG_ID, origin: "fork", label: "Which of the options is fastest on this machine?" }),
		trackChild(registry, { id: "b", origin: "task", label: "Second question" }),
		trackChild(registry, { id: "c", origin: "task", label: "Third question" }),
	];
	return { registry, time, call };
}

const rows = (lines: string[]) => lines.slice(1, -1);

describe("the widget over a parallel call", () => {
	it("before the call: the earlier call's children, while they linger", () => {
		const time = clock();
		const registry = new ChildrenRegistry({ now: time.now });
		const child = trackChild(registry, { id: "earlier-a", origin: "task", label: "q" });
		time.set(1000);
		child.end({ state: "PASS" });
		expect(childrenLines(registry.state, 2000, 80)[0]).toBe("Children  1 PASS · $0.00");
	});

	it("during: one child ended, two running — only this call's rows, its counts and dollars", () => {
		const { registry, time, call } = session();
		call[0]?.progress({ type: "usage", usage: usd(0.01) });
		call[1]?.progress({ type: "usage", usage: usd(0.02) });
		time.set(7500);
		call[1]?.end({ state: "PASS", usage: usd(0.02) });
		const lines = childrenLines(registry.state, 9000, 80);
		expect(lines[0]).toBe("Children  2 running · 1 PASS · $0.03");
		expect(lines.join("\n")).not.toContain("earlier-");
		expect(rows(lines)).toHaveLength(3);
		expect(lines.at(-1)).toBe("/children: stop one or open its report");
	});

	it("after: this call's three, ended; none of the earlier call's", () => {
		const { registry, time, call } = session();
		time.set(8000);
		for (const child of call) child.end({ state: "PASS", usage: usd(0.01) });
		const lines = childrenLines(registry.state, 9000, 80);
		expect(lines[0]).toBe("Children  3 PASS · $0.03");
		expect(rows(lines).map((l) => l.slice(0, 2))).toEqual(["✓ ", "✓ ", "✓ "]);
		expect(lines.join("\n")).not.toContain("earlier-");
	});

	it("a background child still running shows beside this call's children", () => {
		const { registry, call } = session();
		registry.add({ id: "in-the-back", origin: "task", label: "long job", background: true }).start();
		for (const child of call) child.end({ state: "PASS" });
		const lines = childrenLines(registry.state, 9000, 80);
		expect(lines[0]).toBe("Children  1 running · 3 PASS · $0.00");
		expect(lines.join("\n")).toContain("in-the-back");
	});

	it("lines up its columns per render, and cuts a 35-character id so the question keeps room", () => {
		for (const width of [80, 120]) {
			const { registry } = session();
			const lines = childrenLines(registry.state, 9000, width);
			for (const line of lines) expect(visibleWidth(line), line).toBeLessThanOrEqual(width);
			const starts = rows(lines).map((l) => l.indexOf("running"));
			expect(new Set(starts).size, lines.join("\n")).toBe(1);
			const fork = rows(lines)[0] ?? "";
			expect(fork).toContain("…");
			expect(fork).toContain(
				width === 80 ? "Which of the options" : "Which of the options is fastest on this machine?",
			);
		}
	});

	it("shows at most six lines, however many children the call has", () => {
		const registry = new ChildrenRegistry({ now: () => 0 });
		for (let i = 0; i < 12; i++) trackChild(registry, { id: `c${i}`, origin: "task", label: "q" });
		const lines = childrenLines(registry.state, 0, 80);
		expect(lines).toHaveLength(6);
		expect(lines.at(-1)).toBe("… 8 more · /children: stop one or open its report");
	});

	it("counts the turns the child finished, as its report does: one answer is one turn, while the second runs", () => {
		const { registry, call } = session();
		call[1]?.progress({ type: "turn", turn: 1 });
		call[1]?.progress({ type: "usage", usage: usd(0.01) });
		call[1]?.progress({ type: "turn", turn: 2 });
		const row = childrenLines(registry.state, 9000, 80).find((l) => l.startsWith("● b "));
		expect(row).toMatch(/ 1 turn$/);
		expect(row).not.toMatch(/\bt2\b/);
	});
});

describe("the widget when Pi exits", () => {
	it("takes the widget and the footer's statuses off the screen at session shutdown", () => {
		const handlers = new Map<string, (event: unknown, ctx: unknown) => void>();
		const pi = {
			on: (name: string, handler: (event: unknown, ctx: unknown) => void) => handlers.set(name, handler),
			registerCommand: () => {},
			registerEntryRenderer: () => {},
		} as unknown as ExtensionAPI;
		registerChildrenWidget(pi, new ChildrenRegistry({ now: () => 0 }));
		const widgets = new Map<string, unknown>([[CHILDREN_WIDGET, "drawn"]]);
		const statuses = new Map<string, string | undefined>();
		const ui = {
			setWidget: (key: string, content: unknown) => widgets.set(key, content),
			setStatus: (key: string, text: string | undefined) => statuses.set(key, text),
		};
		// Drawn the way the spend status and the background sink draw them.
		showStatus(ui, SPEND_STATUS_KEY, "delegate: 1 child running · $0.01");
		showStatus(ui, BACKGROUND_STATUS_KEY, "1 background child");
		expect([...statuses.values()]).toEqual(["delegate: 1 child running · $0.01", "1 background child"]);
		handlers.get("session_shutdown")?.({ type: "session_shutdown", reason: "quit" }, { mode: "tui", hasUI: true, ui });
		expect(widgets.get(CHILDREN_WIDGET)).toBeUndefined();
		expect([...statuses.values()]).toEqual([undefined, undefined]);
	});
});
