/**
 * The footer status of children still running: how many, and the dollars they have spent so far,
 * from the usage their progress reports. Every running child of every `task` call of the session
 * counts, so two calls at once show one figure; the status is cleared when the last one ends (a
 * finished child's spend is in the tool result's usage, which Pi's own footer adds up).
 */
import { formatUsd, plural } from "../format/numbers.ts";
import { type StatusUI, showStatus } from "./screen-marks.ts";
import { SPEND_STATUS_KEY } from "./spend-status-key.ts";

/** `2 children running · $0.0123`, or undefined when none runs (the status is cleared). */
export function spendStatusText(dollars: readonly number[]): string | undefined {
	if (dollars.length === 0) return undefined;
	const total = dollars.reduce((sum, usd) => sum + usd, 0);
	return `delegate: ${plural(dollars.length, "child", "children")} running · ${formatUsd(total)}`;
}

/** One running child's entry in the status. */
export interface RunningChild {
	/** The child's dollars so far (its latest usage figure). */
	spent(usd: number): void;
	/** The child has finished: it leaves the status. */
	done(): void;
}

/** The live spend of the children a session runs, shown through whichever UI the latest call has. */
export class LiveSpend {
	private readonly running = new Map<number, number>();
	private next = 0;
	private ui: StatusUI | undefined;

	/** A child starts; `ui` is where the status is drawn (the call's context's UI). */
	start(ui: StatusUI | undefined): RunningChild {
		const key = this.next++;
		this.ui = ui ?? this.ui;
		this.running.set(key, 0);
		this.draw();
		return {
			spent: (usd) => {
				if (!this.running.has(key)) return;
				this.running.set(key, usd);
				this.draw();
			},
			done: () => {
				this.running.delete(key);
				this.draw();
			},
		};
	}

	/** A UI that cannot draw (a closed session) must not fail the task: showStatus swallows it. */
	private draw(): void {
		showStatus(this.ui, SPEND_STATUS_KEY, spendStatusText([...this.running.values()]));
	}
}
