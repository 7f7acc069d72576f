/**
 * The turn budget as the child enforces it on itself. Pure decisions; the child-side extension
 * acts on them.
 *
 * The warning must reach the model in the request of the last allowed turn. Pi polls its steering
 * queue after a turn ends and before the next one starts, so the warning is queued at the end of
 * the turn before the last one (and, with a budget of one turn, attached to the first message).
 * A warning queued when the last turn starts would arrive one turn too late.
 */
import { plural } from "../../format/numbers.ts";

/** `customType` of the warning message, so the runner can recognise it in the event stream. */
export const LAST_TURN_MESSAGE_TYPE = "pi-delegate-last-turn";

/** The warning, in the words the child reads. */
export function lastTurnNotice(budget: number): string {
	return (
		`This is your last turn: the task's budget of ${plural(budget, "turn")} is spent after it. ` +
		"Call submit_result now with what you have. Put whatever you did not finish in did_not_do, " +
		"and anything you could not verify in unsure. Do not start new work."
	);
}

/** Whether the warning goes with the first message: only when the first turn is also the last. */
export function warnAtStart(budget: number): boolean {
	return budget <= 1;
}

export interface TurnEnd {
	/** Assistant turns finished so far, this one included. */
	turnsDone: number;
	budget: number;
	/** A result was accepted by submit_result: the child stops on its own. */
	submitted: boolean;
	/** The turn ran tools, so the agent would call the model again. */
	continuing: boolean;
}

/**
 * What to do when a turn ends: queue the warning before the last turn, stop a child that would go
 * past its budget, or nothing. A child that ends its last turn without tools stops on its own and is
 * not aborted, so its end is its own.
 */
export function afterTurn(turn: TurnEnd): "warn" | "stop" | "none" {
	if (turn.submitted) return "none";
	if (turn.turnsDone >= turn.budget) return turn.continuing ? "stop" : "none";
	if (turn.turnsDone === turn.budget - 1) return "warn";
	return "none";
}
