/**
 * Reads a JSONL file record by record in fixed-size chunks, so a child's event log of many
 * megabytes (Pi's JSON mode repeats the whole partial message on every update) is never held
 * whole. A line that does not parse — a broken write, a record cut off by a crash — is counted and
 * skipped: one bad line must not hide the spend of the rest.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { JsonlSplitter } from "../json/jsonl.ts";
import { openRecordFileSync } from "../read-input.ts";

const CHUNK_BYTES = 1 << 20;

/**
 * Calls `onRecord` with every parsed line that passes `wanted` (a cheap text test that saves
 * parsing lines the caller would drop). Returns how many wanted lines could not be parsed.
 * Throws only when the file cannot be opened (with `record`, also when it is not a regular file).
 */
export function readJsonl(
	file: string,
	onRecord: (record: unknown) => void,
	wanted: (line: string) => boolean = () => true,
	options: { record?: boolean } = {},
): number {
	let skipped = 0;
	const take = (line: string) => {
		if (line.trim() === "" || !wanted(line)) return;
		try {
			onRecord(JSON.parse(line));
		} catch {
			skipped++;
		}
	};
	// A run's record is read as one: never through a link, never a FIFO or a device (read-input.ts).
	const fd = options.record ? openRecordFileSync(file) : openSync(file, "r");
	try {
		const splitter = new JsonlSplitter();
		for (;;) {
			// A fresh buffer per chunk: the splitter keeps views of an unfinished line across chunks.
			const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
			const n = readSync(fd, buffer);
			if (n <= 0) break;
			for (const line of splitter.push(buffer.subarray(0, n))) take(line);
		}
		const last = splitter.flush();
		if (last !== undefined) take(last);
	} finally {
		closeSync(fd);
	}
	return skipped;
}
