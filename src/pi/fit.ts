/**
 * Rows that follow the width Pi gives them at render time: a line marked `cut` is shortened to fit
 * (a goal, a deliverable's first line), a line marked `whole` is wrapped, never cut (an audit path,
 * which is only useful whole). A fixed cut at ~100 characters breaks at 80 columns and wastes a wide
 * terminal; this asks the width instead. A plain line wraps with a hanging indent, a path in it
 * breaking after a `/` (format/wrap-line.ts); `style` colours each piece after the wrap, so the
 * colour codes never decide where a line breaks. No line is ever wider than the width.
 */
import * as pi from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import * as tui from "@earendil-works/pi-tui";
import { wrapLine } from "../format/wrap-line.ts";

export type FitLine = { text: string; fit: "cut" | "whole"; style?: (text: string) => string };

export const cut = (text: string): FitLine => ({ text, fit: "cut" });
export const whole = (text: string, style?: (text: string) => string): FitLine => ({
	text,
	fit: "whole",
	...(style && { style }),
});

/** A line with colour codes in it: pi-tui wraps it, keeping the codes; a plain one wraps at its words and separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding colour codes is the point
const hasAnsi = (text: string) => /\u001b\[/.test(text);

/** A line shortened to `room` columns, marked with the one ellipsis the rows use (pi-tui's default is "..."). */
const shorten = (text: string, room: number) => tui.truncateToWidth(text, room, "…");

function fitLine(line: FitLine, room: number): string[] {
	if (line.fit === "cut") return [shorten(line.style ? line.style(line.text) : line.text, room)];
	if (hasAnsi(line.text)) return tui.wrapTextWithAnsi(line.text, room).map((piece) => shorten(piece, room));
	// Wrapped plain, each piece within the room, then coloured: the colour never moves a break. What
	// the colour itself takes (nothing for ANSI codes) is left free.
	const style = line.style;
	if (!style) return wrapLine(line.text, room, tui.visibleWidth).map((piece) => shorten(piece, room));
	const inner = Math.max(1, room - tui.visibleWidth(style("")));
	return wrapLine(line.text, inner, tui.visibleWidth).map((piece) => style(shorten(piece, inner)));
}

/** Splits a text into lines Pi renders whole (wrapped where the terminal is narrower). */
export function wholeLines(text: string): FitLine[] {
	return text.split("\n").map((line) => whole(line));
}

export class FitLines implements Component {
	private readonly lines: readonly FitLine[];
	constructor(lines: readonly FitLine[]) {
		this.lines = lines;
	}
	render(width: number): string[] {
		const room = Math.max(1, width);
		return this.lines.flatMap((line) => fitLine(line, room));
	}
	invalidate(): void {}
}

/**
 * A result drawn under its call with one blank line between, as Pi's own tools draw theirs; nothing
 * at all when the result draws nothing.
 */
export function spacedAbove(component: Component): Component {
	return {
		render(width: number): string[] {
			const lines = component.render(width);
			return lines.length === 0 ? [] : ["", ...lines];
		},
		invalidate: () => component.invalidate(),
	};
}

/** The key that expands a row, as the user's keybindings name it (Ctrl+O unless rebound). */
export function expandKey(): string {
	const format = (pi as { keyText?: (binding: string) => string }).keyText;
	try {
		return format?.("app.tools.expand") || "ctrl+o";
	} catch {
		return "ctrl+o";
	}
}
