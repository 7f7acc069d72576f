/**
 * The child named in the third person. A parent often forwards the user's words as they came —
 * "have a fork trace what happens", "could someone carry on with that?", "I'd like a sub-agent to
 * read the bootloader", "would a fork switch it to the JRE image?" — and the child reading them is
 * the fork they name. Read as written, the order inside is nobody's ("have" heads it, "a fork" is
 * its subject), so every reader of orders misses or misreads it. Here the words that name the child
 * are read as "you", and a frame that hands the work over ("have a fork", "get someone to", "use a
 * sub-agent to") is dropped, so the order inside reads as addressed to the child, as it is.
 *
 * Only where the phrase plainly names who does the work: after a modal that asks ("could a fork"),
 * before one ("a fork could"), before "to" and a verb ("for a fork to check"), as a possessive ("a
 * fork's opinion"), or after a verb that hands work over. "A fork of the repo", "someone changed the
 * config", "could someone have deleted it?" are left as they are. Pure.
 */
import type { Piece } from "./tokens.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

const DETERMINERS = set("a an the one another some any");
/** Words that may stand between a determiner and the noun: "a fresh fork", "a separate sub-agent". */
const QUALIFIERS = set("fresh new separate second third quick spare dedicated parallel background forked single");
/** Nouns that name a child agent. "Agent" alone does not: "could an agent misuse this API?" is about a product. */
const NOUNS = set("fork forks sub-agent sub-agents subagent subagents");
/** "a forked agent", "a child agent", "a helper agent". */
const AGENT_QUALIFIERS = set("forked child helper sub separate fresh background");
const PEOPLE = set("someone somebody");
const MODALS = set("could would can will might may should shall");
/** What a modal question about someone's past or state goes on with: "could someone have deleted it?". */
const NOT_WORK = set("have has had be been being");
/** Verbs that hand the work over with "to": "get a fork to", "use a sub-agent to", "ask someone to". */
const HAND_TO = set("get ask tell use send task spin fire launch start assign getting asking using");
/** Verbs that hand the work over with a bare verb: "have a fork trace …", "let someone check …". */
const HAND_BARE = set("have let make having letting");
/** Wishes whose object does the work: "I'd like someone to …", "we need somebody to …". */
const WISHING = set("like love want need prefer");

const isToken = (p: Piece | undefined): p is Token => p !== undefined && p.kind !== "break";
const normAt = (pieces: readonly Piece[], i: number) => {
	const p = pieces[i];
	return isToken(p) && p.kind === "word" ? p.norm : "";
};

