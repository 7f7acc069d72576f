/**
 * What the allow-list (allow.ts) reads a clause with: how a clause was read, the word lists of its
 * readers, and the small readers they share — the verb after "you", an answer asked for, an idiom.
 */
import { actForm, IDLE_MARKERS, RUNS } from "./act-words.ts";
import { ANSWER_NOUNS, READ_PHRASES, READ_VERBS } from "./allow-words.ts";
import { changingShell } from "./commands.ts";
import { norm } from "./described.ts";
import { NEGATION_IDIOMS, verbIdiomAt } from "./idioms.ts";
import { CHECKS, permittedCheck } from "./permitted.ts";
import { longestAt } from "./phrases.ts";
import type { Clause, Token } from "./types.ts";
import { gerundBases, LOOK_VERBS } from "./verbs.ts";
import { phrases, set } from "./words.ts";
/** How a clause was read as read-only. `asks` readings are what a fork is for; the rest is context. */
export type ReadAs = "question" | "understanding" | "answer" | "context" | "condition" | "data" | "aside";

/** A clause read as read-only, or the word at which it could not be, and why. */
export type Reading = { readOnly: true; as: ReadAs } | { readOnly: false; rule: string; at: number };

export const ok = (as: ReadAs): Reading => ({ readOnly: true, as });
export const no = (rule: string, at: number): Reading => ({ readOnly: false, rule, at });

export const ASKS: ReadonlySet<ReadAs> = new Set(["question", "understanding", "answer"]);
export const WH = set("why how what which where when who whom whose what's how's where's who's why's whether");
export const YOU = set("you u ya");
export const YOU_CONTRACTED = set("you'd you'll you've you're");
export const ASK_MODALS = set("could can would will might may");
export const PLEASE = set("please pls plz");
export const PREFERRING = set("rather prefer bother");
/** The writer or the team: "I'm asking what …", "we could just delete …". */
export const SELF = set("i i'm i've i'd i'll we we're we've we'd we'll");
/** Words between "I" and the verb that tells what the writer wants: "I'm | really trying to | understand". */
export const SELF_SKIP = set("am 'm really just actually still also trying to want wanting hoping going keen");
export const CONJUNCTIONS = set("but and so or yet");
export const DETERMINED = set("a an the some your any one");
/** Verbs whose object is what the writer is handed: "get me a summary", "give the README a critical read". */
export const GETTING = set("get give have be open grab got see hear do");
/** Read verbs that, with a particle, carry work on: "pick up where you left off". */
export const NOT_READ = phrases(`
	pick up
	pick back
	pick it
	see that
	see to
	open a
	open an
	open up
	open new
	make sure
	make certain
`);
/** Words of a request asked as a possibility: "would it be possible to regenerate …?". */
export const POSSIBLE = set("possible feasible able okay ok alright doable");
/** Modals that open a question asking what ought to happen: "shouldn't the routes be removed?". */
export const OUGHT = set("should shouldn't must mustn't");
/** Words of change after a wish to see: "I'd hate to see the API change". */
export const CHANGE_WORDS = set("change changed changes gone go regenerated");
/** Modals that propose: "… could be pulled into one function". */
export const PROPOSING = set("could might can would should");
/** Words that make "use X" a change of what the code uses. */
export const INSTEAD = set("instead everywhere throughout switch replace rather");

/** What an answer is drawn from: "use our bench numbers". */
export const DATA = set(
	"numbers data figures logs results evidence output benchmarks bench measurements profile trace traces docs",
);
/** Subjects whose needs are described, not the writer's: "users need to log in twice". */
export const OTHERS = set(
	"users people customers clients they he she one everyone someone nobody folks devs developers callers",
);
/** Verbs that make prose when their object is prose: "draft a commit message", "slap together a summary". */
export const PROSE_MAKERS = set(
	"write draft compose prepare produce put slap knock whip jot pen type make assemble pull give create compile",
);
/** Verbs of knowing that, after a wish, make it a wish for an answer: "I'd like to know …". */
export const KNOW = set("know understand hear see learn ask find get grasp");

/**
 * Verbs the rules read as looking (verbs.ts) that, alone, say too little to be read as read-only:
 * "test the fix", "try the new flag", "include a test", "treat warnings as errors".
 */
export const UNSURE = set("test try print include lay treat regard spend ping focus catch debug");

