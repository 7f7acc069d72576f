/**
 * /adversarial-review [--mode M] target — a review whose findings must survive an attempt to
 * refute them.
 *
 * A reviewer reports defects in the target, each with a verified file:line pointer. Then one
 * adversary per finding, in parallel, reads the code again and tries to refute it; a finding is
 * upheld only when its adversary's checked answer upholds it. The report lists what was upheld, what
 * was refuted and why, and what could not be settled.
 */
import type { Workflow } from "../types.ts";

export const limits = { concurrency: 4, usd: 3 };

/** More findings than this are not each challenged; the report says how many were left. */
const MOST_CHALLENGED = 8;

const RULING = {
	type: "object",
	properties: {
		ruling: { type: "string", enum: ["upheld", "refuted"] },
		reason: { type: "string", minLength: 1 },
	},
	required: ["ruling", "reason"],
	additionalProperties: false,
};

interface Ruling {
	ruling: "upheld" | "refuted";
	reason: string;
}

export default async function adversarialReview(wf: Workflow, args: readonly string[]): Promise<string> {
	const target = args.join(" ").trim();
	if (target === "") return "Usage: /adversarial-review [--mode M] <target>";
	const review = await wf.phase("review", () =>
		wf.agent(
			`Review ${target} for defects. Report each defect as one evidence claim whose pointer is the file and line it is about.`,
			{ agentType: "reviewer" },
		),
	);
	if (review.verdict === "FAIL")
		return `Adversarial review of ${target}: the review failed: ${review.problems[0]?.message}`;
	const claims = review.claims.slice(0, MOST_CHALLENGED);
	const rulings = await wf.phase("challenge", () =>
		wf.parallel(
			claims.map(
				(c) => () =>
					wf.agent(
						[
							`Another reviewer claims: "${c.claim}" (at ${c.pointer}).`,
							"Read the code yourself and try to refute the claim. Uphold it only if the code shows it is true.",
						].join("\n"),
						{ contextMode: "scoped", schema: RULING, deliverable: "Your ruling and the reason for it." },
					),
			),
		),
	);
	const lines = claims.map((c, i) => {
		const r = rulings[i];
		const ruling = r?.verdict === "PASS" ? (r.value as Ruling) : undefined;
		const word = ruling ? ruling.ruling.toUpperCase() : "UNSETTLED";
		const why = ruling ? ruling.reason : (r?.problems[0]?.message ?? "no ruling");
		return `${word.padEnd(9)} ${c.claim}\n          ${c.pointer} — ${why}`;
	});
	const upheld = rulings.filter((r) => r.verdict === "PASS" && (r.value as Ruling).ruling === "upheld").length;
	const left = review.claims.length - claims.length;
	return [
		`Adversarial review of ${target}: ${upheld} of ${claims.length} findings upheld.`,
		"",
		...(lines.length > 0 ? lines : ["The reviewer reported no defects."]),
		...(left > 0 ? ["", `${left} further findings were not challenged.`] : []),
	].join("\n");
}
