/**
 * How big a piece of prompt text is, in the two units a reader of `preview` cares about: bytes (what
 * is stored and sent) and tokens (what is paid for and what fills the context window).
 *
 * Tokens are an estimate, the one Pi itself uses for its context meter and compaction: characters
 * (UTF-16 code units) divided by four, rounded up. No tokenizer is loaded because the figure only
 * has to rank channels and show orders of magnitude; a provider's own count differs by model.
 */

export interface Size {
	/** UTF-8 bytes. */
	bytes: number;
	/** Estimated tokens: characters ÷ 4, rounded up (Pi's estimate). */
	tokens: number;
}

const encoder = new TextEncoder();

export function sizeOf(text: string): Size {
	return { bytes: encoder.encode(text).length, tokens: Math.ceil(text.length / 4) };
}

/** The size of several texts taken together. */
export function sizeOfAll(texts: readonly string[]): Size {
	return texts.reduce<Size>(
		(total, text) => {
			const one = sizeOf(text);
			return { bytes: total.bytes + one.bytes, tokens: total.tokens + one.tokens };
		},
		{ bytes: 0, tokens: 0 },
	);
}

export const NO_SIZE: Size = Object.freeze({ bytes: 0, tokens: 0 });