/** The base forms a word may be of: "looking" → look, "comparing" → compare, "fixed" → fix. */
export function bases(w: string): string[] {
	const out = [w];
	for (const suffix of ["ing", "ed", "s"]) {
		if (!w.endsWith(suffix) || w.length < suffix.length + 3) continue;
		const stem = w.slice(0, -suffix.length);
		out.push(stem, `${stem}e`);
		if (stem.at(-1) === stem.at(-2)) out.push(stem.slice(0, -1));
	}
	return out;
}

/** A verb (in any form) of READ_VERBS. */
export const readVerb = (w: string) =>
	bases(w).some((b) => READ_VERBS.has(b) || (LOOK_VERBS.has(b) && !actForm(b) && !UNSURE.has(b)));
/** A past participle of a verb that changes things: "fixed", "regenerated", "torn" is not read. */
export const participle = (w: string) => (/(?:ed|en)$/.test(w) && actVerb(w)) || MADE.has(w);
/** Participles of change that no suffix shows: "can the loader be taught to …". */
export const MADE = set(
	"taught made done written rewritten torn thrown cut set put split built rebuilt undone redone shown",
);
/** A verb (in any form) that changes files or state (act-words.ts). */
export const actVerb = (w: string) => bases(w).some((b) => actForm(b));

export const words = (c: Clause) => c.tokens.filter((t) => t.kind === "word");

/** An idiom at `i` that orders nothing: "don't hesitate to …", "push back", "no rush". */
export function idiomAt(tokens: readonly Token[], i: number): boolean {
	const negated = ["don't", "dont", "never", "not", "no"].includes(norm(tokens[i]));
	if (negated && longestAt(tokens, i + 1, NEGATION_IDIOMS) > 0) return true;
	return longestAt(tokens, i, IDLE_MARKERS) > 0 || verbIdiomAt(tokens, i) > 0;
}

/**
 * After "you" (or "we") at `i`, past modals: the verb, its index, and whether a modal came between
 * ("you could add" is asked of the child, "you added" is described).
 */
export function verbAfter(tokens: readonly Token[], i: number, skip: ReadonlySet<string>) {
	let k = i + 1;
	let modal = YOU_CONTRACTED.has(norm(tokens[i]));
	while (k < tokens.length && skip.has(norm(tokens[k]))) {
		if (ASK_MODALS.has(norm(tokens[k]))) modal = true;
		k++;
	}
	return { verb: norm(tokens[k]), at: k, modal };
}

/** "for you to add …", "you to fix …": an infinitive whose doer is the child; its verb's index. */
export function childInfinitive(tokens: readonly Token[]): number {
	for (let i = 0; i + 2 < tokens.length; i++) {
		if (!YOU.has(norm(tokens[i])) || norm(tokens[i + 1]) !== "to") continue;
		const verb = norm(tokens[i + 2]);
		if (verb !== "be" && !readVerb(verb)) return i + 2;
	}
	return -1;
}

/** Whether `tokens[i]` is "you" or "we" asked with a modal before it: "could you …", "can we …". */
export const invertedModal = (tokens: readonly Token[], i: number) => ASK_MODALS.has(norm(tokens[i - 1]));

/** At `i`, a verb of READ_VERBS or a phrase of READ_PHRASES, or an answer asked for ("get a summary"). */
export function asksAnswer(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	if (longestAt(tokens, i, NOT_READ) > 0) return false;
	if (readVerb(w) || longestAt(tokens, i, READ_PHRASES) > 0 || comparedAgainst(tokens, i)) return true;
	// "put together an overview of …", "pull together what the logs show": an answer assembled.
	if (["put", "pull", "throw"].includes(w)) {
		// "put that overview together for me": the object may come before "together".
		const together = tokens.findIndex((t, k) => k > i && k <= i + 4 && norm(t) === "together");
		const object = (together === i + 1 ? tokens.slice(i + 2, i + 6) : tokens.slice(i + 1, together)).map(norm);
		if (together > 0) return object[0] === "what" || object.some((o) => ANSWER_NOUNS.has(o));
	}
	// "Can I get an explanation …", "would you be open to a quick review": an answer is the object.
	// Only after a verb of getting, or in a phrase with no verb, is an answer noun what is asked for.
	if (w !== "" && !GETTING.has(w) && !DETERMINED.has(w)) return false;
	for (let k = i; k < Math.min(tokens.length, i + 10); k++) {
		if (ANSWER_NOUNS.has(norm(tokens[k]))) return true;
		if (k > i && actVerb(norm(tokens[k]))) return false;
	}
	return false;
}

