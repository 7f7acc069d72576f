/**
 * Gathering the output of the find processes of one walk into one buffer, in process order, with
 * as little memory as possible: a large tree's bytes are the bulk of a snapshot, so holding them
 * twice (the chunks as they came, then the joined copy) is what sets the peak.
 *
 * With a size hint (the earlier snapshot of the same root: an unchanged tree prints the same
 * bytes), output goes straight into one buffer of about that size as it arrives. Only the output
 * of a process whose turn has not come yet waits in chunks, and is moved in when its turn comes.
 * Without a hint the chunks are kept and joined once at the end.
 */

export class OrderedOutput {
	readonly streams: number;
	private buffer: Buffer | null;
	private length = 0;
	private current = 0;
	private readonly pending: Buffer[][];
	private readonly ended: boolean[];
	private readonly last: number[];

	/** `streams` processes, in the order their output must appear; `hint` the expected bytes, if known. */
	constructor(streams: number, hint?: number) {
		this.streams = streams;
		this.buffer = hint === undefined ? null : Buffer.allocUnsafe(Math.ceil(hint * 1.05) + 4096);
		this.pending = Array.from({ length: streams }, () => []);
		this.ended = Array.from({ length: streams }, () => false);
		this.last = Array.from({ length: streams }, () => -1);
	}

	/** The chunk handler for stream `k`. */
	sink(k: number): (chunk: Buffer) => void {
		return (chunk) => {
			if (chunk.length === 0) return;
			this.last[k] = chunk[chunk.length - 1]!;
			if (k === this.current && this.buffer !== null) this.append(chunk);
			else this.pending[k]!.push(chunk);
		};
	}

	/** Stream `k` is done; later streams whose turn comes now are moved in. */
	end(k: number): void {
		this.ended[k] = true;
		while (this.current < this.streams && this.ended[this.current]) {
			this.current++;
			if (this.current < this.streams && this.buffer !== null) {
				for (const chunk of this.pending[this.current]!) this.append(chunk);
				this.pending[this.current] = [];
			}
		}
	}

	/** True when stream `k` printed nothing or ended on a NUL: on a record boundary. */
	whole(k: number): boolean {
		return this.last[k] === -1 || this.last[k] === 0;
	}

	/** Everything, in stream order. Call once every stream has ended. */
	bytes(): Buffer {
		if (this.buffer === null) return Buffer.concat(this.pending.flat());
		// Keep the slack only when it is small; otherwise hand back an exact copy.
		const exact = this.buffer.subarray(0, this.length);
		return this.buffer.length - this.length > (this.length >> 4) + 4096 ? Buffer.from(exact) : exact;
	}

	private append(chunk: Buffer): void {
		const buffer = this.buffer!;
		if (this.length + chunk.length > buffer.length) {
			const grown = Buffer.allocUnsafe(Math.max(buffer.length + (buffer.length >> 1), this.length + chunk.length));
			buffer.copy(grown, 0, 0, this.length);
			this.buffer = grown;
		}
		this.length += chunk.copy(this.buffer!, this.length);
	}
}
