/**
 * What pi-delegate draws on Pi's screen besides its tool rows — the footer statuses (children
 * running, background children, a workflow's progress) and the children widget — kept in one
 * place so that all of it can be taken down at once, and put back.
 *
 * Why: when a person quits the TUI (Ctrl+D, Ctrl+C twice, `/quit`), Pi stops the terminal before it
 * tells extensions the session is ending, so whatever was on screen at the key press is what the
 * terminal keeps: "1 child running" under a prompt that no longer runs anything. The quit watcher
 * (quit-watch.ts) veils these marks when it sees a quitting key, so the frame Pi leaves is clean;
 * if Pi did not quit after all (the key went to a dialog), it lifts the veil and every mark comes
 * back as it was, with whatever changed meanwhile.
 *
 * Held process-wide (a quitting Pi quits the whole process, and the code that draws a status may
 * be loaded apart from the code that veils it).
 */

/** The part of Pi's UI a status needs. */
export interface StatusUI {
	setStatus(key: string, text: string | undefined): void;
}

interface Marks {
	veiled: boolean;
	statuses: Map<string, { ui: StatusUI; text: string | undefined }>;
	redraws: Set<() => void>;
}

const KEY = Symbol.for("pi-delegate.screen-marks");

function marks(): Marks {
	const store = globalThis as { [KEY]?: Marks };
	store[KEY] ??= { veiled: false, statuses: new Map(), redraws: new Set() };
	return store[KEY];
}

/** A UI that has gone (a closed session) draws nothing; that must not fail what was drawing. */
function put(ui: StatusUI, key: string, text: string | undefined): void {
	try {
		ui.setStatus(key, text);
	} catch {
		// Nothing left to draw on.
	}
}

/** Sets a footer status (undefined clears it), or holds it while the marks are veiled. */
export function showStatus(ui: StatusUI | undefined, key: string, text: string | undefined): void {
	if (!ui) return;
	const state = marks();
	if (text === undefined) state.statuses.delete(key);
	else state.statuses.set(key, { ui, text });
	if (!state.veiled) put(ui, key, text);
}

/** True while the marks are veiled: the widget draws nothing. */
export function veiled(): boolean {
	return marks().veiled;
}

/** Registers a redraw of something veiling hides (the widget); returns the function that removes it. */
export function onVeilChange(redraw: () => void): () => void {
	const state = marks();
	state.redraws.add(redraw);
	return () => state.redraws.delete(redraw);
}

function redrawAll(state: Marks): void {
	for (const redraw of state.redraws) {
		try {
			redraw();
		} catch {
			// A widget already gone has nothing to redraw.
		}
	}
}

/** Takes every mark off the screen, keeping what each says. */
export function veil(): void {
	const state = marks();
	if (state.veiled) return;
	state.veiled = true;
	for (const [key, { ui }] of state.statuses) put(ui, key, undefined);
	redrawAll(state);
}

/** Puts every mark back as it now reads. */
export function unveil(): void {
	const state = marks();
	if (!state.veiled) return;
	state.veiled = false;
	for (const [key, { ui, text }] of state.statuses) put(ui, key, text);
	redrawAll(state);
}

/**
 * Clears every status for good (the session ends). A veil stays as it is: it lifts by itself if
 * the process goes on (quit-watch.ts), and until then it says the terminal is Pi's no longer.
 */
export function clearStatuses(): void {
	const state = marks();
	for (const [key, { ui }] of state.statuses) put(ui, key, undefined);
	state.statuses.clear();
}