/** Where a phrase naming a child starting at `i` ends (exclusive), and whether it is possessive. */
function childAt(pieces: readonly Piece[], i: number): { end: number; possessive: boolean } | undefined {
	const first = normAt(pieces, i);
	if (PEOPLE.has(first)) return { end: i + 1, possessive: false };
	if (PEOPLE.has(first.replace(/'s$/, ""))) return { end: i + 1, possessive: true };
	if (!DETERMINERS.has(first)) return undefined;
	let k = i + 1;
	while (QUALIFIERS.has(normAt(pieces, k)) && k < i + 3) k++;
	const noun = normAt(pieces, k);
	const bare = noun.replace(/'s$/, "");
	const agent = (bare === "agent" || bare === "agents") && AGENT_QUALIFIERS.has(normAt(pieces, k - 1));
	if (!NOUNS.has(bare) && !agent) return undefined;
	// "a fork of the repo" is a copy of a repository.
	if (normAt(pieces, k + 1) === "of") return undefined;
	return { end: k + 1, possessive: bare !== noun };
}

/** Whether the word after a phrase naming a child is a verb of work: not "have deleted", "be overwriting". */
const works = (pieces: readonly Piece[], i: number) => normAt(pieces, i) !== "" && !NOT_WORK.has(normAt(pieces, i));

/** How the child named at `at` (ending at `end`) is placed: dropped with its frame, read as "you", or left. */
function placement(pieces: readonly Piece[], at: number, end: number): "frame" | "you" | undefined {
	const before = normAt(pieces, at - 1);
	const after = normAt(pieces, end);
	const wished = WISHING.has(before) || before.endsWith("'d");
	// "spin up a fork to …", "fire off a sub-agent to …"
	const handing = HAND_TO.has(before) || (["up", "off"].includes(before) && HAND_TO.has(normAt(pieces, at - 2)));
	if (handing && after === "to" && works(pieces, end + 1)) return "frame";
	// "have a fork trace …", not "we have a fork running the tests" (a state, not a hand-over).
	const bareVerb = works(pieces, end) && !/(?:ing|ed)$/.test(after) && !MODALS.has(after) && after !== "to";
	if (HAND_BARE.has(before) && bareVerb) return "frame";
	if (MODALS.has(before) && works(pieces, end)) return "you";
	// "a fork could …"; "someone could …" only as a polite condition ("I'd be grateful if someone could look").
	const polite = before === "if" || wished;
	if (MODALS.has(after) && works(pieces, end + 1) && (!PEOPLE.has(normAt(pieces, at)) || polite)) return "you";
	// "for a fork to check …"; "someone" only after a wish ("I'd like someone to sanity-check …").
	if (after === "to" && works(pieces, end + 1) && (!PEOPLE.has(normAt(pieces, at)) || wished)) return "you";
	return undefined;
}

/**
 * The brief's pieces with the child named in the third person read as addressed: "a fork" becomes
 * one token read "you" ("your" for "a fork's"), spanning the words it stands for, so a quote of it
 * is still the brief's own text; a handing-over frame ("have a fork", "get someone to") is dropped.
 */
export function childAddressed(brief: string, pieces: readonly Piece[]): Piece[] {
	const out: Piece[] = [];
	let named = false;
	for (let i = 0; i < pieces.length; i++) {
		const relayed = named ? relayedAt(brief, pieces, i) : undefined;
		if (relayed) {
			out.push(...relayed.pieces);
			i = relayed.end - 1;
			continue;
		}
		const child = childAt(pieces, i);
		named ||= child !== undefined;
		// "pass this to a fork: does the importer handle BOMs?", "hand a review of the chart off to a fork":
		// the route the parent takes names no work; the route verb, "to" and the child are dropped.
		if (child && normAt(pieces, i - 1) === "to" && routed(out)) {
			i = child.end - 1;
			continue;
		}
		const how = child && placement(pieces, i, child.end);
		if (!child || !how) {
			out.push(pieces[i] as Piece);
			continue;
		}
		if (how === "frame") {
			// The handing verb (and "up"/"off") is already out; take it back, and "to" after the child.
			const particle = ["up", "off"].includes(normAt(out, out.length - 1));
			out.splice(out.length - (particle ? 2 : 1));
			i = child.end - 1 + (normAt(pieces, child.end) === "to" ? 1 : 0);
			continue;
		}
		const from = pieces[i] as Token;
		const to = pieces[child.end - 1] as Token;
		const text = brief.slice(from.start, to.end);
		out.push({ kind: "word", text, norm: child.possessive ? "your" : "you", start: from.start, end: to.end });
		i = child.end - 1;
	}
	return out;
}

/** Verbs that pass an order on to the child named before: "tell it not to …", "ask them to …". */
const RELAY = set("tell ask remind instruct get");
const CHILD_PRONOUNS = set("it them him her");

/**
 * "… get a sub-agent to compare them, and tell it not to bring up Temporal": an order passed on to
 * the child named earlier is the child's own — "not to X" reads "don't X", "never to X" "never X",
 * "to X" "X". The pieces to read instead, and where the relayed frame ends; or undefined.
 */
function relayedAt(brief: string, pieces: readonly Piece[], i: number): { pieces: Piece[]; end: number } | undefined {
	// "… and have it add a `BGTaskScheduler` registration": the child named before, made to act.
	if (normAt(pieces, i) === "have" && CHILD_PRONOUNS.has(normAt(pieces, i + 1)) && works(pieces, i + 2))
		return { pieces: [], end: i + 2 };
	// "Can you have a sub-agent look …? It shouldn't open anything in vendor/": the child named, then bound.
	if (BOUND_PRONOUNS.has(normAt(pieces, i)) && sentenceStart(pieces, i) && bound(pieces, i + 1)) {
		const it = pieces[i] as Token;
		return { pieces: [{ ...it, norm: "you" }], end: i + 1 };
	}
	if (!RELAY.has(normAt(pieces, i)) || !CHILD_PRONOUNS.has(normAt(pieces, i + 1))) return undefined;
	const negation = normAt(pieces, i + 2);
	const negated = negation === "not" || negation === "never";
	const to = negated ? i + 3 : i + 2;
	if (normAt(pieces, to) !== "to" || !works(pieces, to + 1)) return undefined;
	if (!negated) return { pieces: [], end: to + 1 };
	const from = pieces[i + 2] as Token;
	const end = pieces[to] as Token;
	const read: Token = {
		kind: "word",
		text: brief.slice(from.start, end.end),
		norm: negation === "not" ? "don't" : "never",
		start: from.start,
		end: end.end,
	};
	return { pieces: [read], end: to + 1 };
}

const BOUND_PRONOUNS = set("it they");
const NEGATED_MODALS = set("shouldn't mustn't can't cannot won't mayn't");
/** A negated modal that binds its subject: "shouldn't", "must not", "should never". */
const bound = (pieces: readonly Piece[], i: number) =>
	NEGATED_MODALS.has(normAt(pieces, i)) ||
	(["should", "must", "may"].includes(normAt(pieces, i)) && ["not", "never"].includes(normAt(pieces, i + 1)));
const sentenceStart = (pieces: readonly Piece[], i: number) => {
	const p = pieces[i - 1];
	return p === undefined || !isToken(p) || (p.kind === "punct" && [".", "?", "!", ";"].includes(p.text));
};

/** Verbs that route the work to a child: "pass this to a fork", "hand it off to a sub-agent". */
const ROUTE = set("pass hand send give forward delegate route farm punt");

/**
 * Whether the pieces read so far end in "to" after a route verb within a few words ("pass this to",
 * "hand a review of the chart off to"); if so, the verb, a particle before "to" and "to" are taken out.
 */
function routed(out: Piece[]): boolean {
	const start = Math.max(0, out.length - 12);
	const at = out.findLastIndex((p, k) => k >= start && isToken(p) && p.kind === "word" && ROUTE.has(p.norm));
	if (at < 0 || normAt(out, out.length - 1) !== "to") return false;
	if (out.slice(at, -1).some((p) => !isToken(p) || p.kind === "punct")) return false;
	out.pop();
	if (["off", "over", "on", "out"].includes(normAt(out, out.length - 1))) out.pop();
	out.splice(at, 1);
	return true;
}
