/** The children widget's lines: every state, in the terminal's width, figures kept whole. */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { visibleWidth } from "../../src/format/table.ts";
import { childrenLines, LINGER_MS, WIDGET_ROWS } from "../../src/pi/children-lines.ts";
import { registerChildrenWidget } from "../../src/pi/children-widget.ts";
import { ChildrenRegistry, type ChildrenState, foldChildren, NO_CHILDREN } from "../../src/run/children.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";
import { terminalControls } from "../support/terminal.ts";

function fleet(): ChildrenState {
	let s = NO_CHILDREN;
	const add = (id: string, label: string) => {
		s = foldChildren(s, { type: "added", key: id, id, origin: "workflow", label, at: 0 });
	};
	add("review-the-authentication-module-3fa9c1", "Review the authentication module for defects");
	add("scout-files-aa11bb", "List the files");
	add("queued-one-cc22dd", "Waiting its turn");
	add("replayed-one-ee33ff", "Taken from the journal");
	s = foldChildren(s, { type: "started", key: "review-the-authentication-module-3fa9c1", at: 1000 });
	s = foldChildren(s, {
		type: "progress",
		key: "review-the-authentication-module-3fa9c1",
		progress: { type: "tool_start", tool: "bash", summary: "bash: npm test -- --run a very long command line indeed" },
	});
	s = foldChildren(s, {
		type: "progress",
		key: "review-the-authentication-module-3fa9c1",
		progress: { type: "turn", turn: 3 },
	});
	s = foldChildren(s, { type: "started", key: "scout-files-aa11bb", at: 0 });
	s = foldChildren(s, {
		type: "ended",
		key: "scout-files-aa11bb",
		at: 2000,
		state: "PASS",
		usage: { ...ZERO_USAGE, costUsd: 0.0123 },
	});
	s = foldChildren(s, { type: "ended", key: "replayed-one-ee33ff", at: 0, state: "replayed", recordedUsd: 1 });
	return s;
}

describe("the children widget", () => {
	it("shows a child's goal and tool call as text, never as terminal controls", () => {
		let s = foldChildren(NO_CHILDREN, {
			type: "added",
			key: "k",
			id: "k",
			origin: "task",
			label: "goal \u001b[2J",
			at: 0,
		});
		expect(terminalControls(childrenLines(s, 0, 80).join("\n"))).toEqual([]);
		s = foldChildren(s, { type: "started", key: "k", at: 0 });
		s = foldChildren(s, {
			type: "progress",
			key: "k",
			progress: { type: "tool_start", tool: "read", summary: "read: \r\u001b]0;x\u0007" },
		});
		const lines = childrenLines(s, 0, 80).join("\n");
		expect(terminalControls(lines)).toEqual([]);
		expect(lines).toContain("read: \\x0d\\x1b]0;x\\x07");
	});

	it("lists each child with its state, what it does, its turn, dollars and time, within 80 columns", () => {
		const lines = childrenLines(fleet(), 13_300, 80);
		for (const line of lines) expect(visibleWidth(line), line).toBeLessThanOrEqual(80);
		expect(lines[0]).toBe("Children  1 running · 1 queued · 1 PASS · 1 replayed · $0.0123");
		const running = lines.find((l) => l.startsWith("● review-the-"));
		// Turn 3 is running, and no turn has finished: the turns shown are the finished ones, as the report counts them.
		expect(running).toMatch(/running +bash: npm test.*… +\$0\.00 +12\.3 s$/);
		expect(lines.find((l) => l.startsWith("✓ scout-files"))).toMatch(/PASS .* \$0\.0123 +2\.0 s$/);
		expect(lines.find((l) => l.startsWith("↺ replayed-one"))).toMatch(/replayed {2}Taken from the journal$/);
		expect(lines.find((l) => l.startsWith("○ queued-one"))).toMatch(/queued +Waiting its turn$/);
		// The figures are columns: every row's dollars end in the same place.
		const ends = lines
			.slice(1, -1)
			.filter((l) => l.includes("$"))
			.map((l) => l.lastIndexOf("$") + l.slice(l.lastIndexOf("$")).indexOf(" "));
		expect(new Set(ends).size).toBe(1);
		expect(lines.at(-1)).toBe("/children: stop one or open its report");
	});

	it("shortens what a child does, never the figures, when the terminal is narrow", () => {
		const lines = childrenLines(fleet(), 13_300, 60);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(60);
		expect(lines.find((l) => l.startsWith("● review"))).toMatch(/ +\$0\.00 +12\.3 s$/);
	});

	it("shows a few rows and counts the rest; disappears a while after the last child ended", () => {
		let s = NO_CHILDREN;
		for (let i = 0; i < 20; i++) {
			s = foldChildren(s, { type: "added", key: `c${i}`, id: `c${i}`, origin: "task", label: "x", at: 0 });
			s = foldChildren(s, { type: "ended", key: `c${i}`, at: 1000, state: i % 2 ? "PASS" : "FAIL" });
		}
		const lines = childrenLines(s, 2000, 80);
		expect(lines).toHaveLength(WIDGET_ROWS + 2);
		expect(lines.at(-1)).toBe(`… ${20 - WIDGET_ROWS} more · /children: open a report`);
		expect(childrenLines(s, 1000 + LINGER_MS + 1, 80)).toEqual([]);
		expect(childrenLines(NO_CHILDREN, 0, 80)).toEqual([]);
	});
});

