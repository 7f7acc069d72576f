/**
 * The key presses that end an interactive Pi session, told from the raw input before Pi's editor
 * acts on them — the way Pi's own editor tells them: the exit key (Ctrl+D) on an empty editor, the
 * clear key (Ctrl+C) pressed twice within half a second, and the submit key (Enter) on `/quit`.
 * Which keys those are is the user's keybindings.json (Pi's ids, or the older names it migrates),
 * else Pi's defaults. Matching a key against a binding is left to the caller (Pi's key parser).
 */

/** The three actions a quit can come from. */
export type QuitAction = "exit" | "clear" | "submit";

/** The keys bound to each action, as keybindings.json writes them (`ctrl+d`). */
export type QuitBindings = Record<QuitAction, readonly string[]>;

/** Pi's ids for the actions, each with the older name keybindings.json may still use. */
const IDS: Record<QuitAction, readonly [string, string]> = {
	exit: ["app.exit", "exit"],
	clear: ["app.clear", "clear"],
	submit: ["tui.input.submit", "submit"],
};

export const DEFAULT_QUIT_BINDINGS: QuitBindings = { exit: ["ctrl+d"], clear: ["ctrl+c"], submit: ["enter"] };

/** The keys one entry binds: a key, a list of keys, or nothing usable (the default stands). */
function boundKeys(value: unknown): readonly string[] | undefined {
	if (typeof value === "string") return [value];
	if (Array.isArray(value) && value.every((key) => typeof key === "string")) return value;
	return undefined;
}

/**
 * The bindings of the three actions from keybindings.json's parsed content. Tolerant: a file
 * that is missing or unreadable, or an entry of another shape, leaves Pi's default, as Pi does.
 */
export function quitBindings(config: unknown): QuitBindings {
	const entries = typeof config === "object" && config !== null ? (config as Record<string, unknown>) : {};
	const pick = (action: QuitAction): readonly string[] => {
		const [id, legacy] = IDS[action];
		return boundKeys(entries[id]) ?? boundKeys(entries[legacy]) ?? DEFAULT_QUIT_BINDINGS[action];
	};
	return { exit: pick("exit"), clear: pick("clear"), submit: pick("submit") };
}

/** Pi's window for the clear key's second press to quit. */
export const DOUBLE_PRESS_MS = 500;

/** What the reader remembers between key presses: when the clear key was last pressed alone. */
export interface QuitState {
	lastClearAt?: number;
}

/**
 * Whether this key press quits Pi: `action` is the action the key is bound to (undefined for any
 * other key), `editorText` the editor's text before the key acts on it, `now` the clock.
 */
export function readQuit(
	action: QuitAction | undefined,
	editorText: string,
	now: number,
	state: QuitState,
): { quit: boolean; state: QuitState } {
	if (action === "exit") return { quit: editorText.length === 0, state };
	if (action === "submit") return { quit: editorText.trim() === "/quit", state };
	if (action !== "clear") return { quit: false, state };
	const last = state.lastClearAt;
	if (last !== undefined && now - last < DOUBLE_PRESS_MS) return { quit: true, state: {} };
	return { quit: false, state: { lastClearAt: now } };
}
