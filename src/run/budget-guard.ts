/**
 * Stops a child when a budget runs out or the caller cancels, and says which: the runner is handed
 * an AbortSignal whose reason is the budget (`wall`, `usd`) or `cancelled`. The turn budget is held
 * by the runners themselves, from the child's side, so the last turn's work is not lost.
 */
import type { Budget } from "../request/limits.ts";
import type { AbortReason, ChildProgress } from "./types.ts";

export interface BudgetGuard {
	signal: AbortSignal;
	/** Looks at each progress event for a usd budget passed. */
	watch(progress: ChildProgress): void;
	/** Looks again, after what `others` counts has grown (a grandchild ended). */
	recheck(): void;
	dispose(): void;
}

/** `others`: dollars spent on the child's behalf besides its own (its children's, run/nest.ts). */
export function budgetGuard(
	budget: Budget,
	cancel: AbortSignal | undefined,
	others: () => number = () => 0,
): BudgetGuard {
	let own = 0;
	const controller = new AbortController();
	const stop = (reason: AbortReason) => {
		if (!controller.signal.aborted) controller.abort(reason);
	};
	const timer = setTimeout(() => stop("wall"), budget.wall_s * 1000);
	const onCancel = () => stop("cancelled");
	cancel?.addEventListener("abort", onCancel, { once: true });
	if (cancel?.aborted) onCancel();
	return {
		signal: controller.signal,
		watch(progress) {
			if (progress.type === "usage") own = progress.usage.costUsd;
			if (progress.type === "usage" && own + others() > budget.usd) stop("usd");
		},
		recheck() {
			if (own + others() > budget.usd) stop("usd");
		},
		dispose() {
			clearTimeout(timer);
			cancel?.removeEventListener("abort", onCancel);
		},
	};
}
