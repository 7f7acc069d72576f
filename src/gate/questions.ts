/**
 * Questions that look like orders: a question asked in the negative ("shouldn't the parser have
 * rejected it?" is no "don't"), and a hypothetical ("would you delete it, if you were me?" asks
 * what the child would do, it orders nothing).
 */
import type { Token } from "./types.ts";
import { SUBJECTS } from "./words.ts";

const word = (t: Token | undefined, words: ReadonlySet<string>) => t?.kind === "word" && words.has(t.norm);

const NEGATIVE_AUX = new Set(
	"shouldn't couldn't wouldn't mustn't isn't aren't doesn't don't didn't can't won't hasn't haven't wasn't weren't oughtn't".split(
		" ",
	),
);

/** "Shouldn't the parser have rejected it?", "Doesn't this leak?": a question asked in the negative, not a "don't". */
export function negativeQuestion(tokens: readonly Token[], head: number, question: boolean): boolean {
	const next = tokens[head + 1];
	if (!question || !word(tokens[head], NEGATIVE_AUX) || next === undefined) return false;
	return next.kind === "path" || next.kind === "code" || (word(next, SUBJECTS) && next.norm !== "nothing");
}

/**
 * "if you were me", "if it were your project", "if this were up to you", "were it your call", "in
 * my shoes": what the child would do is asked, not ordered.
 */
export function hypothetical(tokens: readonly Token[]): boolean {
	return (
		courseWeighed(tokens) ||
		tokens.some(
			(t, k) =>
				(t.norm === "were" && word(tokens[k - 1], SUPPOSED) && word(tokens[k - 2], IF)) ||
				(t.norm === "were" && k === 0 && word(tokens[k + 1], SUPPOSED)) ||
				(t.norm === "shoes" && word(tokens[k - 1], MY)) ||
				// "Would you bother writing property-based tests?": whether it is worth the child's while, asked.
				// "Would you expect replacing the tick to make a difference?": a belief asked for.
				(["bother", "expect"].includes(t.norm) && word(tokens[k - 1], SUPPOSED) && word(tokens[k - 2], OFFERING)),
		)
	);
}

/**
 * "Would you ship the renderer as WASM, or keep the JS dependency?", "would you move it to `DashMap`,
 * or to an actor?": two courses offered to "would you", after a comma — the child's pick is asked.
 * Not "Would you update the README or the docs?" (one order, two places), nor "…, or fix the docs?".
 */
export function courseWeighed(tokens: readonly Token[]): boolean {
	// "Worth switching the checkpoints to safetensors?": whether a course is worth it, asked.
	if (word(tokens[0], WORTH)) return true;
	// "At ~2TB/day, would you consolidate on X, or keep Y?": the offer may follow a phrase and a comma.
	const at = tokens.findIndex(
		(t, k) => word(t, OFFERING) && word(tokens[k + 1], SUPPOSED) && (k === 0 || tokens[k - 1]?.text === ","),
	);
	if (at < 0) return false;
	// "Would you keep the lexer or move to re2c?": keeping things as they are is a course even without a comma.
	const kept = word(tokens[at + 2], KEEPING);
	// After "keep …", any second course counts: "Would you keep `rules.yml`, or fold them into stories?".
	const second = (k: number) => word(tokens[k + 1], TO) || (kept && tokens[k + 1]?.kind === "word");
	return tokens.some((t, k) => k > at && t.norm === "or" && (kept || tokens[k - 1]?.text === ",") && second(k));
}
const OFFERING = new Set(["would", "should"]);
const KEEPING = new Set(["keep", "stay", "stick", "leave"]);
const WORTH = new Set(["worth"]);
/**
 * What the second course opens with: another place ("or to an actor"), leaving things be ("or keep
 * …"), or another shape ("or restructure them", "or bolt it onto the existing app").
 */
const TO = new Set(
	"to keep stay stick leave use wait go move switch migrate port restructure rewrite replace drop split merge inline bolt fold embed extract attach".split(
		" ",
	),
);

const SUPPOSED = new Set(["you", "it", "this", "that", "i", "we"]);
const IF = new Set(["if"]);
const MY = new Set(["my"]);

const CAN = new Set(["can", "could"]);
const US = new Set(["we", "i"]);
const STILL = new Set(["still", "ever"]);

/**
 * "Is the API frozen, or can we still change it?", "can we ever drop Node 18?": whether something
 * is still possible is asked, nothing proposed. Where the modal stands, or -1.
 */
export function stillPossible(tokens: readonly Token[], question: boolean): boolean {
	if (!question) return false;
	return tokens.some((t, k) => word(t, CAN) && word(tokens[k + 1], US) && word(tokens[k + 2], STILL));
}

const WOULD = new Set(["would", "could", "should", "might"]);
const PERSONS = new Set(["you", "we", "i", "they"]);
/** What may follow "have" when it causes rather than forms a past: "would you have the logs rotated?". */
const CAUSED = new Set([
	"the",
	"this",
	"that",
	"these",
	"those",
	"it",
	"them",
	"a",
	"an",
	"to",
	"our",
	"your",
	"its",
	"all",
	"every",
]);

/**
 * "Would you have split the module this way?", "should we have kept the cache?": what would have
 * been done, asked; a past cannot be ordered. Not "would you have the logs rotated?" (a cause).
 */
export function pastCounterfactual(tokens: readonly Token[]): boolean {
	const words = tokens.filter((t) => t.kind === "word");
	return (
		word(words[0], WOULD) &&
		word(words[1], PERSONS) &&
		words[2]?.norm === "have" &&
		words[3] !== undefined &&
		!word(words[3], CAUSED) &&
		!words.slice(4).some((t) => t.norm === "by")
	);
}
