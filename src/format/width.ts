/** How wide a string is on a terminal, as the reports count it. Pure. */

/** Visible width of a string: counts code points, ignores ANSI colour sequences. */
export function visibleWidth(text: string): number {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI escapes is the point
	return [...text.replace(/\u001b\[[0-9;]*m/g, "")].length;
}
