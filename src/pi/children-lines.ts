/**
 * The children widget's lines, pure: the children of the latest call (a `task` call's children, a
 * fork, a workflow run's `agent()` calls) and any child still running (a background child, one of
 * another call running at the same time) — not the ended children of earlier calls, whose results
 * are in their own tool rows. Its counts and dollars are of what it shows.
 *
 * At most WIDGET_ROWS children: with the title and the hint line, six lines, a fifth of a 30-row
 * terminal; a parallel call of more children shows the running ones first and counts the rest.
 * The columns line up: the id column has one width per render (the longest id shown, up to a share
 * of the row, longer ids cut with `…`), so what each child does starts in one column and keeps room.
 */
import { formatSeconds, formatUsd, plural } from "../format/numbers.ts";
import { terminalSafe, truncate } from "../format/text.ts";
import { type ChildEntry, type ChildrenState, isActive } from "../run/children.ts";

/** Children the widget shows at most (plus the title and the hint line: six lines in all). (@internal: exported for its tests) */
export const WIDGET_ROWS = 4;

/** How long ended children stay in the widget once nothing runs. (@internal: exported for its tests) */
export const LINGER_MS = 30_000;

/** The id column never takes more than this share of what the id and the goal share, nor more than ID_MAX. */
const ID_SHARE = 0.4;
const ID_MAX = 24;

export type Paint = (role: "accent" | "success" | "error" | "muted" | "dim" | "warning", text: string) => string;

const plain: Paint = (_role, text) => text;

export const MARKS: Record<ChildEntry["state"], string> = {
	queued: "○",
	running: "●",
	replayed: "↺",
	PASS: "✓",
	FAIL: "✗",
	done: "·",
	failed: "✗",
	stopped: "■",
};

function roleOf(child: ChildEntry): Parameters<Paint>[0] {
	if (child.state === "PASS" || child.state === "done") return "success";
	if (child.state === "FAIL" || child.state === "failed") return "error";
	if (child.state === "running") return "accent";
	return "muted";
}

function elapsed(child: ChildEntry, now: number): string {
	if (child.startedAt === undefined) return "";
	return formatSeconds(((child.endedAt ?? now) - child.startedAt) / 1000);
}

/**
 * The figures, fixed-width so every row's columns line up: dollars, time, and the turns the child
 * has finished (the count its report gives: `1 turn` while the second runs, not the turn running).
 */
function figures(child: ChildEntry, now: number): string {
	return [
		(child.state === "replayed" || child.state === "queued" ? "" : formatUsd(child.usd)).padStart(8),
		elapsed(child, now).padStart(7),
		(child.turns > 0 ? plural(child.turns, "turn") : "").padStart(8),
	].join(" ");
}

const STATE_WIDTH = 8;
const FIGURES_WIDTH = 8 + 1 + 8 + 1 + 7;

/** The id column's width for these rows at this width: the longest id, within its share. */
function idColumn(shown: readonly ChildEntry[], width: number): number {
	const room = width - 2 - STATE_WIDTH - 2 - 2 - FIGURES_WIDTH - 2;
	const longest = Math.max(...shown.map((c) => [...c.id].length));
	return Math.max(6, Math.min(longest, ID_MAX, Math.floor(room * ID_SHARE)));
}

/** One child's row: mark, id, state, what it does, figures; only what it does is shortened. */
export function childRow(child: ChildEntry, now: number, width: number, idWidth: number, paint: Paint = plain): string {
	const state = (child.stopping ? "stopping" : child.state).padEnd(STATE_WIDTH);
	// The label is a goal and the tool a child's call (a path, a command): terminal-safe, as every report.
	const doing = terminalSafe(child.state === "running" ? child.tool || child.label : child.label);
	const room = width - 2 - idWidth - 2 - STATE_WIDTH - 2 - 2 - FIGURES_WIDTH;
	const id = truncate(child.id, idWidth).padEnd(idWidth);
	const middle = room >= 4 ? `${truncate(doing, room).padEnd(room)}  ` : "";
	const text = `${MARKS[child.state]} ${id}  ${state}  ${middle}${figures(child, now)}`.trimEnd();
	return paint(roleOf(child), truncate(text, width));
}

