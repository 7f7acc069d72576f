/**
 * Sibling children share a prompt prefix (tools and system prompt are byte-identical by design), but
 * a provider can serve a cached prefix only once a request that wrote it has begun to answer:
 * siblings started in the same instant each pay to write the same prefix. The gate lets the first
 * sibling go, holds the others until its response starts streaming (its prefix is then cached), and
 * then lets them all through to read it. It never holds a child longer than `maxWaitMs`, and a
 * leader that fails before answering releases its followers.
 */

interface Entry {
	/** Settles when the leader's prefix is cached (or the leader gave up). */
	primed: Promise<void>;
	settle: () => void;
}

export interface GatePass {
	/** The leader's first response started: followers may go. Called by every entrant; only the leader's counts. */
	primed(): void;
	/** The child ended; a leader that never primed lets its followers go. */
	done(): void;
}

/** How long a primed prefix is taken to stay cached (providers keep one at least five minutes). */
const CACHED_FOR_MS = 4 * 60_000;

const passThrough: GatePass & { waited: boolean } = { waited: false, primed() {}, done() {} };

export class PrefixGate {
	private readonly entries = new Map<string, Entry>();
	private readonly primedAt = new Map<string, number>();
	private readonly maxWaitMs: number;
	private readonly now: () => number;

	constructor(options: { maxWaitMs?: number; now?: () => number } = {}) {
		this.maxWaitMs = options.maxWaitMs ?? 10_000;
		this.now = options.now ?? Date.now;
	}

	/** Whether entering now would wait for a leader. */
	wouldWait(key: string): boolean {
		return this.entries.has(key);
	}

	/**
	 * Enters the gate for a prefix. The first entrant of a key (or the first after the previous leader
	 * primed) leads and returns at once; later entrants wait for the leader's first response.
	 */
	async enter(key: string): Promise<GatePass & { waited: boolean }> {
		const primed = this.primedAt.get(key);
		if (primed !== undefined && this.now() - primed < CACHED_FOR_MS) return passThrough;
		const current = this.entries.get(key);
		if (current) {
			await Promise.race([current.primed, new Promise((r) => setTimeout(r, this.maxWaitMs).unref?.())]);
			return { waited: true, primed() {}, done() {} };
		}
		let settle!: () => void;
		const entry: Entry = { primed: new Promise<void>((r) => (settle = r)), settle };
		this.entries.set(key, entry);
		const release = (primed: boolean) => {
			entry.settle();
			if (this.entries.get(key) !== entry) return;
			this.entries.delete(key);
			// Once primed, the prefix stays cached for minutes: later siblings need not wait at all.
			if (primed) this.primedAt.set(key, this.now());
		};
		return { waited: false, primed: () => release(true), done: () => release(false) };
	}
}
