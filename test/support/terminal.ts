/** Control characters a terminal would act on (C0 but tab and line feed, DEL, C1), as `\xNN` codes. */
export function terminalControls(text: string): string[] {
	const found: string[] = [];
	for (const ch of text) {
		const code = ch.charCodeAt(0);
		if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code < 0xa0)) {
			found.push(`\\x${code.toString(16).padStart(2, "0")}`);
		}
	}
	return found;
}
