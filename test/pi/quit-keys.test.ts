/**
 * The key presses that quit Pi, read ahead of Pi's editor the way the editor reads them, and the
 * veil they raise over pi-delegate's widget and footer statuses (lifted when Pi goes on after all).
 */

import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quitNote } from "../../src/pi/background.ts";
import type { BackgroundRun } from "../../src/pi/background-hub.ts";
import { DOUBLE_PRESS_MS, quitBindings, readQuit } from "../../src/pi/quit-keys.ts";
import { watchQuitKeys } from "../../src/pi/quit-watch.ts";
import { clearStatuses, onVeilChange, showStatus, unveil, veiled } from "../../src/pi/screen-marks.ts";
import { tuiContext } from "../support/tui-context.ts";

describe("readQuit: which presses quit, as Pi's editor decides", () => {
	it("the exit key quits on an empty editor only", () => {
		expect(readQuit("exit", "", 0, {}).quit).toBe(true);
		expect(readQuit("exit", "x", 0, {}).quit).toBe(false);
		expect(readQuit("exit", " ", 0, {}).quit).toBe(false);
	});

	it("submit quits on /quit (trimmed, as Pi trims), and on nothing else", () => {
		expect(readQuit("submit", "/quit", 0, {}).quit).toBe(true);
		expect(readQuit("submit", "  /quit \n", 0, {}).quit).toBe(true);
		for (const text of ["/quitx", "/qui", "quit", "/quit now", ""])
			expect(readQuit("submit", text, 0, {}).quit).toBe(false);
	});

	it("the clear key quits on its second press within Pi's window, not after it", () => {
		const first = readQuit("clear", "draft", 1000, {});
		expect(first.quit).toBe(false);
		expect(readQuit("clear", "", 1000 + DOUBLE_PRESS_MS - 1, first.state).quit).toBe(true);
		expect(readQuit("clear", "", 1000 + DOUBLE_PRESS_MS, first.state).quit).toBe(false);
		// A quit forgets the press, so a third press starts over.
		const second = readQuit("clear", "", 1100, first.state);
		expect(readQuit("clear", "", 1200, second.state).quit).toBe(false);
	});

	it("any other key never quits and keeps the clear key's time", () => {
		const state = { lastClearAt: 5 };
		expect(readQuit(undefined, "", 6, state)).toEqual({ quit: false, state });
	});
});

describe("quitBindings: the user's keybindings.json, tolerant like Pi", () => {
	it("reads Pi's ids and the older names, a key or a list", () => {
		expect(quitBindings({ "app.exit": "ctrl+q", clear: ["ctrl+g", "ctrl+c"] })).toEqual({
			exit: ["ctrl+q"],
			clear: ["ctrl+g", "ctrl+c"],
			submit: ["enter"],
		});
	});

	it("keeps Pi's defaults for a missing file or entries of another shape", () => {
		const defaults = { exit: ["ctrl+d"], clear: ["ctrl+c"], submit: ["enter"] };
		expect(quitBindings(undefined)).toEqual(defaults);
		expect(quitBindings("ctrl+d")).toEqual(defaults);
		expect(quitBindings({ "app.exit": 4, "app.clear": [1], submit: null })).toEqual(defaults);
	});
});

describe("watchQuitKeys: the veil over pi-delegate's marks", () => {
	afterEach(() => {
		unveil();
		clearStatuses();
		vi.useRealTimers();
	});

	it("Ctrl+D on an empty editor takes the statuses and the widget down at once; a moment later they come back", () => {
		vi.useFakeTimers();
		const status = new Map<string, string | undefined>();
		const { ctx, box } = tuiContext(status);
		let redraws = 0;
		const stopRedraw = onVeilChange(() => redraws++);
		const stop = watchQuitKeys(ctx);
		showStatus(ctx.ui, "pi-delegate-background", "background: 1 child running · $0.00");
		expect(box.listener?.("\x04")).toBeUndefined(); // the key goes on to Pi
		expect(veiled()).toBe(true);
		expect(status.get("pi-delegate-background")).toBeUndefined();
		expect(redraws).toBe(1);
		// A change while veiled is held, not drawn.
		showStatus(ctx.ui, "pi-delegate-background", "background: 2 children running · $0.01");
		expect(status.get("pi-delegate-background")).toBeUndefined();
		vi.advanceTimersByTime(3000);
		expect(veiled()).toBe(false);
		expect(status.get("pi-delegate-background")).toBe("background: 2 children running · $0.01");
		stop();
		stopRedraw();
	});

	it("Ctrl+D with text in the editor, a lone Ctrl+C and Enter on a prompt leave everything drawn", () => {
		const status = new Map<string, string | undefined>();
		const { ctx, box } = tuiContext(status);
		const stop = watchQuitKeys(ctx);
		showStatus(ctx.ui, "pi-delegate", "delegate: 1 child running · $0.00");
		box.text = "draft";
		box.listener?.("\x04");
		box.listener?.("\x03");
		box.listener?.("\r");
		expect(veiled()).toBe(false);
		expect(status.get("pi-delegate")).toBe("delegate: 1 child running · $0.00");
		box.text = "/quit";
		box.listener?.("\r");
		expect(veiled()).toBe(true);
		stop();
	});

	it("Ctrl+C twice quits", () => {
		const { ctx, box } = tuiContext(new Map());
		const stop = watchQuitKeys(ctx);
		box.listener?.("\x03");
		expect(veiled()).toBe(false);
		box.listener?.("\x03");
		expect(veiled()).toBe(true);
		stop();
	});

	it("watches nothing outside the TUI", () => {
		const { ctx, box } = tuiContext(new Map());
		const stop = watchQuitKeys({ ...ctx, mode: "rpc" } as ExtensionContext);
		expect(box.listener).toBeUndefined();
		stop();
	});
});

describe("quitNote: what a quit stopped, below Pi's last screen", () => {
	const run = (key: string, auditDir?: string) => ({ key, auditDir }) as unknown as BackgroundRun;

	it("names each child and its record, the path broken at separators within the width", () => {
		const dir = "/home/someone/.pi/agent/pi-delegate/runs/20261207T024012Z-count-lines-notes-txt-slowly";
		const text = quitNote([run("count-lines#1", dir), run("summarise#2")], 60);
		const lines = text.split("\n");
		expect(lines[0]).toBe("pi-delegate stopped 2 background children as Pi quit; each record says so:");
		expect(lines[1]).toBe("  count-lines#1");
		expect(lines.slice(2, -1).join("").replace(/\s+/g, "")).toBe(dir);
		for (const line of lines.slice(1)) expect(line.length).toBeLessThanOrEqual(60);
		expect(lines.at(-1)).toBe("  summarise#2");
	});
});
