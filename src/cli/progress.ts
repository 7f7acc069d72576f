/**
 * Live progress of a task on stderr. On a terminal one status line is redrawn in place (current
 * phase or tool, turn, tokens, cost, elapsed); anywhere else each step is printed once, so logs and
 * CI output stay readable.
 */
import { formatUsd } from "../run/report.ts";
import type { TaskProgress } from "../run/task.ts";
import type { ChildUsage } from "../run/types.ts";

interface State {
	phase: string;
	tool: string;
	turn: number;
	usage: ChildUsage | undefined;
}

const tokens = (u: ChildUsage) => u.input + u.output + u.cacheRead + u.cacheWrite;
const compact = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : n.toLocaleString("en-US"));

/** The status line for a state. Pure. */
export function statusLine(id: string, state: State, elapsedMs: number): string {
	const parts = [id, state.tool || state.phase];
	if (state.turn > 0) parts.push(`turn ${state.turn}`);
	if (state.usage) parts.push(`${compact(tokens(state.usage))} tok`, formatUsd(state.usage.costUsd));
	parts.push(`${(elapsedMs / 1000).toFixed(1)} s`);
	return parts.join(" · ");
}

export function progressPrinter(
	write: (text: string) => void,
	options: { id: string; tty: boolean; now?: () => number },
): { onProgress: (p: TaskProgress) => void; done: () => void } {
	const now = options.now ?? Date.now;
	const started = now();
	const state: State = { phase: "starting", tool: "", turn: 0, usage: undefined };
	const redraw = () => write(`\r\u001b[2K${statusLine(options.id, state, now() - started)}`);
	const timer = options.tty ? setInterval(redraw, 500) : undefined;
	timer?.unref();
	const line = (text: string) => write(`${options.id}  ${text}\n`);
	return {
		onProgress(p) {
			switch (p.type) {
				case "audit":
					if (!options.tty) line(`audit ${p.dir}`);
					return;
				case "phase":
					state.phase = p.detail ? `${p.phase} ${p.detail}` : p.phase;
					state.tool = "";
					if (!options.tty) line(state.phase);
					break;
				case "started":
					if (!options.tty) line(`child started (${p.runner}, ${p.model})`);
					break;
				case "turn":
					state.turn = p.turn;
					break;
				case "tool_start":
					state.tool = p.summary;
					if (!options.tty) line(`  ${p.summary}`);
					break;
				case "tool_end":
					state.tool = "";
					break;
				case "usage":
					state.usage = p.usage;
					break;
				case "budget_warning":
				case "warning":
					// A warning is never only redrawn away: it gets a line of its own on a terminal too.
					write(`${options.tty ? "\r\u001b[2K" : ""}${options.id}  ! ${p.message}\n`);
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
