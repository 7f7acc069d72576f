/**
 * Splits a byte stream into JSONL records. Pi's JSON mode frames records with LF only; Unicode line
 * and paragraph separators are legal inside JSON strings, so `readline` (which splits on them too)
 * would corrupt records. Bytes are buffered until an LF, then decoded whole, so a multi-byte
 * character split across chunks is never mangled.
 */
export class JsonlSplitter {
	private pending: Buffer[] = [];

	/** Feeds a chunk; returns the complete lines it finished (without the LF or a preceding CR). */
	push(chunk: Buffer): string[] {
		const lines: string[] = [];
		let start = 0;
		for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, start)) {
			this.pending.push(chunk.subarray(start, i));
			lines.push(this.take());
			start = i + 1;
		}
		if (start < chunk.length) this.pending.push(chunk.subarray(start));
		return lines;
	}

	/** Returns the last unterminated line, if any (a record cut off when the stream ended). */
	flush(): string | undefined {
		if (this.pending.length === 0) return undefined;
		const line = this.take();
		return line === "" ? undefined : line;
	}

	private take(): string {
		let line = Buffer.concat(this.pending).toString("utf8");
		this.pending = [];
		if (line.endsWith("\r")) line = line.slice(0, -1);
		return line;
	}
}
