/**
 * The body of a `GIT binary patch` block as git writes it (diff.c's emit_binary_diff_body): the
 * content deflated with zlib, then cut into lines of at most 52 bytes, each line a length
 * character (`A`–`Z` for 1–26 bytes, `a`–`z` for 27–52) and the bytes in git's base85. Always a
 * `literal` (the whole content), never a `delta`: a delta would need the preimage to decode, and
 * a literal is what a reader of the record can check on its own. Pure: deflating computes.
 */
import { deflateSync } from "node:zlib";

/** Git's base85 alphabet (base85.c), which differs from Ascii85's and RFC 1924's order. */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

/** zlib level 1, git's own default for this (environment.c: zlib_compression_level = Z_BEST_SPEED). */
const ZLIB_LEVEL = 1;

/** How many bytes one line of a binary patch carries. */
const LINE_BYTES = 52;

/** `bytes` in git's base85: each group of four bytes (the last zero-padded) as five characters. */
export function encode85(bytes: Uint8Array): string {
	let out = "";
	for (let at = 0; at < bytes.length; at += 4) {
		let acc = 0;
		for (let i = 0; i < 4; i++) acc = acc * 256 + (bytes[at + i] ?? 0);
		let group = "";
		for (let i = 0; i < 5; i++) {
			group = ALPHABET[acc % 85] + group;
			acc = Math.floor(acc / 85);
		}
		out += group;
	}
	return out;
}

/** The line-length character: `A` is 1 byte, `Z` 26, `a` 27, `z` 52. */
const lengthChar = (n: number) => String.fromCharCode(n <= 26 ? 64 + n : 96 + n - 26);

/** One `literal` block: its header, its base85 lines and the empty line that ends it. */
export function binaryLiteral(content: Uint8Array): string {
	const data = deflateSync(content, { level: ZLIB_LEVEL });
	let out = `literal ${content.length}\n`;
	for (let at = 0; at < data.length; at += LINE_BYTES) {
		const line = data.subarray(at, at + LINE_BYTES);
		out += `${lengthChar(line.length)}${encode85(line)}\n`;
	}
	return `${out}\n`;
}
