/**
 * One extension instance's side of the background children (background-hub.ts): a child's result
 * sent to the parent as one message of this package's type — queued as a follow-up while the
 * parent works, or starting a turn when it is idle, so the parent acts on it — the session's
 * records of what was launched and delivered, the child's spend link, and the footer's line.
 *
 * The records make delivery once hold beyond the process-wide hub: an instance reads, when it
 * attaches, every key the session already holds as delivered (a `delivered` record or a message
 * of this type) and never sends those again.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { formatUsd, plural } from "../format/numbers.ts";
import type { ChildrenRegistry } from "../run/children.ts";
import type { BackgroundOutcome, BackgroundRun, BackgroundSink } from "./background-hub.ts";
import { showStatus } from "./screen-marks.ts";

/** The custom type of a delivered result (a message the parent reads). */
export const BACKGROUND_MESSAGE = "pi-delegate.background-result";
/** The custom type of the session's records of launches and deliveries (never sent to the model). */
export const BACKGROUND_ENTRY = "pi-delegate.background";
/** The footer key of the background line. */
export const BACKGROUND_STATUS_KEY = "pi-delegate-background";

/** What a delivered message's details hold: enough to count the child once and to find its record. */
export interface BackgroundMessageDetails {
	key: string;
	id: string;
	kind: "task" | "fork" | "workflow";
	state: string;
	auditDir?: string;
	usage?: BackgroundOutcome["usage"];
}

/** The message the parent reads when a background child ends: which child, then its compact report. */
export function backgroundMessage(outcome: BackgroundOutcome) {
	const details: BackgroundMessageDetails = {
		key: outcome.key,
		id: outcome.id,
		kind: outcome.kind,
		state: outcome.state,
		...(outcome.auditDir !== undefined && { auditDir: outcome.auditDir }),
		...(outcome.usage !== undefined && { usage: outcome.usage }),
	};
	const content = `Background ${outcome.kind} ${outcome.key} has ended (${outcome.state}).\n${outcome.text}`;
	return { customType: BACKGROUND_MESSAGE, content, display: true, details };
}

/** The keys a session's entries hold as delivered: a `delivered` record, or a result message. */
export function deliveredKeys(entries: readonly unknown[]): Set<string> {
	const keys = new Set<string>();
	for (const entry of entries) {
		const e = entry as { type?: string; customType?: string; data?: { event?: unknown; key?: unknown } };
		const details = (entry as { details?: { key?: unknown } }).details;
		if (e.type === "custom" && e.customType === BACKGROUND_ENTRY && e.data?.event === "delivered") {
			if (typeof e.data.key === "string") keys.add(e.data.key);
		} else if (e.type === "custom_message" && e.customType === BACKGROUND_MESSAGE && typeof details?.key === "string") {
			keys.add(details.key);
		}
	}
	return keys;
}

/** `background: 2 running · 1 queued · $0.0123`, or undefined when none is left (the line is cleared). */
export function backgroundStatusText(runs: ReadonlyArray<Pick<BackgroundRun, "state" | "usd">>): string | undefined {
	const running = runs.filter((r) => r.state === "running");
	const queued = runs.filter((r) => r.state === "queued").length;
	if (running.length === 0 && queued === 0) return undefined;
	const usd = running.reduce((sum, r) => sum + r.usd, 0);
	return [
		`background: ${plural(running.length, "child", "children")} running`,
		...(queued > 0 ? [`${queued} queued`] : []),
		formatUsd(usd),
	].join(" · ");
}

/** The sink of one instance: `pi` is this instance's API; `ctx` the session it attached in. */
export function createSink(pi: ExtensionAPI, registry: ChildrenRegistry, ctx: ExtensionContext): BackgroundSink {
	const ui = ctx.mode === "tui" && ctx.hasUI ? ctx.ui : undefined;
	return {
		registry,
		delivered: deliveredKeys(ctx.sessionManager.getEntries()),
		deliver(outcome) {
			// The message first: a message that could not be sent throws before anything says it went, and
			// the hub keeps the result for the next instance. The message's own entry names its key too.
			pi.sendMessage(backgroundMessage(outcome), { deliverAs: "followUp", triggerTurn: true });
			pi.appendEntry(BACKGROUND_ENTRY, { event: "delivered", key: outcome.key, via: "message" });
		},
		record(data) {
			try {
				pi.appendEntry(BACKGROUND_ENTRY, data);
			} catch {
				// A record is the second guard (the hub holds the first); a closed session must not fail a child.
			}
		},
		link: (entry) => pi.appendEntry(entry.customType, entry.data),
		changed(runs) {
			// A UI that cannot draw (a closed session) must not fail a child: showStatus swallows it.
			showStatus(ui, BACKGROUND_STATUS_KEY, backgroundStatusText(runs));
		},
	};
}
