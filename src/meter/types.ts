/**
 * The meter's vocabulary: one model request of one lineage, what it cost, and the cache misses it
 * paid for. Everything here is plain data, so the planner, the executor, the CLI and tests can build
 * and compare records without any I/O.
 *
 * A lineage is one conversation whose requests follow each other: the parent session, or one child.
 * Cache accounting compares a request only with the requests of its own lineage (and, for the first
 * request of a child, with the parent or sibling whose prefix it could have read).
 */

/** Tokens of one request, split as the provider bills them. */
export interface RequestTokens {
	/** Prompt tokens billed at the plain input rate (neither read from nor written to the cache). */
	input: number;
	/** Prompt tokens written to a cache entry that lives 5 minutes from its last use. */
	cacheWrite5m: number;
	/** Prompt tokens written to a cache entry that lives 1 hour from its last use. */
	cacheWrite1h: number;
	/** Prompt tokens read from the cache. */
	cacheRead: number;
	/** Output tokens (thinking included). */
	output: number;
}

/** Dollars of one request (or a sum), as billed and per part. */
export interface RequestDollars {
	input: number;
	/** Both cache lifetimes together, as Pi reports them. */
	cacheWrite: number;
	cacheRead: number;
	output: number;
	/** What was billed: the provider's own figure where it reports one, else the parts added up. */
	total: number;
}

/**
 * Why a request was made: a model turn, Pi's cache warming, a summary (compaction, branch), or
 * other spend a session recorded (usage entries of other kinds, a tool's own usage).
 */
export type RequestPurpose = "turn" | "warm" | "summary" | "other";

/**
 * Hashes of what a request sent, in the order a prompt cache builds its prefix: tool definitions,
 * system prompt, request options that reach the messages part (tool_choice, thinking), then each
 * message. Each hash covers everything before it as well, so two requests share a prefix up to the
 * last position where their hashes agree.
 */
export interface PrefixHashes {
	tools: string;
	system: string;
	options: string;
	/**
	 * `messages[i]` covers the tools, the system prompt, the options and messages 0…i. Absent when
	 * the stored form could not be decoded (see request-entry.ts): the other positions still count.
	 */
	messages?: string[];
}

/** A chosen reset before a request: the context was rebuilt on purpose, so nothing cached was lost by accident. */
export type ResetKind = "compaction" | "branch_summary";

/** One model request of one lineage. */
export interface RequestRecord {
	/** Which conversation this request belongs to (the parent session, or one child). */
	lineage: string;
	/** When the request started, epoch milliseconds. */
	at: number;
	/** From the start of the request to the end of its response, when known. */
	durationMs?: number;
	/** `provider/id`. */
	model: string;
	purpose: RequestPurpose;
	tokens: RequestTokens;
	dollars: RequestDollars;
	/** What was sent, when a request meter saw the payload. */
	prefix?: PrefixHashes;
	/** What siblings must share to read each other's cache writes (model, tools, system prompt), when known. */
	group?: string;
	/** A compaction or branch summary happened after the previous request of this lineage. */
	afterReset?: ResetKind;
	/** First request of a fork: the lineage whose prefix it inherited. */
	inherits?: string;
	/** First request of a child: the sibling lineage whose first request wrote the prefix this one shares. */
	siblingOf?: string;
}

/** Where two prefixes first differ. */
export type PrefixPosition =
	| { at: "tools" }
	| { at: "system" }
	| { at: "options" }
	/** Message `index` (0-based) differs, or is missing from the later request. */
	| { at: "message"; index: number };

/** An observed reason for a cache miss. */
export type MissCause =
	| { kind: "model"; from: string; to: string }
	/** The request came after the lifetime of the cache the previous request left (5 min or 1 h). */
	| { kind: "idle"; idleMs: number; lifetime: "5m" | "1h" }
	/** Tools, system prompt, options or an earlier message differ from what was cached. */
	| { kind: "prefix"; position: PrefixPosition }
	/** A sibling's write of the same prefix was not readable yet: its request was still running. */
	| { kind: "sibling"; sibling: string }
	| { kind: "unknown" };

/** One counted miss: a request that paid again for tokens that had been cached. */
export interface Miss {
	lineage: string;
	/** Position of the request among all records given to the analysis. */
	request: number;
	at: number;
	model: string;
	/** Prompt tokens that had been cached and were billed again at the uncached or write rate. */
	tokens: number;
	/** What those tokens cost beyond the cache-read rate. */
	dollars: number;
	idleMs: number;
	/** What the request was compared with: its own previous request, the parent it forked from, or a sibling. */
	against: "previous" | "parent" | "sibling";
	/** The most telling cause. */
	cause: MissCause;
	/** Every cause observed, the most telling first. */
	causes: MissCause[];
}

/** Sums over a set of requests. */
export interface SpendTotals {
	requests: number;
	tokens: RequestTokens;
	dollars: RequestDollars;
	/** cacheRead / (input + cache writes + cacheRead); undefined when no prompt tokens were billed. */
	hitRatio: number | undefined;
}

/** What a row of the spend view is about. */
export type SpendKind = "parent" | "task" | "fork" | "workflow";

/**
 * One lineage as the readers found it: a parent session or one child run, with its requests, and
 * the totals a record states when its requests are not all known (result.json, a fork entry).
 */
export interface SpendSource {
	/** The lineage key its requests carry: the audit directory for a run, `session:<file>` for a parent. */
	key: string;
	kind: SpendKind;
	/** Task id, fork id, or the session id. */
	id: string;
	auditDir?: string;
	/** The parent session this lineage belongs to (for a parent, itself). */
	session?: { id?: string; file?: string };
	/** For a child's child (nested delegation): the audit directory of the run that started it. */
	parentRun?: string;
	/** When it started, epoch milliseconds. */
	startedAt?: number;
	/** The model a run was started on, for totals that have no requests to attribute them. */
	model?: string;
	/** False for a run that never finished (no result.json). */
	complete: boolean;
	/** Where the figures came from. */
	source: "result" | "events" | "entry" | "session";
	/** Stated totals; when absent the requests are summed. */
	stated?: { tokens: RequestTokens; dollars: RequestDollars };
	requests: RequestRecord[];
	/** Lines that could not be read (a broken or truncated line of an event log or session file). */
	skippedLines: number;
	/** A file of the record that exists but could not be read at all, and why. */
	error?: string;
}

/** A child run a parent session refers to: a `pi-delegate.child` entry, or a task tool result. */
export interface ChildRef {
	kind: Exclude<SpendKind, "parent">;
	id: string;
	/** The run's audit directory: the key that keeps a child from being counted twice. */
	auditDir?: string;
	/** The child's own session file, when the entry names one. */
	sessionFile?: string;
	/** When the parent recorded it, epoch milliseconds. */
	at: number;
	tokens: RequestTokens;
	dollars: RequestDollars;
	verdict?: string;
}

/** What a request left in the cache, as the next request of the conversation sees it. */
export interface PreviousRequest {
	promptTokens: number;
	model: string;
	at: number;
	/** Some request of the conversation so far reported cache activity. */
	reportedCache: boolean;
	/** The shortest lifetime among the cache entries the conversation last wrote. */
	lifetime: "5m" | "1h";
	record: RequestRecord;
	/** The record's position in the analysed list. */
	index: number;
}
