/**
 * Words of wishing that wish nothing of the child (read-statements.ts): a belief ("I'd expect it not
 * to see page globals", "I assumed Postgres would use the index"), a past or a consequence ("we'd
 * killed it off", "we'd lose the type checking"), a third party's wish or a thing's ("the publisher
 * wants Noto", "the interleaving that would deadlock"), the writer's own act ("would rather not
 * embarrass myself"), a wish with its act left out ("half the team wants to, …") and a duty in a
 * comparison ("more often than it should"). Pure.
 */
import { norm } from "./described.ts";
import { OTHERS, YOU_CONTRACTED } from "./reading.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

/** What a wish's "'d" goes on with: "I'd like", "I'd rather", "I'd be grateful", "I'd have it fixed". */
const WISHED_AFTER_D = set(
	"like love prefer rather want appreciate welcome sooner hate be have really also just much quite still",
);
/** "feels like it should be dead", "seems like it would": a guess. */
const SEEMING = set("feels feel seems seem looks look sounds");
const BELIEVING = set(
	"expect guess imagine assume think suppose bet reckon thought expected assumed guessed imagined thinks believes assumes expects believe believed",
);
/** Third parties whose wishes are context: not "the user", whose wish the parent passes on as the work. */
const PARTIES = set(
	`publisher publishers client clients customer customers vendor partner legal marketing ops manager boss auditors
	auditor compliance sales finance upstream maintainers terraform dependabot renovate webpack gradle eslint prettier
	compiler linter apps services teams projects packages repos consumers callers`,
);

/** Whether the wish word at `i` is a belief, a past ("we'd killed"), or a consequence ("we'd lose"). */
export function notWished(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	const next = norm(tokens[i + 1]);
	const thought = next === "have" && BELIEVING.has(norm(tokens[i + 2]));
	const believed = (w.endsWith("'d") || w === "would") && (BELIEVING.has(next) || thought);
	const contracted = w.endsWith("'d") && !YOU_CONTRACTED.has(w) && !WISHED_AFTER_D.has(next);
	const assumed = ["would", "should"].includes(w) && guessedModal(tokens, i);
	return believed || contracted || assumed || predicted(tokens, i);
}

/** Words between "would" and its verb: "would probably tell us a lot". */
const HEDGED = set("probably likely surely definitely certainly also just still then quickly already");
/** Verbs after "would" that wish or place: "it would be nice", "it would help to …", "the fix would go in …". */
const WISHING_VERBS = set(
	"be like love prefer rather want appreciate welcome help have need go live belong sit mean make",
);
/** What a thing would be that no one wishes: "would be a problem", "would be a dealbreaker". */
const TROUBLES = set(
	"problem issue dealbreaker deal-breaker blocker concern risk disaster mess pain nightmare showstopper non-starter nonstarter",
);
/** Subjects whose "would" proposes: "the ideal fix would add a guard". */
const PROPOSALS = set(`
	fix fixes change changes patch solution pr version approach refactor rewrite update plan way option ideal
	ideally hopefully best better
`);

/**
 * "An EXPLAIN on the slow queries would probably tell us a lot", "it would do something awful if
 * the NAS isn't mounted", "AGPL would be a problem": what a thing would do or be, predicted. Not the writer's or the child's
 * "would", not "would be"/"would like"/"would help", and not a proposal's ("the fix would add …").
 */
function predicted(tokens: readonly Token[], i: number): boolean {
	if (norm(tokens[i]) !== "would" || ["i", "we", "you", "they", ""].includes(norm(tokens[i - 1]))) return false;
	let k = i + 1;
	while (HEDGED.has(norm(tokens[k]))) k++;
	const verb = norm(tokens[k]);
	// "AGPL would be a problem": a cost foreseen, not a wish.
	const article = ["a", "an"].includes(norm(tokens[k + 1])) ? k + 2 : k + 1;
	if (verb === "be" && tokens.slice(article, article + 2).some((t) => TROUBLES.has(norm(t)))) return true;
	const proposed = tokens.slice(0, i).some((t) => PROPOSALS.has(norm(t)));
	return verb !== "" && !WISHING_VERBS.has(verb) && !proposed && !verb.endsWith("n't");
}

/** "I assumed Postgres would …", "feels like it should be dead": a modal at `i` inside a belief or a guess. */
export function guessedModal(tokens: readonly Token[], i: number): boolean {
	const before = tokens.slice(Math.max(0, i - 4), i).map(norm);
	return (
		before.some((b, k) => BELIEVING.has(b) || (SEEMING.has(b) && before[k + 1] === "like")) || expectedOf(tokens, i)
	);
}

/** What a record or a command is expected to yield: "the lineage … should show", "a diff should narrow it down". */
const YIELDS = new Set("show help narrow reveal tell point suffice confirm indicate surface expose settle".split(" "));
const RECORDS = new Set(
	"log logs lineage trace traces diff history blame dashboard dashboards output profile manifest metrics graph".split(
		" ",
	),
);

/**
 * "`nix why-depends` should help there", "the lineage in `manifest.json` should show the upstream":
 * "should" of a command or a record and a verb of yielding what is sought is what the writer expects
 * to learn, no duty laid down. Not "the page should show a banner" (no record, no command).
 */
function expectedOf(tokens: readonly Token[], i: number): boolean {
	if (norm(tokens[i]) !== "should" || !YIELDS.has(norm(tokens[i + 1]))) return false;
	return tokens.slice(Math.max(0, i - 6), i).some((t) => t.kind === "code" || RECORDS.has(norm(t)));
}

/** Whether the wish at `i` is the writer's own act, has its act left out, or sits in a comparison. */
export function aside(tokens: readonly Token[], i: number): boolean {
	const reflexive = tokens.slice(i + 1, i + 7).some((t) => t.norm === "myself" || t.norm === "ourselves");
	const end = (k: number) => tokens[k] === undefined || tokens[k]?.kind === "punct";
	// "half the team wants to, …", "I really hope not": a wish with its act left out.
	const elided =
		(norm(tokens[i + 1]) === "to" && end(i + 2)) || (["not", "so"].includes(norm(tokens[i + 1])) && end(i + 2));
	// "… more often than it should", "… as Terraform would print it": a comparison.
	return reflexive || elided || ["than", "as"].includes(norm(tokens[i - 2]));
}

/** Whether the wish at `i` is someone else's or a thing's: "the publisher wants …", "… that would deadlock". */
export function othersWish(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	// "a LICENCES folder that should have most of them": what a thing is expected to hold.
	const expected = w === "should" && ["have", "contain", "list", "hold"].includes(norm(tokens[i + 1]));
	const relative =
		(["would", "could", "might", "wouldn't", "couldn't", "won't"].includes(w) || expected) &&
		["that", "which"].includes(norm(tokens[i - 1]));
	return relative || OTHERS.has(norm(tokens[i - 1])) || [1, 2].some((n) => PARTIES.has(norm(tokens[i - n])));
}

/** Items a stance may name: "anything you'd push back on", "whatever you would object to". */
const STANCE_ITEMS = set("anything everything whatever something what whichever");

/** "… and anything you'd push back on": the child's stance, in a relative clause, names an item of the answer. */
export function stanceItem(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	const would = w === "you'd" || (w === "would" && norm(tokens[i - 1]) === "you");
	if (!would || !STANCE_ITEMS.has(norm(tokens[w === "you'd" ? i - 1 : i - 2]))) return false;
	return !tokens.slice(i + 1).some((t) => BEING.has(norm(t)));
}

const BEING = set("is are was were 's");
