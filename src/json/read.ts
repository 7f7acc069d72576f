/**
 * The JSON reader every part of pi-delegate uses for text written by people or models: spec files,
 * Pi settings files, and envelopes in a child's final message.
 *
 * Why our own scanner rather than a library. JSON.parse gives no position for some errors, keeps the
 * last of two equal keys silently, and has no leniency switch. The two libraries built for this were
 * tried on the inputs that matter here: jsonc-parser (MIT, 276 KiB, last release 2024) reports error
 * codes rather than words, points a raw tab in a string at the string's start rather than the tab,
 * and has no duplicate-key report; @humanwhocodes/momoa (Apache-2.0, 260 KiB, maintained) accepts a raw tab inside a string
 * in strict mode, which JSON.parse refuses, and reports no duplicates either. Either would add a
 * runtime dependency to a package Pi installs with `npm install --omit=dev`, and both still need a
 * walk of their tree for duplicates and our own words for every error. A scanner of a few hundred
 * lines that agrees with JSON.parse on what is valid (tested on every one-character edit of a
 * sample) does all of it in one pass.
 *
 * One pass gives: the value (equal to JSON.parse's), the first syntax error with its position, a
 * reason and a hint, every duplicate key with its path and both positions, optionally accepted
 * trailing commas with their positions, and a position tree so a problem found later ("unknown key
 * contextMods") can name the line and column of that key. The line/column convention is in
 * position.ts.
 */
import { UTF16_FIX, utf16Sign } from "./encoding.ts";
import { lineIndex, positionIn } from "./position.ts";
import { scanText } from "./scan.ts";
import { SyntaxStop } from "./tokens.ts";
import type { JsonRead, JsonReadOptions } from "./types.ts";

export function readJson(text: string, options: JsonReadOptions = {}): JsonRead {
	const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	let lines: ReturnType<typeof lineIndex> | undefined;
	// The index is built only when a position is asked for: most texts are read and never pointed into.
	const positionAt = (offset: number) => {
		lines ??= lineIndex(text);
		return positionIn(lines, offset);
	};
	try {
		const scan = scanText(text, from, options.trailingCommas === "allow");
		return {
			ok: true,
			value: scan.value,
			root: scan.root,
			duplicates: scan.duplicates.map((d) => ({
				path: d.path,
				first: positionAt(d.first),
				again: positionAt(d.again),
			})),
			trailingCommas: scan.commas.map(positionAt),
			positionAt,
		};
	} catch (error) {
		if (!(error instanceof SyntaxStop)) throw error;
		// A text that fails because it is UTF-16 is reported as that, at its start, not at its first odd character.
		const sign = utf16Sign(text);
		if (sign !== undefined)
			return {
				ok: false,
				error: { ...positionAt(0), reason: `the text is UTF-16, not UTF-8 (${sign})`, hint: UTF16_FIX },
			};
		return { ok: false, error: { ...positionAt(error.offset), reason: error.message, hint: error.hint } };
	}
}
