/**
 * Where a clause's head is: past fillers, one frame that addresses the child ("would you", "could
 * you possibly", "mind …ing") and at most two inner frames ("be able to", "take a stab at"). The
 * head's word is what the clause's mood is read from (moods.ts).
 */
import { longestAt, wordIn as word } from "./phrases.ts";
import { hedgedLongestAt, INNER_FRAMES, politeFrameAt, STACKED_OPENERS } from "./politeness.ts";
import { OPENERS, REQUEST_FRAMES, SUGGESTION_FRAMES } from "./requests.ts";
import type { Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";
import { FILLERS, FRAMES } from "./words.ts";

const YOU_FRAMES = FRAMES.filter((f) => f[0]?.startsWith("you"));

/** The frame at `i`, if any: its length and whether it is a suggestion ("why not", "how about"). */
function frameAt(tokens: readonly Token[], i: number): { length: number; suggestion: boolean } {
	// "do you think you could …", "I don't suppose there's any chance you could …": openers count
	// only before a frame that addresses the child.
	let start = i;
	for (let n = 0; n < 3; n++) {
		const opener = Math.max(hedgedLongestAt(tokens, start, OPENERS), hedgedLongestAt(tokens, start, STACKED_OPENERS));
		if (opener === 0) break;
		start += opener;
	}
	const addresses = (k: number) => hedgedLongestAt(tokens, k, YOU_FRAMES) > 0 || politeFrameAt(tokens, k).length > 0;
	if (start > i && !addresses(start)) start = i;
	const polite = politeFrameAt(tokens, start);
	const request = Math.max(
		hedgedLongestAt(tokens, start, FRAMES),
		hedgedLongestAt(tokens, start, REQUEST_FRAMES),
		polite.suggestion ? 0 : polite.length,
	);
	const offer = Math.max(hedgedLongestAt(tokens, start, SUGGESTION_FRAMES), polite.suggestion ? polite.length : 0);
	// "Mind adding a test?": "mind" alone frames a gerund, and only a gerund ("mind you don't …" forbids).
	const mind = tokens[start]?.norm === "mind" && /ing$/.test(tokens[start + 1]?.norm ?? "") ? 1 : 0;
	// "Must add validation", "Should rename the package": a modal without its subject, before a verb.
	const modal = word(tokens[start], BARE_MODALS) && imperativeVerb(tokens[start + 1]?.norm ?? "") ? 1 : 0;
	const length = Math.max(request, offer, mind, modal);
	return { length: length === 0 ? 0 : start - i + length, suggestion: offer > request };
}

export const WH = new Set(["why", "what", "how", "where", "when", "which", "who", "whom", "whose", "whether"]);
const BARE_MODALS = new Set(["must", "should"]);
const STRAY_TO_MODALS = new Set(["must", "can", "could", "should", "will", "would", "may", "might", "please"]);

const PLACES = new Set(["for", "in", "on", "with", "across", "within", "inside", "throughout"]);

/** "For the config file you must …", "In the README you should …": a place named before the frame; its length. */
function placed(tokens: readonly Token[], i: number): number {
	if (!word(tokens[i], PLACES)) return 0;
	for (let k = i + 1; k < i + 8 && k < tokens.length; k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct" || word(t, WH)) return 0;
		if (t.norm === "you" && k > i + 1) return word(tokens[k + 1], STRAY_TO_MODALS) ? k - i : 0;
	}
	return 0;
}

/** An adverb of manner after a frame: "would you mind terribly …", "could you quietly …"; never "only". */
const manner = (t: Token | undefined) =>
	t?.kind === "word" && t.norm.endsWith("ly") && t.norm !== "only" && !imperativeVerb(t.norm);

/**
 * Where the head of a clause is, past fillers, one frame and one inner frame ("would you | be able
 * to | fix"), whether a frame addressed the child, and whether that frame only suggests.
 */
export function findHead(tokens: readonly Token[]): { head: number; addressed: boolean; suggestion: boolean } {
	let i = 0;
	let addressed = false;
	let suggestion = false;
	let inner = 0;
	for (let guard = 0; guard < 10 && i < tokens.length; guard++) {
		// "Ruthlessly delete dead code": an adverb of manner before an order's verb.
		const before = (manner(tokens[i]) || tokens[i]?.norm === "do") && imperativeVerb(tokens[i + 1]?.norm ?? "");
		if (word(tokens[i], FILLERS) || (addressed && manner(tokens[i])) || before) {
			i++;
			continue;
		}
		// "you must to keep …", "please to add …": a stray "to" after a modal, as non-native English writes.
		const stray = word(tokens[i - 1], STRAY_TO_MODALS) || (addressed && tokens[i - 1]?.norm === "you");
		if (inner === 0 && tokens[i]?.norm === "to" && stray) {
			i++;
			continue;
		}
		if (!addressed) {
			const frame = frameAt(tokens, i + placed(tokens, i));
			if (frame.length > 0) i += placed(tokens, i);
			if (frame.length === 0) break;
			i += frame.length;
			addressed = true;
			suggestion = frame.suggestion;
			continue;
		}
		// "would you like to | take a stab at | removing …": two inner frames at most.
		const n = inner < 2 ? longestAt(tokens, i, INNER_FRAMES) : 0;
		if (n === 0) break;
		i += n;
		inner++;
	}
	return { head: i, addressed, suggestion };
}
