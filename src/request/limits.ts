/**
 * The limits and the id rule of a child request: the budget a child gets by effort when its request
 * names none, and what an id (the name of its audit directory) may be.
 */
import { EFFORTS, type Effort } from "./choices.ts";

export const DEFAULT_EFFORT: Effort = "balanced";

/** The limits that stop a child. */
export interface Budget {
	/** Wall-clock seconds before the child is stopped. */
	readonly wall_s: number;
	/** US dollars the child may spend. */
	readonly usd: number;
	/** Model turns (one model response plus the tool calls it makes) the child may take. */
	readonly turns: number;
	/** Wall-clock seconds the acceptance commands may take together; set when the spec has some. */
	readonly accept_s?: number;
}

/**
 * Seconds the acceptance commands of a task may take together when its budget names none: a test
 * suite of a small project runs in well under a minute, so five minutes leaves room for a slow one
 * and still stops a hung command in minutes.
 */
export const DEFAULT_ACCEPT_S = 300;

/**
 * Budgets applied when the spec gives none. They exist so that a runaway child always stops: each is
 * several times what a normal run at that effort takes (a balanced run of a few tool calls measured
 * about 90 s and $0.16), so an ordinary task never trips them, yet a loop is cut off in minutes.
 */
export const DEFAULT_BUDGETS: Readonly<Record<Effort, Budget>> = Object.freeze({
	fast: Object.freeze({ wall_s: 300, usd: 0.5, turns: 40 }),
	balanced: Object.freeze({ wall_s: 900, usd: 2, turns: 100 }),
	deep: Object.freeze({ wall_s: 1800, usd: 5, turns: 200 }),
});

/** The id rule. The id names the audit directory, so it must be safe as one path segment. */
export const ID_PATTERN = "^[A-Za-z0-9]+([-_.][A-Za-z0-9]+)*$";
export const ID_MAX_LENGTH = 64;
export const ID_RULE =
	`1–${ID_MAX_LENGTH} letters and digits, optionally joined by single "-", "_" or "." ` +
	"(no spaces or slashes, and no separator at either end)";

/** The default of one limit at every effort: "300 s for fast, 900 s for balanced, 1800 s for deep". */
export function defaultsText(key: "wall_s" | "usd" | "turns", unit: (value: number) => string): string {
	return EFFORTS.map((effort) => `${unit(DEFAULT_BUDGETS[effort][key])} for ${effort}`).join(", ");
}
