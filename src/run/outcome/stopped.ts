/**
 * Whether the caller stopped a run (Esc on the tool row, `/children stop`, Ctrl-C, `pi-delegate
 * stop`). Such a run is no PASS and result.json keeps its verdict FAIL, so every reader that asks
 * "did it pass?" stays right; its one problem says `cancelled`, and readers that show a state
 * (the tool rows, the reports, `runs`) call it stopped rather than failed. Pure.
 */

/** The problem a stop leaves (verdict.ts `budgetProblems`): code `child`, value `cancelled`. */
export function stoppedByCaller(result: { problems?: ReadonlyArray<{ code?: unknown; value?: unknown }> }): boolean {
	return (result.problems ?? []).some((p) => p.code === "child" && p.value === "cancelled");
}
