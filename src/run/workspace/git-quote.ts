/**
 * Paths as git writes them in a patch, byte for byte, so that `git apply` reads back the very
 * names we meant (quote.c's quote_c_style with core.quotePath at its default, true). A name is
 * quoted — C-style, in double quotes — when one of its UTF-8 bytes is `"`, `\`, a control
 * character (below 0x20, or 0x7f) or 0x80 and above; every other byte, the space included, is
 * written as it is. Pure.
 */

/** The escapes git writes as a letter; every other quoted byte is three octal digits. */
const LETTER: Readonly<Record<number, string>> = {
	7: "a",
	8: "b",
	9: "t",
	10: "n",
	11: "v",
	12: "f",
	13: "r",
	34: '"',
	92: "\\",
};

const mustQuote = (byte: number) => byte < 0x20 || byte === 0x22 || byte === 0x5c || byte >= 0x7f;

/** `name` as git writes it: unchanged when no byte needs quoting, else C-quoted in double quotes. */
export function quotePath(name: string): string {
	const bytes = new TextEncoder().encode(name);
	if (!bytes.some(mustQuote)) return name;
	let out = '"';
	for (const byte of bytes) {
		if (!mustQuote(byte)) out += String.fromCharCode(byte);
		else out += `\\${LETTER[byte] ?? byte.toString(8).padStart(3, "0")}`;
	}
	return `${out}"`;
}

/**
 * `prefix` and `name` as one quoted name when the name needs quoting (git's quote_two: `"a/x\"y"`,
 * never `a/"x\"y"`), else joined as they are.
 */
export function quotePrefixed(prefix: string, name: string): string {
	const quoted = quotePath(name);
	return quoted === name ? `${prefix}${name}` : `"${prefix}${quoted.slice(1)}`;
}
