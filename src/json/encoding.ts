/**
 * Text that is not UTF-8. Files are decoded as UTF-8 everywhere; a file saved as UTF-16 — what
 * Windows PowerShell's `>` and `Out-File` write by default — then reads as a replacement
 * character pair (its byte-order mark) or as characters each followed by a NUL, and every parser
 * after that reports a confusing first character. This names the real cause instead.
 */

/** Why `text` (decoded as UTF-8) looks like UTF-16, or undefined when it does not. */
export function utf16Sign(text: string): string | undefined {
	// FF FE and FE FF are both invalid in UTF-8: each byte decodes to U+FFFD.
	if (text.startsWith("\uFFFD\uFFFD")) return "it starts with a UTF-16 byte-order mark";
	// ASCII in UTF-16 without a mark: every other byte is zero.
	const head = text.slice(0, 64);
	const zeros = [...head].filter((c) => c === "\u0000").length;
	if (head.length >= 4 && zeros * 2 >= head.length - 1) return "every other byte is zero";
	return undefined;
}

/** The fix for a UTF-16 file. */
export const UTF16_FIX =
	"save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8, or Out-File -Encoding utf8; in an editor: save with encoding UTF-8)";
