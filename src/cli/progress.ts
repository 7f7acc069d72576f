/**
 * Live progress of a task on stderr. On a terminal one status line is redrawn in place every half
 * second (current phase or tool, turn, tokens, cost, elapsed), so the clock moves during a long
 * command; anywhere else each step is printed once, so logs and CI output stay readable. The state
 * and the line come from the fold Pi's tool row uses too (report/progress.ts).
 */
import { inline } from "../format/child-text.ts";
import { terminalSafe } from "../format/text.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import type { TaskProgress } from "../run/types.ts";

export function progressPrinter(
	write: (text: string) => void,
	options: { id: string; tty: boolean; now?: () => number; columns?: number },
): { onProgress: (p: TaskProgress) => void; done: () => void } {
	const now = options.now ?? Date.now;
	const started = now();
	let state: ProgressState = INITIAL_PROGRESS;
	const width = Math.max(40, (options.columns ?? 80) - 1);
	const redraw = () => write(`\r\u001b[2K${statusLine(options.id, state, now() - started, width)}`);
	const timer = options.tty ? setInterval(redraw, 500) : undefined;
	timer?.unref();
	// A step's text may quote the child (a tool call's path or command, a warning): one line, terminal-safe.
	const line = (text: string) => write(`${options.id}  ${terminalSafe(inline(text))}\n`);
	return {
		onProgress(p) {
			state = foldProgress(state, p);
			switch (p.type) {
				case "audit":
					// The audit path is printed whole, on its own line, however wide the terminal.
					write(`${options.tty ? "\r\u001b[2K" : ""}${options.id}  audit\n${p.dir}\n`);
					break;
				case "phase":
					if (!options.tty) line(state.phase);
					break;
				case "started":
					if (!options.tty) line(`child started (${p.runner}, ${p.model})`);
					break;
				case "tool_start":
					if (!options.tty) line(`  ${p.summary}`);
					break;
				case "budget_warning":
				case "warning":
					// A warning is never only redrawn away: it gets a line of its own on a terminal too.
					write(`${options.tty ? "\r\u001b[2K" : ""}${options.id}  ! ${terminalSafe(inline(p.message))}\n`);
					break;
			}
			if (options.tty) redraw();
		},
		done() {
			if (timer) clearInterval(timer);
			if (options.tty) write("\r\u001b[2K");
		},
	};
}
