/**
 * /deep-research [--mode M] question — answers a question about the code in the run's directory.
 *
 * A planner splits the question into a few sub-questions; scouts answer them in parallel, each
 * answer backed by verified file:line pointers; a last child writes the answer from those findings
 * (passed on as facts, so the record shows what it was given) and must cite the code itself too.
 * The report is that answer with every pointer behind it.
 */
import type { CheckedResult, Workflow } from "../types.ts";

export const limits = { concurrency: 4, usd: 3 };

const SUB_QUESTIONS = {
	type: "object",
	properties: { questions: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 4 } },
	required: ["questions"],
	additionalProperties: false,
};

function evidence(results: readonly CheckedResult[]): string[] {
	const seen = new Set<string>();
	return results
		.filter((r) => r.verdict === "PASS")
		.flatMap((r) => r.claims)
		.filter((c) => !seen.has(c.pointer) && seen.add(c.pointer))
		.map((c) => `- ${c.pointer} — ${c.claim}`);
}

export default async function deepResearch(wf: Workflow, args: readonly string[]): Promise<string> {
	const question = args.join(" ").trim();
	if (question === "") return "Usage: /deep-research [--mode M] <question>";
	const plan = await wf.phase("plan", () =>
		wf.agent(`Split this question into at most four sub-questions, each answerable from this code: ${question}`, {
			agentType: "planner",
			effort: "fast",
			schema: SUB_QUESTIONS,
			deliverable: "The sub-questions, in the order they should be answered.",
		}),
	);
	const questions = plan.verdict === "PASS" ? (plan.value as { questions: string[] }).questions : [question];
	const answers = await wf.phase("research", () =>
		wf.parallel(
			questions.map(
				(sub) => () => wf.agent(`${sub}\n(This is part of a larger question: ${question})`, { agentType: "scout" }),
			),
		),
	);
	const found = answers.filter((a) => a.verdict === "PASS");
	const answer = await wf.phase("answer", () =>
		wf.agent(`Answer this question from the findings you are given, checking each against the code: ${question}`, {
			facts: found.map((a) => a.text),
			deliverable: "The answer, in a few paragraphs; point at the code for every claim.",
		}),
	);
	const head =
		answer.verdict === "PASS" ? answer.text : `No checked answer: ${answer.problems[0]?.message ?? "failed"}`;
	const missed = answers.length - found.length;
	return [
		`Question: ${question}`,
		"",
		head,
		"",
		"Evidence (every pointer verified):",
		...evidence([answer, ...found]),
		...(missed > 0 ? ["", `${missed} of ${answers.length} sub-questions got no checked answer.`] : []),
	].join("\n");
}
