/**
 * The emulator's prompt cache: prefix hash → entry with an expiry on the emulator clock. Shared by
 * every request to one emulator, as a real cache is shared across an organisation's requests; the
 * model id is part of every hash, so models never share entries.
 */
import { type CachedPrefix, type CacheWrite, TTL_MS } from "./cache-rules.ts";

export interface CacheEntry extends CachedPrefix {
	/** Emulator-clock time of the first write. */
	writtenAt: number;
	/** Emulator-clock time after which the entry is gone. */
	expiresAt: number;
}

export class PromptCache {
	readonly #entries = new Map<string, CacheEntry>();

	/** The entry for `hash` if it is still alive at `now`. */
	live(hash: string, now: number): CacheEntry | undefined {
		const entry = this.#entries.get(hash);
		if (!entry) return undefined;
		if (entry.expiresAt <= now) {
			this.#entries.delete(hash);
			return undefined;
		}
		return entry;
	}

	/** Creates (or re-creates) an entry; an existing longer-lived one keeps its later expiry. */
	write(write: CacheWrite, now: number): void {
		const existing = this.live(write.hash, now);
		const expiresAt = now + TTL_MS[write.ttl];
		if (existing) {
			existing.expiresAt = Math.max(existing.expiresAt, expiresAt);
			if (TTL_MS[write.ttl] > TTL_MS[existing.ttl]) existing.ttl = write.ttl;
			return;
		}
		this.#entries.set(write.hash, {
			hash: write.hash,
			tokens: write.tokens,
			ttl: write.ttl,
			writtenAt: now,
			expiresAt,
		});
	}

	/** Restarts an entry's lifetime after a read. */
	refresh(hash: string, now: number): void {
		const entry = this.live(hash, now);
		if (entry) entry.expiresAt = Math.max(entry.expiresAt, now + TTL_MS[entry.ttl]);
	}

	/** Live entries at `now`. */
	entries(now: number): CacheEntry[] {
		return [...this.#entries.keys()].map((h) => this.live(h, now)).filter((e): e is CacheEntry => e !== undefined);
	}

	clear(): void {
		this.#entries.clear();
	}
}
