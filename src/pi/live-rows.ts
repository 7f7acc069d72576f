/**
 * The live rows of a call while its children run: one status line per child (task or fork), its
 * progress folded in on every event and the whole redrawn every second, so a clock keeps moving
 * while a child thinks. A child that ends says so on its own line at once (`lexer · PASS · 7.5 s ·
 * $0.0123`), its clock stopped, while its siblings run on. Both tools draw their row with it.
 * When the person quits Pi (screen-marks.ts: the marks are veiled), a child still running reads
 * `stopping · Pi quits` — the row stays on the terminal Pi leaves, and the quit stops the child.
 */

import { formatSeconds, formatUsd } from "../format/numbers.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import type { TaskProgress } from "../run/types.ts";
import { onVeilChange, veiled } from "./screen-marks.ts";

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
	const ended: Array<{ word: string; elapsedMs: number; usd: number | undefined } | undefined> = ids.map(
		() => undefined,
	);
	const lineOf = (id: string, i: number) => {
		const end = ended[i];
		if (!end && veiled()) return [id, "stopping · Pi quits", formatSeconds((now() - started) / 1000)].join(" · ");
		if (!end) return statusLine(id, states[i]!, now() - started);
		const usd = end.usd === undefined ? [] : [formatUsd(end.usd)];
		return [id, end.word, formatSeconds(end.elapsedMs / 1000), ...usd].join(" · ");
	};
	const draw = () => {
		const line = ids.map(lineOf).join("\n");
		onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
	};
	const timer = setInterval(draw, 1000);
	timer.unref?.();
	const unwatch = onVeilChange(draw);
	return {
		/** The child at `index` (in the order of `ids`) reported progress. */
		onProgress(index: number, p: TaskProgress) {
			if (ended[index]) return;
			states[index] = foldProgress(states[index]!, p);
			draw();
		},
		/** The child at `index` ended: `word` is how (PASS, FAIL, stopped, answered), its dollars when known. */
		onEnd(index: number, word: string, usd?: number) {
			if (ended[index]) return;
			ended[index] = { word, elapsedMs: now() - started, usd: usd ?? states[index]?.usage?.costUsd };
			draw();
		},
		stop: () => {
			clearInterval(timer);
			unwatch();
		},
	};
}
