/**
 * Where a task's change went, when it was made on private copies (apply on-pass): applied to the
 * real roots, or not and why, and the patch the record keeps, with the command that applies it
 * later. Under `direct` there is no such section: the change went where the child made it. Pure.
 */
import { basename } from "node:path";
import { inline } from "../format/child-text.ts";
import { hanging } from "../format/text.ts";
import type { TaskPlan } from "../plan/types.ts";
import { filesText } from "../run/outcome/apply.ts";
import type { TaskResult } from "../run/outcome/result.ts";

/** How to apply the kept patch later, by the run's id (its audit directory's name). */
export const applyCommand = (result: TaskResult) => `pi-delegate apply ${basename(result.auditDir)}`;

/** One line for people and for the model alike. */
function applyLine(result: TaskResult): string | undefined {
	const apply = result.apply;
	if (apply === undefined) return undefined;
	const files = filesText(apply.files);
	if (apply.applied) {
		return apply.patch
			? `applied to ${apply.base} (${files}); kept as changes.patch`
			: "nothing to apply: no file changed";
	}
	const kept = apply.patch ? `; kept as changes.patch (${files}), \`${applyCommand(result)}\` applies it` : "";
	return `not applied: ${inline(apply.reason ?? "")}; ${apply.base} is as it was${kept}`;
}

/** The section for people, wrapped to `width`. */
export function applySection(result: TaskResult, width: number): string | undefined {
	const line = applyLine(result);
	return line === undefined ? undefined : `Changes\n${hanging("  ", line, width)}`;
}

/** The line a model reads. */
export function applyParts(result: TaskResult): string[] {
	const line = applyLine(result);
	return line === undefined ? [] : [`Changes: ${line}.`];
}

/** The preview's row: where the child makes its changes (a private copy, and how it sees it, or the real root). */
export function applyRow(plan: Pick<TaskPlan, "apply">): string[] {
	const { apply } = plan;
	if (apply.mode === "direct") return ["apply", "direct", apply.reason];
	const seen = apply.mounted ? "mounted at the root's path" : "the child is told the copy's path";
	return ["apply", "on-pass", `${apply.reason}; ${seen}`];
}
