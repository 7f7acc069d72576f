/**
 * Splits a brief into tokens that keep their offsets in the brief: words (with apostrophes and
 * hyphens, so "don’t" and "read-only" are one token), paths, numbers, punctuation, and one token per
 * data region. Line structure is kept as break markers, because a Markdown list item or a new
 * paragraph starts a new sentence while a wrapped line does not.
 */
import type { DataRegion, Token } from "./types.ts";

/** A line break between tokens: `hard` for a blank line, a list item or a heading; `soft` otherwise. */
export interface Break {
	kind: "break";
	hard: boolean;
}

export type Piece = Token | Break;

const KNOWN_DIRS = new Set(
	`src test tests lib docs doc bench bin scripts script config configs packages package app apps examples
	example fixtures fixture dist build out node_modules vendor internal cmd pkg api web server client
	public static assets spec specs e2e tools tool infra deploy migrations db .github .pi .vscode .git
	home tmp var etc usr opt workspace repo`
		.split(/\s+/)
		.filter(Boolean),
);

const EXTENSIONS =
	"ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonl|md|mdx|txt|ya?ml|toml|lock|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|" +
	"sh|bash|zsh|css|scss|html?|vue|svelte|sql|env|ini|cfg|conf|xml|csv|tsv|log|proto|graphql|gql|tf|lua|php|" +
	"swift|dart|exs?|hs|scala|gradle|properties|gitignore|npmrc|nvmrc|dockerignore|editorconfig|snap|patch|diff";

