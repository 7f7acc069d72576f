/**
 * Groups tokens into sentences. A sentence ends at ".", "!" or "?", at a blank line, a list item or
 * a heading, around a fenced block, and at a line break followed by a capitalised word:
 * "Look at the cache\nDon't change it" is two sentences, "Please do\nnot edit it" is one.
 */
import type { Piece } from "./tokens.ts";
import type { Sentence, Token } from "./types.ts";

const ENDS = /^(?:[.!?]+|\.{2,})$/;

/** A fenced block's token (its text starts with the fence, perhaps indented). */
export const isFenceToken = (t: Piece | undefined) => t?.kind === "code" && /^ {0,3}(?:`{3,}|~{3,})/.test(t.text);

function sentence(tokens: Token[]): Sentence {
	const last = tokens.at(-1);
	return {
		tokens,
		question: last?.kind === "punct" && last.text.includes("?"),
		fence: tokens.length === 1 && isFenceToken(tokens[0]),
	};
}

/** After a soft line break, only a capitalised word starts a new sentence; anything else continues it. */
const capitalised = (t: Piece | undefined) => t?.kind === "word" && /^\p{Lu}/u.test(t.text);

/** The sentences of a scanned brief, each with at least one token. */
export function sentences(pieces: readonly Piece[]): Sentence[] {
	const out: Sentence[] = [];
	let current: Token[] = [];
	const flush = () => {
		if (current.length > 0) out.push({ ...sentence(current), previous: out.at(-1) });
		current = [];
	};
	for (let i = 0; i < pieces.length; i++) {
		const piece = pieces[i];
		if (!piece) continue;
		if (piece.kind === "break") {
			const next = pieces[i + 1];
			if (piece.hard || isFenceToken(next) || capitalised(next)) flush();
			continue;
		}
		current.push(piece);
		if (piece.kind === "punct" && ENDS.test(piece.text)) flush();
		// 'Someone asked: "can a fork bump it?" Go ahead with that.': a quote that ends its sentence.
		if (piece.kind === "quote" && /[.!?]\s*$/.test(piece.norm) && capitalised(pieces[i + 1])) flush();
		if (isFenceToken(piece)) flush();
	}
	flush();
	return out;
}
