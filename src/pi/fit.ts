/**
 * Rows that follow the width Pi gives them at render time: a line marked `cut` is shortened to fit
 * (a goal, a deliverable's first line), a line marked `whole` is wrapped, never cut (an audit path,
 * which is only useful whole). A fixed cut at ~100 characters breaks at 80 columns and wastes a wide
 * terminal; this asks the width instead.
 */
import * as pi from "@earendil-works/pi-coding-agent";
import type { Component } from "@earendil-works/pi-tui";
import * as tui from "@earendil-works/pi-tui";

export type FitLine = { text: string; fit: "cut" | "whole" };

export const cut = (text: string): FitLine => ({ text, fit: "cut" });
export const whole = (text: string): FitLine => ({ text, fit: "whole" });

/** Splits a text into lines Pi renders whole (wrapped where the terminal is narrower). */
export function wholeLines(text: string): FitLine[] {
	return text.split("\n").map(whole);
}

export class FitLines implements Component {
	private readonly lines: readonly FitLine[];
	constructor(lines: readonly FitLine[]) {
		this.lines = lines;
	}
	render(width: number): string[] {
		const room = Math.max(1, width);
		return this.lines.flatMap((line) =>
			line.fit === "cut" ? [tui.truncateToWidth(line.text, room)] : tui.wrapTextWithAnsi(line.text, room),
		);
	}
	invalidate(): void {}
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
