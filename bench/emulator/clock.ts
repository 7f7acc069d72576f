/**
 * The emulator's notion of "now" for cache lifetimes. Tests advance it to expire a 5-minute or 1-hour
 * entry without waiting; everything else (request timestamps in the log, latency) stays on real time.
 */

export interface Clock {
	/** Current time in milliseconds. */
	now(): number;
	/** Moves the clock forward by `ms` (negative values are refused). */
	advance(ms: number): void;
}

/**
 * A clock that follows real time plus whatever was advanced (`mode: "real"`, the default), or one that
 * stands still until advanced (`mode: "manual"`), which makes TTL arithmetic exact in tests.
 */
export function createClock(options: { mode?: "real" | "manual"; start?: number } = {}): Clock {
	const mode = options.mode ?? "real";
	const origin = options.start ?? Date.now();
	const realStart = Date.now();
	let offset = 0;
	return {
		now: () => (mode === "manual" ? origin + offset : origin + (Date.now() - realStart) + offset),
		advance: (ms: number) => {
			if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock can only move forward; got ${ms}`);
			offset += ms;
		},
	};
}