/** `1 running · 2 PASS`: how many of these children are in each state. */
export function stateCounts(children: readonly ChildEntry[]): string {
	const order: ChildEntry["state"][] = ["running", "queued", "PASS", "FAIL", "replayed", "done", "failed", "stopped"];
	return order
		.map((s) => [s, children.filter((c) => c.state === s).length] as const)
		.filter(([, n]) => n > 0)
		.map(([s, n]) => `${n} ${s}`)
		.join(" · ");
}

/**
 * Which call each child belongs to: a workflow run's children are its run's; any other child (not
 * a background one) starts a new call when every child added before it had ended by then, and
 * belongs to the call running when it was added otherwise (a parallel call adds its children at
 * once; a fork or a task call that starts while one runs joins it).
 */
function callOf(children: readonly ChildEntry[]): Map<string, string> {
	// The latest time a foreground child added so far ended (infinite while one runs); a child added
	// at that very moment still joins the call.
	const calls = new Map<string, string>();
	let call = 0;
	let openUntil = Number.NEGATIVE_INFINITY;
	for (const child of children) {
		if (child.group !== undefined) {
			calls.set(child.key, `group:${child.group}`);
			continue;
		}
		if (child.background) continue;
		if (child.addedAt > openUntil) call++;
		calls.set(child.key, `call:${call}`);
		openUntil = Math.max(openUntil, child.endedAt ?? Number.POSITIVE_INFINITY);
	}
	return calls;
}

/** The children the widget is about: the latest call's, and every one still running or queued. */
export function currentChildren(state: ChildrenState): ChildEntry[] {
	const all = state.children;
	const calls = callOf(all);
	const latest = all.findLast((c) => calls.has(c.key));
	const current = latest ? calls.get(latest.key) : undefined;
	return all.filter((c) => isActive(c) || (current !== undefined && calls.get(c.key) === current));
}

/** Whether the widget has anything to show: a child runs, or one it shows ended less than LINGER_MS ago. */
function widgetVisible(state: ChildrenState, now: number): boolean {
	return currentChildren(state).some((c) => isActive(c) || (c.endedAt !== undefined && now - c.endedAt < LINGER_MS));
}

/** At most WIDGET_ROWS of `children`: all when they fit, else the active ones first, in their order. */
function rowsShown(children: readonly ChildEntry[]): ChildEntry[] {
	if (children.length <= WIDGET_ROWS) return [...children];
	const active = children.filter(isActive);
	const ended = children.filter((c) => !isActive(c));
	const kept = new Set([...active, ...ended.slice(-Math.max(0, WIDGET_ROWS - active.length))].slice(0, WIDGET_ROWS));
	return children.filter((c) => kept.has(c));
}

/** The widget's lines, at most `width` columns each. Pure. */
export function childrenLines(state: ChildrenState, now: number, width: number, paint: Paint = plain): string[] {
	if (!widgetVisible(state, now)) return [];
	const current = currentChildren(state);
	const shown = rowsShown(current);
	const spent = current.reduce((sum, c) => sum + c.usd, 0);
	const idWidth = idColumn(shown, width);
	const lines = [
		truncate(`${paint("accent", "Children")}  ${stateCounts(current)} · ${formatUsd(spent)}`, width),
		...shown.map((c) => childRow(c, now, width, idWidth, paint)),
	];
	const hidden = current.length - shown.length;
	const hint = current.some(isActive) ? "/children: stop one or open its report" : "/children: open a report";
	lines.push(paint("dim", truncate(hidden > 0 ? `… ${hidden} more · ${hint}` : hint, width)));
	return lines;
}
