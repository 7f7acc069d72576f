/** The turn budget's words to the child. Static per budget, so it never varies between siblings. */
export function lastTurnMessage(maxTurns: number): string {
	return [
		`This is your last turn (the budget is ${maxTurns} turns).`,
		"Call submit_result now with what you have: say what is done, list the rest in did_not_do,",
		"and mark the status partial if the work is not finished. Do not start anything new.",
	].join(" ");
}
