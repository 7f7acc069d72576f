/**
 * File names as bytes. Linux names are byte strings, not text: a name that is not valid UTF-8 would
 * decode to U+FFFD, so two different names could collapse into one key (a change hidden) and the
 * decoded string could not be opened again (a file that cannot be hashed). Valid UTF-8 — the normal
 * case, spaces, newlines and non-ASCII included — is kept as is; only an invalid byte is written as
 * NUL followed by two hex digits. NUL can never occur in a file name, so the encoding is unambiguous
 * and reversible.
 */
import { isControl } from "../format/text.ts";

const REPLACEMENT = "\uFFFD";

/** Decodes `bytes[start, end)` of a name into its snapshot form. */
export function decodeName(bytes: Buffer, start = 0, end = bytes.length): string {
	const text = bytes.toString("utf8", start, end);
	if (!text.includes(REPLACEMENT)) return text;
	const slice = bytes.subarray(start, end);
	if (Buffer.from(text, "utf8").equals(slice)) return text;
	return escapeInvalid(slice);
}

/** Walks the bytes, keeping every valid UTF-8 sequence and escaping every byte that is not part of one. */
function escapeInvalid(bytes: Buffer): string {
	let out = "";
	let i = 0;
	while (i < bytes.length) {
		const length = sequenceLength(bytes, i);
		if (length === 0) {
			out += `\u0000${bytes[i]!.toString(16).padStart(2, "0")}`;
			i += 1;
		} else {
			out += bytes.toString("utf8", i, i + length);
			i += length;
		}
	}
	return out;
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there does not start one. */
function sequenceLength(bytes: Buffer, i: number): number {
	const lead = bytes[i]!;
	if (lead < 0x80) return 1;
	const length =
		lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
	if (length === 0 || i + length > bytes.length) return 0;
	for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
	const round = Buffer.from(bytes.toString("utf8", i, i + length), "utf8");
	return round.equals(bytes.subarray(i, i + length)) ? length : 0;
}

/** The bytes of a name in snapshot form, for opening the file it names. */
export function nameBytes(name: string): Buffer {
	if (!name.includes("\u0000")) return Buffer.from(name, "utf8");
	const parts: Buffer[] = [];
	let i = 0;
	while (i < name.length) {
		const nul = name.indexOf("\u0000", i);
		if (nul === -1) {
			parts.push(Buffer.from(name.slice(i), "utf8"));
			break;
		}
		parts.push(
			Buffer.from(name.slice(i, nul), "utf8"),
			Buffer.from([Number.parseInt(name.slice(nul + 1, nul + 3), 16)]),
		);
		i = nul + 3;
	}
	return Buffer.concat(parts);
}

/**
 * A name as a terminal line can show it: control characters and invalid bytes become visible
 * escapes (`\n`, `\t`, `\x1b`, `\xff`), so a name cannot break a table row or fake another one.
 */
export function displayName(name: string): string {
	let out = "";
	for (let i = 0; i < name.length; i++) {
		const ch = name[i]!;
		const code = ch.charCodeAt(0);
		if (code === 0) {
			out += `\\x${name.slice(i + 1, i + 3)}`;
			i += 2;
		} else if (ch === "\n") out += "\\n";
		else if (ch === "\t") out += "\\t";
		else if (isControl(code)) out += `\\x${code.toString(16).padStart(2, "0")}`;
		else out += ch;
	}
	return out;
}
