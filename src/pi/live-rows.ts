/**
 * The live rows of a call while its children run: one status line per child (task or fork), its
 * progress folded in on every event and the whole redrawn every second, so a clock keeps moving
 * while a child thinks. Both tools draw their row with it.
 */
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import type { TaskProgress } from "../run/types.ts";

/** What a tool row's update carries while its children run. */
export interface ProgressUpdate {
	content: Array<{ type: "text"; text: string }>;
	details: { kind: "progress"; line: string };
}

export function liveRows(
	ids: readonly string[],
	onUpdate: ((update: ProgressUpdate) => void) | undefined,
	now: () => number,
) {
	const started = now();
	const states: ProgressState[] = ids.map(() => INITIAL_PROGRESS);
	const draw = () => {
		const line = ids.map((id, i) => statusLine(id, states[i]!, now() - started)).join("\n");
		onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
	};
	const timer = setInterval(draw, 1000);
	timer.unref?.();
	return {
		/** The child at `index` (in the order of `ids`) reported progress. */
		onProgress(index: number, p: TaskProgress) {
			states[index] = foldProgress(states[index]!, p);
			draw();
		},
		stop: () => clearInterval(timer),
	};
}
