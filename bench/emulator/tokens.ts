/**
 * Token counts for billing. Anthropic does not publish the tokenizer of its current models; the one it
 * does publish (`@anthropic-ai/tokenizer`, the Claude 2 BPE) is the closest real tokenizer available
 * offline, so every count here comes from it. Counts are therefore approximate against the live
 * service (Anthropic says Claude 3+ tokenizes differently) but identical for every system measured,
 * which is what side-by-side cost ratios need.
 *
 * Counting is the hot path of every request (Pi resends its whole prompt each turn), so the encoder is
 * built once and results are memoised per distinct text.
 */
import { getTokenizer } from "@anthropic-ai/tokenizer";

/**
 * Tokens billed for one image block. Anthropic's rule is (width × height) / 750 per image; the
 * emulator does not decode images, so it charges a fixed ~1.2-megapixel image (1092 × 1092 px),
 * the size Anthropic recommends as the largest that is not downscaled.
 */
export const IMAGE_TOKENS = 1590;

const MEMO_LIMIT = 20_000;
const memo = new Map<string, number>();
let encoder: ReturnType<typeof getTokenizer> | undefined;

/** Number of tokens in `text` (NFKC-normalised, special tokens allowed, as the package's own counter). */
export function countTokens(text: string): number {
	if (text.length === 0) return 0;
	const known = memo.get(text);
	if (known !== undefined) return known;
	encoder ??= getTokenizer();
	const count = encoder.encode(text.normalize("NFKC"), "all").length;
	if (memo.size >= MEMO_LIMIT) memo.clear();
	memo.set(text, count);
	return count;
}
