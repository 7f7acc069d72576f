/**
 * The clock the parent session's request times are read from: the request meter stamps each
 * request with it (`pi-delegate.request` entries) and the parent's cache policy weighs the pauses
 * between them (parent-cache.ts). Both read the same clock so that the pauses the policy weighs are
 * the ones the session's entries record, in this process and in the next one that continues the
 * session.
 *
 * It is the wall clock. `PI_DELEGATE_CLOCK_OFFSET_MS` (test-only, read here and nowhere else) moves
 * it forward by a whole number of milliseconds: the cost bench runs each burst of a session as its
 * own `pi` process against an emulator whose clock it advances between bursts instead of waiting,
 * and hands each process the emulator's offset, so the parent sees the same six-minute pause the
 * emulator's cache lifetimes see. Any other value (empty, negative, not a whole number) is ignored.
 */

/** The test-only variable; documented in bench/README.md. */
export const CLOCK_OFFSET_ENV = "PI_DELEGATE_CLOCK_OFFSET_MS";

/** The session's clock (epoch milliseconds) under `env`. */
export function sessionClock(env: Readonly<Record<string, string | undefined>>): () => number {
	const raw = env[CLOCK_OFFSET_ENV]?.trim() ?? "";
	const offset = /^\d+$/.test(raw) ? Number(raw) : 0;
	return offset > 0 && Number.isSafeInteger(offset) ? () => Date.now() + offset : Date.now;
}
