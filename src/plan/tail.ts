/**
 * Choosing a task's tail (context ladder L3): the latest whole units of the caller's conversation
 * that fit the spec's token budget, newest first, stopping at the first that does not fit — a
 * tail is contiguous, so the child never reads a turn without the one that led to it. Pi's
 * projection starts after the latest compaction with that compaction's summary, so the tail can
 * reach the summary and never what it summarised.
 *
 * The caller's turn in progress (the one whose tool call started this task) has a call without a
 * result; it is left out. Nothing chosen is never an error: the task runs without a tail and the
 * plan says why in a warning. Pure.
 */
import type { Problem } from "../problems.ts";
import type { TailSection } from "../prompt/tail.ts";
import { type TailUnit, type TranscriptMessage, tailUnits } from "../prompt/tail-units.ts";

/** The caller's conversation as the task inputs carry it. */
export interface TaskBranch {
	/** The messages Pi would send for the branch, in order (its projection of the session). */
	messages: readonly TranscriptMessage[];
	/** Where they came from, for warnings: "this session", a session file's path. */
	source: string;
}

export interface TailChoice extends TailSection {
	/** Units the conversation had (the turn in progress not counted). */
	available: number;
	/** Images among the chosen units, each replaced by a placeholder. */
	images: number;
	warnings: Problem[];
}

const PATH = ["context", "tail", "tokens"];

function none(budget: number, warnings: Problem[], available = 0): TailChoice {
	return { units: [], omitted: available, tokens: 0, budget, available, images: 0, warnings };
}

/** The units of a branch without the caller's turn in progress. */
function settledUnits(messages: readonly TranscriptMessage[]): TailUnit[] {
	const units = tailUnits(messages);
	if (units.at(-1)?.open) units.pop();
	return units;
}

/** The tail of `branch` within `budget` tokens; `branch` undefined means there is no conversation at all. */
export function chooseTail(branch: TaskBranch | undefined, budget: number): TailChoice {
	if (!branch) {
		return none(budget, [
			{
				path: ["context", "tail"],
				code: "unavailable",
				value: { tokens: budget },
				message: "there is no conversation to take a tail from: the task runs without one",
				fix: "start it from the task tool inside Pi, pass --session FILE on the command line, or leave out context.tail",
			},
		]);
	}
	const units = settledUnits(branch.messages);
	if (units.length === 0) {
		return none(budget, [
			{
				path: PATH,
				code: "unavailable",
				value: budget,
				message: `${branch.source} has no conversation yet: the task runs without a tail`,
				fix: "leave out context.tail, or delegate once there is a conversation to hand over",
			},
		]);
	}
	const taken: TailUnit[] = [];
	let tokens = 0;
	for (let i = units.length - 1; i >= 0; i--) {
		const unit = units[i] as TailUnit;
		if (tokens + unit.tokens > budget) break;
		taken.unshift(unit);
		tokens += unit.tokens;
	}
	if (taken.length === 0) {
		const latest = (units.at(-1) as TailUnit).tokens;
		return none(
			budget,
			[
				{
					path: PATH,
					code: "too_small",
					value: budget,
					message: `the latest entry of ${branch.source} alone is about ${latest} tokens, over the budget: the task runs without a tail`,
					fix: `raise context.tail.tokens to at least ${latest}, or leave out context.tail`,
				},
			],
			units.length,
		);
	}
	const images = taken.reduce((n, unit) => n + unit.images, 0);
	return {
		units: taken,
		omitted: units.length - taken.length,
		tokens,
		budget,
		available: units.length,
		images,
		warnings: [],
	};
}

/** The figures of a chosen tail, for the plan (the text itself is in the brief). */
export function tailSummary(tail: TailChoice, source: string) {
	return {
		budget: tail.budget,
		tokens: tail.tokens,
		entries: tail.units.length,
		omitted: tail.omitted,
		images: tail.images,
		source,
	};
}
