/**
 * /code-review [--mode M] [target] — a read-only review of a file or directory (default: the
 * directory the run started in).
 *
 * A scout lists the files worth reading; reviewers read them a few files each, in parallel; every
 * finding is a claim with a file:line pointer that the envelope check has verified. The report lists
 * the findings of the reviews that passed, and names the ones that did not, so a silence is never
 * mistaken for a clean bill.
 */
import type { CheckedResult, Workflow } from "../types.ts";

export const limits = { concurrency: 4, usd: 3 };

/** Files per reviewer: small enough to read closely. */
const PER_REVIEWER = 4;
const MOST_FILES = 24;

const FILE_LIST = {
	type: "object",
	properties: { files: { type: "array", items: { type: "string" }, minItems: 1, maxItems: MOST_FILES } },
	required: ["files"],
	additionalProperties: false,
};

function groups<T>(items: readonly T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
	return out;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function findings(reviews: readonly CheckedResult[]): string[] {
	return reviews
		.filter((r) => r.verdict === "PASS")
		.flatMap((r) => r.claims.map((c) => `- ${c.claim}\n  ${c.pointer}`));
}

function failures(results: readonly CheckedResult[]): string[] {
	return results.filter((r) => r.verdict === "FAIL").map((r) => `- ${r.id}: ${r.problems[0]?.message ?? "failed"}`);
}

export default async function codeReview(wf: Workflow, args: readonly string[]): Promise<string> {
	const target = args.join(" ").trim() || ".";
	const scout = await wf.phase("scout", () =>
		wf.agent(`List the source files in ${target} that a code review should read, the most important first.`, {
			agentType: "scout",
			effort: "fast",
			schema: FILE_LIST,
			deliverable: "The files' paths, relative to the directory you were started in.",
		}),
	);
	if (scout.verdict === "FAIL")
		return [`Code review of ${target}: no files to review.`, ...failures([scout])].join("\n");
	const files = (scout.value as { files: string[] }).files;
	const reviews = await wf.phase("review", () =>
		wf.parallel(
			groups(files, PER_REVIEWER).map(
				(group) => () =>
					wf.agent(
						[
							`Review these files of ${target} for defects: ${group.join(", ")}.`,
							"Report each defect as one evidence claim whose pointer is the file and line it is about.",
							"A file you found sound needs no claim; say so in the deliverable.",
						].join("\n"),
						{ agentType: "reviewer", files: group.map((f) => (f.startsWith("/") ? f : `${wf.cwd}/${f}`)) },
					),
			),
		),
	);
	const found = findings(reviews);
	const failed = failures(reviews);
	const passedCount = reviews.length - failed.length;
	return [
		`Code review of ${target}: ${count(files.length, "file")}, ${passedCount} of ${count(reviews.length, "review")} passed, ${count(found.length, "finding")} (every pointer verified).`,
		"",
		...(found.length > 0 ? found : ["No defects reported."]),
		...(failed.length > 0 ? ["", "Reviews that failed (their files are not covered):", ...failed] : []),
	].join("\n");
}
