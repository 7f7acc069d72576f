/**
 * The children of this session, live, above the editor: every `task` call, fork and workflow call
 * that reports into the children registry, with its state (queued, running, replayed, PASS, FAIL),
 * what it is doing, its turn, dollars and elapsed time, redrawn every second while one runs. It
 * fits the terminal's width (80 columns and up) by shortening what a child is doing, never the
 * figures.
 *
 * `/children` goes with it: in the TUI it lists the children to pick one, then stops it (only it)
 * or opens its report; `/children stop ID|all`, `/children report ID` and `/children send ID
 * MESSAGE` (into a running child's inbox: it reads it at its next turn) do the same without a
 * dialog (RPC, print mode), and `/children` alone prints the list.
 */
import type { ExtensionAPI, ExtensionCommandContext, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { formatSeconds, formatUsd } from "../format/numbers.ts";
import { terminalSafe, truncate } from "../format/text.ts";
import { type ChildEntry, type ChildrenRegistry, type ChildrenState, isActive } from "../run/children.ts";
import { registerReportRenderer, showReport } from "./commands/report.ts";

export const CHILDREN_WIDGET = "pi-delegate-children";

/** Rows the widget shows at most; the rest are counted. */
export const WIDGET_ROWS = 8;

/** How long ended children stay in the widget once nothing runs. */
export const LINGER_MS = 30_000;

export type Paint = (role: "accent" | "success" | "error" | "muted" | "dim" | "warning", text: string) => string;

const plain: Paint = (_role, text) => text;

const MARKS: Record<ChildEntry["state"], string> = {
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

function row(child: ChildEntry, now: number, width: number, paint: Paint): string {
	const state = (child.stopping ? "stopping" : child.state).padEnd(8);
	// The label is a goal and the tool a child's call (a path, a command): terminal-safe, as every report.
	const doing = terminalSafe(child.state === "running" ? child.tool || child.label : child.label);
	// Fixed-width figures, so every row's columns line up.
	const figures = [
		(child.turn > 0 ? `t${child.turn}` : "").padStart(4),
		(child.state === "replayed" || child.state === "queued" ? "" : formatUsd(child.usd)).padStart(8),
		elapsed(child, now).padStart(7),
	].join(" ");
	// The mark, the state and the figures are kept whole; the id and what the child does share the rest.
	const room = width - 2 - state.length - 2 - 2 - figures.length;
	const idWidth = Math.max(6, Math.min(child.id.length, 28, room - 10));
	const doingWidth = room - idWidth - 2;
	const id = truncate(child.id, idWidth).padEnd(idWidth);
	const middle = doingWidth >= 4 ? `${truncate(doing, doingWidth).padEnd(doingWidth)}  ` : "";
	const text = `${MARKS[child.state]} ${id}  ${state}  ${middle}${figures}`.trimEnd();
	return paint(roleOf(child), truncate(text, width));
}

function counts(children: readonly ChildEntry[]): string {
	const order: ChildEntry["state"][] = ["running", "queued", "PASS", "FAIL", "replayed", "done", "failed", "stopped"];
	return order
		.map((s) => [s, children.filter((c) => c.state === s).length] as const)
		.filter(([, n]) => n > 0)
		.map(([s, n]) => `${n} ${s}`)
		.join(" · ");
}

/** Whether the widget has anything to show: a child runs, or one ended less than LINGER_MS ago. */
export function widgetVisible(state: ChildrenState, now: number): boolean {
	return state.children.some((c) => isActive(c) || (c.endedAt !== undefined && now - c.endedAt < LINGER_MS));
}

/** The widget's lines, at most `width` columns each. Pure. */
export function childrenLines(state: ChildrenState, now: number, width: number, paint: Paint = plain): string[] {
	if (!widgetVisible(state, now)) return [];
	const all = state.children;
	const active = all.filter(isActive);
	const ended = all.filter((c) => !isActive(c));
	const shown = [...active, ...ended.slice(-Math.max(0, WIDGET_ROWS - active.length))].slice(0, WIDGET_ROWS);
	const spent = all.reduce((sum, c) => sum + c.usd, 0);
	const lines = [
		truncate(`${paint("accent", "Children")}  ${counts(all)} · ${formatUsd(spent)}`, width),
		...shown.map((c) => row(c, now, width, paint)),
	];
	const hidden = all.length - shown.length;
	const hint = active.length > 0 ? "/children: stop one or open its report" : "/children: open a report";
	lines.push(paint("dim", truncate(hidden > 0 ? `… ${hidden} more · ${hint}` : hint, width)));
	return lines;
}

/** Shows the widget in the TUI and redraws it on every change and every second while a child runs. */
function installWidget(ctx: ExtensionContext, registry: ChildrenRegistry): void {
	if (ctx.mode !== "tui" || !ctx.hasUI) return;
	ctx.ui.setWidget(CHILDREN_WIDGET, (tui, theme) => {
		const paint: Paint = (role, text) => theme.fg(role, text);
		const unsubscribe = registry.subscribe(() => tui.requestRender());
		const timer = setInterval(() => {
			if (registry.state.children.some(isActive)) tui.requestRender();
		}, 1000);
		timer.unref?.();
		return {
			render: (width: number) => childrenLines(registry.state, Date.now(), Math.max(20, width), paint),
			invalidate() {},
			dispose() {
				clearInterval(timer);
				unsubscribe();
			},
		};
	});
}

function listText(state: ChildrenState, now: number): string {
	if (state.children.length === 0) return "No children in this session yet.";
	return state.children.map((c) => `${c.key.padEnd(32)}  ${row(c, now, 100, plain).slice(2)}`).join("\n");
}

function notify(pi: ExtensionAPI, ctx: ExtensionCommandContext, text: string): void {
	if (ctx.hasUI) ctx.ui.notify(text, "info");
	else showReport(pi, ctx, { title: "children", summary: text, text });
}

function sendTo(
	registry: ChildrenRegistry,
	child: ChildEntry,
	message: string,
	done: (text: string) => void,
	fail: (text: string) => void,
): void {
	if (message === "") fail("send needs a message: /children send ID MESSAGE");
	else if (!isActive(child)) fail(`${child.id} has ended (${child.state}); it takes no messages`);
	else if (!registry.send(child.key, message)) fail(`${child.key} takes no messages now`);
	else done(`Sent to ${child.key}; it reads it at its next turn.`);
}

function openReport(pi: ExtensionAPI, ctx: ExtensionCommandContext, child: ChildEntry): void {
	const text = child.report ?? `${child.id} is ${child.state}; its record: ${child.auditDir ?? "(not yet created)"}`;
	showReport(pi, ctx, { title: `${child.id}: ${child.state}`, summary: text.split("\n").slice(0, 6).join("\n"), text });
}

async function pick(ctx: ExtensionCommandContext, registry: ChildrenRegistry, pi: ExtensionAPI, stopAll: () => void) {
	const children = registry.state.children;
	if (children.length === 0) return ctx.ui.notify("No children in this session yet.", "info");
	const labels = children.map((c) => `${MARKS[c.state]} ${c.id} · ${c.state} · ${c.label}`);
	const chosen = await ctx.ui.select("Children of this session", labels);
	const child = children[labels.indexOf(chosen ?? "")];
	if (!child) return;
	const actions = isActive(child) ? ["Stop this child", "Open its record", "Stop every child"] : ["Open its report"];
	const action = await ctx.ui.select(`${child.id} (${child.state})`, actions);
	if (action === "Stop this child") registry.stop(child.key);
	else if (action === "Stop every child") stopAll();
	else if (action !== undefined) openReport(pi, ctx, child);
}

/**
 * Installs the widget (at every session start, in the TUI) and `/children`. `stopAll` also ends
 * whatever started the children (a workflow run), so no new one starts.
 */
export function registerChildrenWidget(
	pi: ExtensionAPI,
	registry: ChildrenRegistry,
	stopAll: () => void = () => {},
): void {
	registerReportRenderer(pi);
	pi.on("session_start", (_event, ctx) => installWidget(ctx, registry));
	const stopEvery = () => {
		stopAll();
		for (const child of registry.state.children) if (isActive(child)) registry.stop(child.key);
	};
	pi.registerCommand("children", {
		description: "This session's delegated children: stop one, send one a message, or open its report",
		handler: async (line, ctx) => {
			const [verb, ref] = line.trim().split(/\s+/);
			const message = line.trim().split(/\s+/).slice(2).join(" ");
			if (!verb) {
				if (ctx.mode === "tui" && ctx.hasUI) return pick(ctx, registry, pi, stopEvery);
				return showReport(pi, ctx, {
					title: "Children",
					summary: counts(registry.state.children),
					text: listText(registry.state, Date.now()),
				});
			}
			if (verb === "stop" && ref === "all") return stopEvery();
			const child = ref === undefined ? undefined : registry.find(ref);
			const fail = (text: string) => showReport(pi, ctx, { title: "children", summary: text, text, error: true });
			if (verb !== "stop" && verb !== "report" && verb !== "send")
				return fail(`unknown action "${verb}"; use stop ID|all, send ID MESSAGE or report ID`);
			if (!child) return fail(`no child "${ref ?? ""}"; /children lists them`);
			if (verb === "report") return openReport(pi, ctx, child);
			if (verb === "send") return sendTo(registry, child, message, (text) => notify(pi, ctx, text), fail);
			if (!registry.stop(child.key)) return fail(`${child.id} has ended (${child.state}); nothing to stop`);
		},
	});
}
