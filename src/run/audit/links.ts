/**
 * The links between the legs of a resumed run. The new leg's record names the leg it continues
 * (`resumes`, in its launch.json and result.json, sealed with the rest of it); the first leg's record
 * is closed by then — its result.json written last, its files checked by the seal — so it is never
 * rewritten. Instead it gains one line per later leg in a file of its own, `links.ndjson`, which only
 * ever grows: the seal knows the file may appear after the record ends (audit.ts), and every file the
 * seal covered stays byte for byte what it was. A line is a claim the named record must confirm: a
 * reader believes `resumed_by` only when that run's own sealed record says it `resumes` this one.
 *
 * The first record lies in a directory a child without the sandbox could have written, so the line
 * is written as every record's file is: the directory opened without following a link, the file
 * reached through that handle, opened without following a link and without waiting on a FIFO, and
 * written only once it is seen to be a regular file.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The file of a record that grows after the record ends: one JSON line per later leg. */
export const LINKS_FILE = "links.ndjson";

const { O_RDONLY, O_WRONLY, O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/** One line of links.ndjson: the leg that continued this run, and where its record is. */
export interface ResumedByLine {
	resumed_by: string;
	dir: string;
	at: string;
}

/** Appends a `resumed_by` line to the first leg's record; throws (with an errno code) when it cannot. */
export function noteResumedBy(firstDir: string, next: { run: string; dir: string; at: Date }): void {
	const line: ResumedByLine = { resumed_by: next.run, dir: next.dir, at: next.at.toISOString() };
	const dirFd = openSync(firstDir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
	try {
		const through = existsSync("/proc/self/fd") ? `/proc/self/fd/${dirFd}` : firstDir;
		const fd = openSync(join(through, LINKS_FILE), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o644);
		try {
			if (!fstatSync(fd).isFile())
				throw Object.assign(new Error(`${LINKS_FILE} is not a regular file`), { code: "ENOTREG" });
			const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
			for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
		} finally {
			closeSync(fd);
		}
	} finally {
		closeSync(dirFd);
	}
}
