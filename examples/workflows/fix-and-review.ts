/**
 * Make a change, then have it reviewed by a child that did not make it. The worker may write only
 * under the root it is given (any change elsewhere fails it, whoever made it); the reviewer reads
 * the same root and must point at the lines it judges.
 *
 *   pi-delegate workflow run examples/workflows/fix-and-review.ts -- /path/to/repo "fix the typo in README.md"
 *
 * A rerun with --resume replays the fix (the files already carry it) and reviews again only if the
 * review's prompt changed.
 */
import type { Workflow } from "../../src/workflow/types.ts";

export default async function fixAndReview(wf: Workflow, args: readonly string[]): Promise<string> {
	const [root, ...words] = args;
	const goal = words.join(" ");
	if (!root || goal === "") return "Usage: -- <root> <what to change>";
	const fix = await wf.phase("fix", () =>
		wf.agent(goal, { agentType: "worker", read_only: false, roots: [root], write_allowed: [root] }),
	);
	if (fix.verdict === "FAIL")
		return `The change failed its checks:\n${fix.problems.map((p) => `- ${p.message}`).join("\n")}`;
	const changed = fix.delta.map((c) => `${c.kind} ${c.path}`).join(", ");
	const review = await wf.phase("review", () =>
		wf.agent(`Review this change under ${root}, made for "${goal}": ${changed}. The worker reported: ${fix.text}`, {
			agentType: "reviewer",
			roots: [root],
		}),
	);
	return [
		`Change: ${changed}`,
		`Review: ${review.verdict}`,
		...review.claims.map((c) => `- ${c.claim} (${c.pointer})`),
		review.text,
	].join("\n");
}
