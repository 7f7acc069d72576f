/**
 * Keeps pi-delegate's marks off the screen a quitting Pi leaves behind. Pi stops the terminal
 * before it tells extensions the session ends (by design: a cleanup must not repaint the last
 * frame), so the widget and footer statuses shown at the key press stay on the terminal after the
 * process is gone — "1 child running", of a child the quit has just stopped. The watcher reads the
 * raw keys ahead of Pi's editor (`onTerminalInput`, which never consumes them), and on a key that
 * quits (quit-keys.ts) veils the marks (screen-marks.ts) in time for the frame Pi draws while it
 * drains the input. If Pi is still running a moment later (the key went to a dialog instead, say),
 * the marks come back.
 *
 * Keys are matched with Pi's own key parser, loaded on the first key press; a press before it has
 * loaded is matched against the plain terminal bytes of Pi's default keys.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { KeyId } from "@earendil-works/pi-tui";
import { onDemand, piPackage } from "./on-demand.ts";
import {
	DEFAULT_QUIT_BINDINGS,
	type QuitAction,
	type QuitBindings,
	type QuitState,
	quitBindings,
	readQuit,
} from "./quit-keys.ts";
import { unveil, veil } from "./screen-marks.ts";

/** How long a veil waits for Pi to quit before it lifts (Pi drains input for up to a second first). */
const UNVEIL_AFTER_MS = 2500;

/** Each action's key in the plain bytes a terminal sends without a keyboard protocol. */
const PLAIN: Record<QuitAction, readonly string[]> = { exit: ["\x04"], clear: ["\x03"], submit: ["\r"] };

type Matcher = (data: string) => QuitAction | undefined;

const ACTIONS: readonly QuitAction[] = ["exit", "clear", "submit"];

const plainMatcher: Matcher = (data) => ACTIONS.find((action) => PLAIN[action].includes(data));

/** The user's bindings (keybindings.json in Pi's agent dir), matched by Pi's key parser. */
const matcher = onDemand(async (): Promise<Matcher> => {
	const [{ matchesKey }, pi] = await Promise.all([import("@earendil-works/pi-tui"), piPackage.get()]);
	let bindings: QuitBindings = DEFAULT_QUIT_BINDINGS;
	try {
		bindings = quitBindings(JSON.parse(readFileSync(join(pi.getAgentDir(), "keybindings.json"), "utf8")));
	} catch {
		// No file, or one Pi would not read either: Pi's defaults stand.
	}
	return (data) => ACTIONS.find((action) => bindings[action].some((key) => matchesKey(data, key as KeyId)));
});

function editorText(ctx: ExtensionContext): string {
	try {
		return ctx.ui.getEditorText();
	} catch {
		return "";
	}
}

/** Starts watching the keys of this TUI session; returns the function that stops it. */
export function watchQuitKeys(ctx: ExtensionContext, now: () => number = Date.now): () => void {
	if (ctx.mode !== "tui" || !ctx.hasUI || typeof ctx.ui.onTerminalInput !== "function") return () => {};
	let state: QuitState = {};
	let timer: NodeJS.Timeout | undefined;
	const stop = ctx.ui.onTerminalInput((data) => {
		const match = matcher.ready() ?? plainMatcher;
		if (!matcher.ready()) void matcher.get().catch(() => undefined);
		const read = readQuit(match(data), editorText(ctx), now(), state);
		state = read.state;
		if (!read.quit) return undefined;
		veil();
		clearTimeout(timer);
		timer = setTimeout(unveil, UNVEIL_AFTER_MS);
		timer.unref?.();
		return undefined;
	});
	return () => {
		clearTimeout(timer);
		stop();
	};
}