/** Verbs that set one thing beside another to compare: "set them against …", "hold X up against …". */
const SETTING_BESIDE = new Set(["set", "hold", "put", "lay", "stack", "line", "measure"]);

/** "set them against the Bosch formulas", "hold the `disruption` block up against what v1 expects": a comparison. */
export const comparedAgainst = (tokens: readonly Token[], i: number) =>
	SETTING_BESIDE.has(norm(tokens[i])) &&
	tokens
		.slice(i + 1, i + 9)
		.some((t, k, all) => norm(t) === "against" && !all.slice(0, k).some((b) => b.kind === "punct"));

/** "Run `git status`", "feel free to run the tests": running what changes nothing is reading. */
export const readingCommand = (tokens: readonly Token[], i: number) =>
	(RUNS.has(norm(tokens[i])) && tokens[i + 1]?.kind === "code" && !changingShell((tokens[i + 1] as Token).norm)) ||
	permittedCheck(tokens, i);

/** Flags of test runners: `-race`, `-count=50`, `-run TestX`, `--runInBand`, `-k name`. */
const TEST_FLAGS =
	/(?:^|\s)(?:-race|-count(?:=\d+)?|-run|-bench|--runInBand|-k|--filter|-x|--lf|--last-failed|-v)(?:\s|$|=)/;
/** Verbs that run a check themselves: "type-check the monorepo", "lint the frontend". */
const CHECKING = set("type-check typecheck lint profile benchmark");
/** Words that make a run of checks write: "fix", "--fix", "update the snapshots". */
const WRITING_RUN = set("fix fixes --fix --write -w update -u snapshot snapshots regenerate format apply");

/** Inline code that runs a command with arguments and changes nothing: `bitbake-layers show-appends`. */
const readOnlyCommand = (t: Token | undefined) =>
	t?.kind === "code" && /\S\s+\S/.test(t.norm) && !t.text.startsWith("```") && !changingShell(t.norm);

/**
 * "Run the test suite for payments and tell me which tests are flaky", "type-check the monorepo with
 * `tsc --noEmit` and tell me how bad it is": a run of checks ordered as the means to an answer asked
 * right after it ("and tell me …") changes nothing and reads. Not "Run the tests." (nothing asked),
 * nor "run the linter with --fix and tell me …".
 */
export function askedCheckRun(c: Clause, i: number): boolean {
	const w = norm(c.tokens[i]);
	if (!RUNS.has(w) && !CHECKING.has(w)) return false;
	// "There's a bench in `benches/json.rs`; could you run it and tell me …": the check named before "it".
	const before = () => [
		...(c.sentence.previous?.tokens ?? []),
		...c.sentence.tokens.slice(0, c.sentence.tokens.indexOf(c.tokens[i] as Token)),
	];
	// "The BenchmarkDotNet project …; run it in Release": a name that starts with a check's word;
	// "Does `bitbake-layers show-appends` list it? Run it and tell me …": a command that changes nothing.
	const check = (t: Token) => CHECKS.has(norm(t)) || /^bench/.test(norm(t)) || readOnlyCommand(t);
	// "Run it with `-count=50 -race`": flags only a test runner takes name the check.
	const flagged = c.tokens.slice(i + 2, i + 5).some((t) => t.kind === "code" && TEST_FLAGS.test(t.norm));
	const named = ["it", "them"].includes(norm(c.tokens[i + 1])) && (flagged || before().some(check));
	// "Run the cocotb testbench for the UART (`make -C sim/uart SIM=icarus`) and …": the command in brackets after.
	const all = c.sentence.tokens;
	let end = all.indexOf(c.tokens.at(-1) as Token);
	const bracketed = all[end + 1]?.text === "(" && readOnlyCommand(all[end + 2]);
	const checked = c.tokens.slice(i + 1, i + 5).some((t) => CHECKS.has(norm(t)));
	const runs = RUNS.has(w) && (named || checked || bracketed);
	// "… and tell me which appends apply": a writing word in the answer asked for is the answer's.
	const asked = c.tokens.findIndex((t, k) => k > i && ["and", "then"].includes(norm(t)) && asksAnswer(c.tokens, k + 1));
	const run = asked > 0 ? c.tokens.slice(0, asked) : c.tokens;
	// "Run it as `python -X importtime … 2> importtime.log`": the run named in the clause writes a file.
	const writes = (t: Token) =>
		t.kind === "code" && (changingShell(t.norm) || /\d>\s*(?!\/dev\/null|&)[\w./~-]/.test(t.norm));
	if (!(runs || CHECKING.has(w)) || run.some((t) => WRITING_RUN.has(t.norm) || writes(t))) return false;
	// "Run the Ember tests for checkout (`ember test --filter …`) and tell me …": past the brackets.
	if (all[end + 1]?.text === "(") {
		// "… (`npx prisma migrate status`) against the replica and tell me …": on to the next "and".
		const close = all.findIndex((t, k) => k > end && t.text === ")");
		const and = all.findIndex((t, k) => k > close && k < close + 12 && ["and", "then"].includes(norm(t)));
		end = and > 0 && !all.slice(close + 1, and).some((t) => t.kind === "punct") ? and - 1 : close;
	}
	// "Run it with `-race` and tell me the failure rate": the answer asked inside the clause, too.
	const inside = c.tokens.some((t, k) => k > i && ["and", "then"].includes(norm(t)) && asksAnswer(c.tokens, k + 1));
	return inside || (end >= 0 && ["and", "then"].includes(norm(all[end + 1])) && asksAnswer(all, end + 2));
}

