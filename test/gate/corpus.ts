/** The labelled briefs of test/fixtures/briefs/, every file, for the corpus test and the benchmark. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type LabelledBrief, parseCorpus } from "../../bench/support/gate-score.ts";

export const BRIEFS_DIR = join(import.meta.dirname, "..", "fixtures", "briefs");

/** Each corpus file by name (without .jsonl), in name order. */
export function corpusFiles(): Array<{ name: string; rows: LabelledBrief[] }> {
	return readdirSync(BRIEFS_DIR)
		.filter((f) => f.endsWith(".jsonl"))
		.sort()
		.map((f) => ({ name: f.replace(/\.jsonl$/, ""), rows: parseCorpus(readFileSync(join(BRIEFS_DIR, f), "utf8"), f) }));
}

export const allBriefs = (): LabelledBrief[] => corpusFiles().flatMap((f) => f.rows);
