/**
 * The fast walk: one GNU `find -printf` process lists every entry under a root already in the text
 * form of entry.ts, NUL-separated so names with spaces, newlines or any other byte come through
 * intact. find also marks the files touched after the racy cutoff (`F` instead of `f`), so the
 * only per-entry work left in JavaScript is splitting the stream — which runs while find is still
 * walking. Measured in bench/boundary.bench.ts against the Node walk and against git status.
 */
import { ExecNotFound, exec } from "./exec.ts";
import { decodeName } from "./names.ts";

/** What a walk found under one root. */
export interface WalkResult {
	/** [relative path, entry text] pairs in walk order. */
	entries: Array<[string, string]>;
	/** Indices into `entries` of files touched after the racy cutoff: they need a content hash. */
	racy: number[];
	/** Paths the walk could not look into → why. */
	unreadable: Record<string, string>;
}

const FILE = "f %m %s %T@ %C@\\0";

/** The find expression. `.git` is listed (by the type branches) but never entered. */
function findArgs(cutoffSeconds: number): string[] {
	const cutoff = `@${cutoffSeconds.toFixed(3)}`;
	const branch = (test: string[], format: string) => ["(", ...test, "-printf", `%P\\0${format}`, ")"];
	return [
		".",
		"-mindepth",
		"1",
		...["(", "-name", ".git", "-prune", "-false", ")", "-o"],
		...branch(["-type", "f", "(", "-newermt", cutoff, "-o", "-newerct", cutoff, ")"], `F${FILE.slice(1)}`),
		"-o",
		...branch(["-type", "f"], FILE),
		"-o",
		...branch(["-type", "d"], "d %m\\0"),
		"-o",
		...branch(["-type", "l"], "l %l\\0"),
		"-o",
		...branch([], "%y %m\\0"),
	];
}

/** Splits find's output into entries as it arrives. Records are two NUL-terminated fields. */
export class FindOutputParser {
	readonly entries: Array<[string, string]> = [];
	readonly racy: number[] = [];
	private leftover: Buffer = Buffer.alloc(0);
	private path: string | null = null;

	push(chunk: Buffer): void {
		const bytes = this.leftover.length === 0 ? chunk : Buffer.concat([this.leftover, chunk]);
		const last = bytes.lastIndexOf(0);
		if (last === -1) {
			this.leftover = bytes;
			return;
		}
		// A NUL byte is never part of a multi-byte UTF-8 sequence, so cutting there is safe.
		const text = bytes.toString("utf8", 0, last);
		if (!text.includes("\uFFFD")) {
			for (const field of text.split("\u0000")) this.field(field);
		} else {
			let start = 0;
			while (start <= last) {
				const nul = bytes.indexOf(0, start);
				this.field(decodeName(bytes, start, nul));
				start = nul + 1;
			}
		}
		this.leftover = Buffer.from(bytes.subarray(last + 1));
	}

	/** True when the output ended on a record boundary. */
	complete(): boolean {
		return this.leftover.length === 0 && this.path === null;
	}

	private field(text: string): void {
		if (this.path === null) {
			this.path = text;
			return;
		}
		if (text.charCodeAt(0) === 0x46) {
			this.racy.push(this.entries.length);
			this.entries.push([this.path, `f${text.slice(1)}`]);
		} else {
			this.entries.push([this.path, text]);
		}
		this.path = null;
	}
}

/**
 * Walks `dir` with find. Returns null when find is missing, lacks -printf (BSD/macOS), or reported
 * any error (an unreadable directory, a race with a deletion): the Node walk then takes over and
 * records each such problem precisely.
 */
export async function walkWithFind(dir: string, cutoffMs: number): Promise<WalkResult | null> {
	const parser = new FindOutputParser();
	let result: Awaited<ReturnType<typeof exec>>;
	try {
		result = await exec("find", findArgs(cutoffMs / 1000), dir, (chunk) => parser.push(chunk));
	} catch (error) {
		if (error instanceof ExecNotFound) return null;
		throw error;
	}
	if (result.code !== 0 || result.stderr !== "" || !parser.complete()) return null;
	return { entries: parser.entries, racy: parser.racy, unreadable: {} };
}