describe("the widget and /children in Pi", () => {
	function fakePi() {
		const handlers = new Map<string, (event: unknown, ctx: unknown) => void>();
		const commands = new Map<string, { handler: (line: string, ctx: unknown) => Promise<void> | void }>();
		const pi = {
			on: (name: string, handler: (event: unknown, ctx: unknown) => void) => handlers.set(name, handler),
			registerCommand: (name: string, command: { handler: (line: string, ctx: unknown) => Promise<void> }) =>
				commands.set(name, command),
			registerEntryRenderer: () => {},
			appendEntry: () => {},
		} as unknown as ExtensionAPI;
		return { pi, handlers, commands };
	}

	it("installs a widget in the TUI that draws the registry and redraws when it changes", () => {
		const { pi, handlers } = fakePi();
		const registry = new ChildrenRegistry({ now: () => Date.now() });
		registerChildrenWidget(pi, registry);
		let factory: ((tui: unknown, theme: unknown) => { render(width: number): string[]; dispose(): void }) | undefined;
		const ctx = { mode: "tui", hasUI: true, ui: { setWidget: (_key: string, f: typeof factory) => (factory = f) } };
		handlers.get("session_start")?.({}, ctx);
		let renders = 0;
		const component = factory?.({ requestRender: () => renders++ }, { fg: (_: string, t: string) => t });
		registry.add({ id: "child-1", origin: "task", label: "look" }).start();
		expect(renders).toBe(2);
		expect(component?.render(80).join("\n")).toMatch(/● child-1 +running +look/);
		component?.dispose();
	});

	it("/children stop ID stops that child alone; /children report ID opens its report; headless, as notifications", async () => {
		const { pi, commands } = fakePi();
		const registry = new ChildrenRegistry({ now: () => 0 });
		const stopped: string[] = [];
		registerChildrenWidget(pi, registry);
		registry.add({ id: "a", origin: "task", label: "A" }, () => stopped.push("a")).start();
		const b = registry.add({ id: "b", origin: "task", label: "B" }, () => stopped.push("b"));
		b.end({ state: "PASS", report: "PASS  task b\nall good" });
		const notes: string[] = [];
		const ctx = { mode: "rpc", hasUI: true, ui: { notify: (m: string) => notes.push(m) } };
		const run = (line: string) => commands.get("children")?.handler(line, ctx);
		await run("stop a");
		expect(stopped).toEqual(["a"]);
		await run("report b");
		expect(notes.at(-1)).toBe("b: PASS\n\nPASS  task b\nall good");
		await run("stop b");
		expect(notes.at(-1)).toContain("b has ended (PASS); nothing to stop");
		await run("stop nobody");
		expect(notes.at(-1)).toContain('no child "nobody"');
		await run("");
		expect(notes.at(-1)).toMatch(/^Children\n\n/);
	});
});
