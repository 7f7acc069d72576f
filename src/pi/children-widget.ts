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
import { terminalSafe, truncate } from "../format/text.ts";
import { type ChildEntry, type ChildrenRegistry, type ChildrenState, isActive } from "../run/children.ts";
import { childRow, childrenLines, MARKS, type Paint, stateCounts } from "./children-lines.ts";
import { registerReportRenderer, showReport } from "./commands/report.ts";
import { watchQuitKeys } from "./quit-watch.ts";
import { clearStatuses, onVeilChange, veiled } from "./screen-marks.ts";

export const CHILDREN_WIDGET = "pi-delegate-children";

/** Shows the widget in the TUI and redraws it on every change and every second while a child runs. */
function installWidget(ctx: ExtensionContext, registry: ChildrenRegistry): void {
	if (ctx.mode !== "tui" || !ctx.hasUI) return;
	ctx.ui.setWidget(CHILDREN_WIDGET, (tui, theme) => {
		const paint: Paint = (role, text) => theme.fg(role, text);
		const unsubscribe = registry.subscribe(() => tui.requestRender());
		const unwatch = onVeilChange(() => tui.requestRender());
		const timer = setInterval(() => {
			if (registry.state.children.some(isActive)) tui.requestRender();
		}, 1000);
		timer.unref?.();
		return {
			render: (width: number) =>
				veiled() ? [] : childrenLines(registry.state, Date.now(), Math.max(20, width), paint),
			invalidate() {},
			dispose() {
				clearInterval(timer);
				unsubscribe();
				unwatch();
			},
		};
	});
}

/**
 * Takes the widget and the footer's statuses off the screen when the session ends (a signal, a
 * switch to another session): a child the end cut off never says it ended, so "1 child running"
 * would stay. A quit from the keyboard is veiled earlier (quit-watch.ts): Pi stops the terminal
 * before this runs.
 */
function clearScreen(ctx: ExtensionContext): void {
	clearStatuses();
	if (!ctx.hasUI) return;
	try {
		ctx.ui.setWidget(CHILDREN_WIDGET, undefined);
	} catch {
		// A UI already gone has nothing left to clear.
	}
}

function listText(state: ChildrenState, now: number): string {
	if (state.children.length === 0) return "No children in this session yet.";
	return state.children.map((c) => `${c.key.padEnd(32)}  ${childRow(c, now, 100, 24).slice(2)}`).join("\n");
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

/** Pi's select list draws an item after ` → ` (or three spaces), and a line must not reach the last column. */
const PICKER_INDENT = 4;

/**
 * The picker's items, one line each within `width` (a longer item wraps to column 1 and pushes the
 * key hints off a short screen): mark, id, state, then the goal cut with `…`. An id two children
 * share is told apart by its key, so every item is unique (the choice comes back as its text).
 */
export function pickerLabels(children: readonly ChildEntry[], width: number): string[] {
	return children.map((c) => {
		const shared = children.some((o) => o !== c && o.id === c.id);
		return truncate(`${MARKS[c.state]} ${shared ? c.key : c.id} · ${c.state} · ${terminalSafe(c.label)}`, width);
	});
}

async function pick(ctx: ExtensionCommandContext, registry: ChildrenRegistry, pi: ExtensionAPI, stopAll: () => void) {
	const children = registry.state.children;
	if (children.length === 0) return ctx.ui.notify("No children in this session yet.", "info");
	const labels = pickerLabels(children, (process.stdout.columns || 80) - PICKER_INDENT);
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
	let unwatchKeys = () => {};
	pi.on("session_start", (_event, ctx) => {
		installWidget(ctx, registry);
		unwatchKeys();
		unwatchKeys = watchQuitKeys(ctx);
	});
	pi.on("session_shutdown", (_event, ctx) => {
		unwatchKeys();
		clearScreen(ctx);
	});
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
					summary: stateCounts(registry.state.children),
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