/** A word; "TL;DR" is one ("put a TL;DR at the top"), not a clause break between "TL" and "DR". */
const ASCII_WORD =
	/[Tt][Ll];[Dd][Rr]\b|[A-Za-z][A-Za-z0-9_]*(?:\.\d+)*(?:['’ʼ′＇][A-Za-z]+)*(?:-[A-Za-z0-9]+(?:\.\d+)*)*/y;

/**
 * Words with letters beyond ASCII. Kept apart from the ASCII pattern above because a pattern with
 * Unicode classes costs ~10 ms to compile on first use, which a `gate` process pays on every run;
 * most briefs never need it.
 */
const UNICODE_WORD = /\p{L}[\p{L}\p{N}_\p{Cf}]*(?:\.\d+)*(?:['’ʼ′＇]\p{L}+)*(?:-[\p{L}\p{N}]+)*/uy;

/** A letter outside ASCII, or an invisible format character that may sit inside a word. */
const beyondAscii = (ch: string | undefined) =>
	ch !== undefined &&
	ch.charCodeAt(0) > 127 &&
	(ch.toLowerCase() !== ch.toUpperCase() || /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/.test(ch));

/** The word at `pos` read with Unicode letters, when the ASCII reading stops short of it. */
function unicodeWord(text: string, pos: number, ascii: string | undefined): string | undefined {
	if (!beyondAscii(ascii === undefined ? text[pos] : text[pos + ascii.length])) return ascii;
	UNICODE_WORD.lastIndex = pos;
	return UNICODE_WORD.exec(text)?.[0] ?? ascii;
}

const EXTENSION_END = new RegExp(`\\.(?:${EXTENSIONS})$`, "i");

const PATTERNS: ReadonlyArray<readonly [Token["kind"], RegExp]> = [
	["url", /[a-z][a-z+.-]*:\/\/[^\s)>\]"'`]+/iy],
	["path", /(?:~\/|\.{1,2}\/|\/)?[\w@.*+-]+(?:\/[\w@.*+-]*)+|~\/[\w@.*+-]+|~\/|\/[\w@.*+-]+/y],
	["path", new RegExp(`[\\w@*+-]*(?:\\.[\\w-]+)*\\.(?:${EXTENSIONS})(?![\\w-])`, "iy")],
	// ".github", ".vscode": a dot-directory or dot-file, only where a word could start (never "end.Next").
	["path", /(?<![^\s(["'])\.[A-Za-z][\w-]*(?:\.[\w-]+)*(?![\w/])/y],
	["path", /(?:Dockerfile|Makefile|Justfile|Procfile|Gemfile|Rakefile|Jenkinsfile|Vagrantfile)\b/y],
	["word", /(?:e\.g|i\.e|etc|vs|cf|approx|incl|esp)\./iy],
	// "h:mm:ss", "hh:mm": a time format is one word, not words split by colons that end clauses.
	["word", /[a-z]{1,4}(?::[a-z]{1,4})+(?![A-Za-z])/y],
	["word", ASCII_WORD],
	["word", /(?<=\s)--?[A-Za-z][\w-]*/y],
	// "900-line", "3-way": a hyphenated compound is one token, not a number and a dash.
	// "3.x", "1.2.*": a version range is one number, not "3" and the end of a sentence; so is a date
	// ("2024-03-01", "06-10") or a range ("3-4"), not numbers split by dashes that end clauses.
	["number", /\d+(?:[.,:_-]\d+)*(?:\.[x*](?![\w-]))?(?:%|[a-z]{1,3}\b)?(?:-[a-z]+)*/iy],
	["punct", /\.{2,}|[?!]+|—|–|--|[^\s]/y],
];

/** Whether a slashed or dotted token names a file or directory rather than "and/or" or "Node.js". */
export function isPath(text: string): boolean {
	if (!text.includes("/")) return !/^[A-Z][a-z]+\.js$/.test(text) && text !== ".";
	if (/^(?:~|\.{1,2})?\//.test(text) || text.endsWith("/") || text.includes("*")) return text.length > 1;
	if ((text.match(/\//g) ?? []).length >= 2) return true;
	const segments = text.split("/");
	if (EXTENSION_END.test(segments.at(-1) ?? "")) return true;
	return KNOWN_DIRS.has((segments[0] ?? "").toLowerCase());
}

/**
 * A token's reading form: compatibility forms folded (full-width letters), invisible format
 * characters dropped, every apostrophe look-alike made "'", lower case. A spelling trick must not
 * turn a prohibition into words the gate does not know.
 */
export const normalise = (text: string) =>
	text
		.normalize("NFKC")
		.replace(/\p{Cf}/gu, "")
		.replace(/[’‘ʼ′ʹ＇`´]/g, "'")
		.toLowerCase();

const QUOTE_MARKS = new Set(['"', "“", "”", "‘", "’", "'", "«", "»"]);

const LIST_MARKER = /[ \t]*(?:[-*+•]|\d{1,3}[.)]|[a-z][.)]|#{1,6}|>)[ \t]+/y;

/** Chat spellings, read as the words they stand for: "can u pls fix it". */
const CHAT: ReadonlyMap<string, string> = new Map([
	["u", "you"],
	["ur", "your"],
	["pls", "please"],
	["plz", "please"],
	["plse", "please"],
]);

function token(kind: Token["kind"], text: string, start: number): Token {
	const norm = normalise(text);
	// A map, not an object: "constructor" or "toString" in a brief must not read as a property of Object.
	return { kind, text, norm: (kind === "word" && CHAT.get(norm)) || norm, start, end: start + text.length };
}

function regionToken(region: DataRegion, text: string): Token {
	return {
		kind: region.kind === "quote" ? "quote" : "code",
		text: text.slice(region.start, region.end),
		norm: region.content,
		start: region.start,
		end: region.end,
	};
}

/** The token starting at `pos`; a slashed candidate that is no path is read again as a word. */
function tokenAt(text: string, pos: number): Token {
	for (const [kind, pattern] of PATTERNS) {
		pattern.lastIndex = pos;
		const match = pattern.exec(text);
		if (pattern === ASCII_WORD) {
			const word = unicodeWord(text, pos, match?.[0]);
			if (word) return token("word", word, pos);
			continue;
		}
		if (!match || match[0] === "") continue;
		let found = match[0];
		if (kind === "path" && !isPath(found.replace(/[.,:;]+$/, ""))) {
			// "Node.js" is a name, not a file; "and/or" is two words.
			if (!found.includes("/")) return token("word", found.replace(/[.,:;]+$/, ""), pos);
			continue;
		}
		// A path at the end of a sentence keeps its dot out: "in src/a.ts." ends with "a.ts".
		if (kind === "path") found = found.replace(/[.,:;]+$/, "") || found;
		return token(kind, found, pos);
	}
	return token("punct", text[pos] ?? "", pos);
}

/** Where a line's content starts, past a list marker; and whether it had one. */
function lineStart(text: string, pos: number): { pos: number; marker: boolean } {
	LIST_MARKER.lastIndex = pos;
	const match = LIST_MARKER.exec(text);
	return match ? { pos: pos + match[0].length, marker: true } : { pos, marker: false };
}

/** The tokens and breaks of the brief; fenced blocks come out as a code token between hard breaks. */
export function scan(text: string, regions: readonly DataRegion[]): Piece[] {
	const pieces: Piece[] = [];
	const byStart = new Map(regions.map((r) => [r.start, r]));
	let pos = lineStart(text, 0).pos;
	while (pos < text.length) {
		const region = byStart.get(pos);
		if (region) {
			const fence = region.kind === "fence";
			if (fence) pieces.push({ kind: "break", hard: true });
			pieces.push(regionToken(region, text));
			if (fence) pieces.push({ kind: "break", hard: true });
			pos = region.end;
			continue;
		}
		const ch = text[pos] ?? "";
		if (ch === "\n") {
			const next = lineStart(text, pos + 1);
			const rest = text.slice(next.pos, text.indexOf("\n", next.pos) === -1 ? undefined : text.indexOf("\n", next.pos));
			pieces.push({ kind: "break", hard: next.marker || rest.trim() === "" });
			pos = next.pos;
			continue;
		}
		// Quotation marks that are not data are transparent: 'Remember: "never edit it"' is an order.
		if (/\s/.test(ch) || QUOTE_MARKS.has(ch)) {
			pos++;
			continue;
		}
		const found = tokenAt(text, pos);
		pieces.push(found);
		pos = found.end;
	}
	return pieces;
}
