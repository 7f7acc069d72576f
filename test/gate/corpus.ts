/** The labelled briefs of test/fixtures/briefs/, every file, for the corpus test and the benchmark. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type LabelledBrief, parseCorpus } from "../../bench/support/gate-score.ts";

export const BRIEFS_DIR = join(import.meta.dirname, "..", "fixtures", "briefs");

/**
 * Files whose name starts with this are the held-out split: briefs written before the rules were
 * changed for them, and never used to tune a rule (test/fixtures/briefs/README.md). Every other
 * file is the tuning split.
 */
export const HELD_OUT_PREFIX = "heldout";

/**
 * The held-out files in the order they were written, oldest first. Their names do not sort that
 * way (`heldout-agents4` came after `heldout-polite12`), and the newest file is the one reported on
 * its own: it is the only one scored once, after the last rule change. A test holds this list to
 * the held-out files on disk.
 */
export const HELD_OUT_WRITTEN = [
	"heldout-polite",
	"heldout-polite2",
	"heldout-polite3",
	"heldout-polite4",
	"heldout-polite5",
	"heldout-polite6",
	"heldout-polite7",
	"heldout-polite8",
	"heldout-polite9",
	"heldout-polite10",
	"heldout-polite11",
	"heldout-polite12",
	"heldout-agents4",
	"heldout-polite13",
	"heldout-agents5",
	"heldout-polite14",
	"heldout-agents6",
	"heldout-polite15",
	"heldout-agents7",
	"heldout-polite16",
	"heldout-agents8",
	"heldout-polite17",
	"heldout-agents9",
	"heldout-polite18",
	"heldout-agents10",
	"heldout-polite19",
	"heldout-agents11",
	"heldout-polite20",
	"heldout-agents12",
	"heldout-polite21",
	"heldout-agents13",
	"heldout-polite22",
	"heldout-agents14",
	"heldout-polite23",
	"heldout-agents15",
	"heldout-polite24",
	"heldout-agents16",
	"heldout-polite25",
	"heldout-agents17",
	"heldout-polite26",
	"heldout-agents18",
	"heldout-polite27",
	"heldout-agents19",
] as const;

/** Each corpus file by name (without .jsonl), in name order. */
export function corpusFiles(): Array<{ name: string; rows: LabelledBrief[] }> {
	return readdirSync(BRIEFS_DIR)
		.filter((f) => f.endsWith(".jsonl"))
		.sort()
		.map((f) => ({ name: f.replace(/\.jsonl$/, ""), rows: parseCorpus(readFileSync(join(BRIEFS_DIR, f), "utf8"), f) }));
}

export const allBriefs = (): LabelledBrief[] => corpusFiles().flatMap((f) => f.rows);

/** The two splits: the briefs the rules were tuned on, and the held-out briefs they never were. */
export function corpusSplits(): { tuning: LabelledBrief[]; "held-out": LabelledBrief[] } {
	const files = corpusFiles();
	const held = (name: string) => name.startsWith(HELD_OUT_PREFIX);
	return {
		tuning: files.filter((f) => !held(f.name)).flatMap((f) => f.rows),
		"held-out": files.filter((f) => held(f.name)).flatMap((f) => f.rows),
	};
}

/**
 * `read` with each brief's reading made once: the corpus-wide tests read the same thousands of
 * briefs from several sides, and every figure then reads the same decisions.
 */
export function readOnce<T>(read: (brief: string) => T): (brief: string) => T {
	const known = new Map<string, T>();
	return (brief) => {
		if (known.has(brief)) return known.get(brief) as T;
		const value = read(brief);
		known.set(brief, value);
		return value;
	};
}