/** Words after an answer noun that make it the subject of a statement: "the summary is wrong". */
export const FINITE = set(
	"is are was were has have had does do did needs should must will would can could isn't aren't",
);

/** A noun phrase naming an answer ("a short written summary of the risks", "your thoughts"), as a request. */
export function answerPhrase(c: Clause): boolean {
	const all = words(c);
	const noun = all.slice(0, 6).findIndex((t) => ANSWER_NOUNS.has(t.norm));
	// "Summary of what `make release` does": a verb inside a wh-clause is the topic's, not the noun's.
	const after = all.slice(noun + 1);
	const wh = after.findIndex((t) => WH.has(t.norm));
	return noun >= 0 && !after.slice(0, wh >= 0 ? wh : after.length).some((t) => FINITE.has(t.norm));
}

/** "your explanation", "the answer": a clause about what the child hands back. */
export const aboutReply = (c: Clause) =>
	c.tokens.some((t, i) => ANSWER_NOUNS.has(norm(t)) && ["your", "the"].includes(norm(c.tokens[i - 1]))) &&
	c.tokens.some((t) => ["answer", "reply", "response"].includes(norm(t)) || norm(t) === "your");

/**
 * "Fancy taking a look at the checkout form?", "mind having a read of it?": a frame's gerund read as
 * its verb — a verb or phrase of reading in the -ing form reads as the verb does.
 */
export function readGerund(tokens: readonly Token[], head: number): boolean {
	const t = tokens[head];
	if (t?.kind !== "word") return false;
	return gerundBases(t.norm).some((base) => {
		// "giving", "having", "getting" read only in a phrase: "having a look", not "giving the logger a prefix".
		if (readVerb(base) && !GETTING.has(base)) return true;
		const asBase = tokens.map((x, k) => (k === head ? { ...x, norm: base } : x));
		return longestAt(asBase, head, READ_PHRASES) > 0;
	});
}

const MEANS_MODALS = set("should will would could can might");
const MEANS = set("get tell show give help point lead take answer settle confirm reveal");
const READERS = set("you us me it that this");

/**
 * "`git log` between them should get you most of the way", "`cargo bench …` should give you a heap
 * profile", "a read-only select should answer it": a modal at `i`, a verb of getting somewhere and
 * the reader or the question — a means to the answer named, not a duty laid down.
 */
export const namesMeans = (tokens: readonly Token[], i: number) =>
	MEANS_MODALS.has(norm(tokens[i])) &&
	MEANS.has(norm(tokens[i + 1])) &&
	// "… the output should show whether that's right": the question itself as the object.
	(READERS.has(norm(tokens[i + 2])) || ["whether", "if", "which", "where", "why", "how"].includes(norm(tokens[i + 2])));
