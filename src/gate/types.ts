/**
 * The fork-gate's data: what a brief is made of once read (tokens, sentences, clauses), and what the
 * gate decides about it. Everything here is plain data so a planner, a hook, the CLI and tests can
 * pass it around, print it or compare it.
 */

/**
 * What makes a brief a task rather than a fork: the three things the rules read, and a brief that
 * does not read as read-only (an act verb or a rule marker none of the rules placed: backstop.ts).
 */
export type ReasonKind = "prohibition" | "write-boundary" | "file-change" | "not-read-only";

/** Whether a path the brief names is to be changed or to be left alone. */
export type PathSense = "change" | "keep";

/** One thing in the brief that tripped the gate, quoted exactly. */
export interface GateReason {
	kind: ReasonKind;
	/** The exact words that tripped it: always `brief.slice(offset, offset + quote.length)`. */
	quote: string;
	/** Offset of the quote in the brief, in UTF-16 code units (JavaScript string indices). */
	offset: number;
	/** Which rule fired, a stable id for tests and for reading a decision (e.g. "negated-directive"). */
	rule: string;
	/** For a write boundary that names a path: the path as written, and whether it is to change or stay. */
	path?: { text: string; sense: PathSense };
}

/** The gate's answer: a fork may go ahead, or it must be a task, with every reason found. */
export type GateDecision = { route: "fork"; reasons: [] } | { route: "task"; reasons: [GateReason, ...GateReason[]] };

/** What a token is. `code` is inline code or a fenced block; `quote` is quoted text read as data. */
export type TokenKind = "word" | "path" | "number" | "punct" | "code" | "quote" | "url";

export interface Token {
	kind: TokenKind;
	/** The text as written in the brief (for code and quotes, with their delimiters). */
	text: string;
	/** Lower case with curly apostrophes straightened; for code and quotes, the inner text. */
	norm: string;
	start: number;
	end: number;
}

/** A stretch of the brief that is data, not instruction: code, or quoted words being talked about. */
export interface DataRegion {
	kind: "code" | "fence" | "quote";
	start: number;
	end: number;
	/** The text between the delimiters. */
	content: string;
}

export interface Sentence {
	tokens: Token[];
	/** Ends with a question mark. */
	question: boolean;
	/** A fenced code block on its own. */
	fence: boolean;
	/** The sentence before, whose command "run it" may name ("Does `x --list` show it? Run it and …"). */
	previous?: Sentence;
}

/**
 * How a clause is meant, read from its head (the first word after fillers and frames such as
 * "please", "could you", "I want you to"):
 * - `directive`: it tells the child to do something ("fix it", "do not edit", "could you rename");
 * - `question`: it asks about something ("why does it fail", "is X used");
 * - `statement`: it describes something ("we never cache", "the tests don't pass");
 * - `subordinate`: a condition or aside ("if it breaks", "when you are done");
 * - `fragment`: a label or a noun phrase ("Goal:", "Typo in README.md").
 */
export type Mood = "directive" | "question" | "statement" | "subordinate" | "fragment";

export interface Clause {
	tokens: Token[];
	/** Index in `tokens` of the head, after fillers and frames; equal to tokens.length when there is none. */
	head: number;
	mood: Mood;
	/** The head came after a frame that addresses the child ("could you", "you should", "I want you to"). */
	addressed: boolean;
	/** That frame only suggests ("why not …", "how about …"): an order unless the brief asks about it. */
	suggestion: boolean;
	/** The clause sits in a question that asks for information, so what it mentions is its topic. */
	inQuestion: boolean;
	/** What ended the clause: a punctuation mark, "then", a conjunction, or "" at the end of the sentence. */
	closer: string;
	/** The clause ends the sentence with a colon (it introduces what follows). */
	endsWithColon: boolean;
	/** The sentence it belongs to. */
	sentence: Sentence;
}

/** The `task(...)` call a blocked fork should have been, ready to send and to show. */
export interface TaskProposal {
	/** Parameters of the task tool (src/pi/task-params.ts names), as data. */
	params: ProposedParams;
	/** Paths the brief names to change: hints for write_allowed, never authority. */
	writeHints: string[];
	/** Paths the brief names to leave alone: they stay watched and unwritable. */
	keepHints: string[];
	/** The call as text, with the hints as comments and the placeholder marked. */
	text: string;
}

/** The placeholder put in write_allowed when the brief must write: no path the spec would accept. */
export const WRITE_ALLOWED_PLACEHOLDER = "<FILL IN: the roots the child may change, each exactly one of roots>";

export interface ProposedParams {
	id: string;
	goal: string;
	deliverable: string;
	read_only: boolean;
	roots: string[];
	/** Only for a write task, and then always the placeholder: the caller decides what may change. */
	write_allowed?: string[];
}
