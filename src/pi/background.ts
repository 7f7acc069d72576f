/**
 * The extension's port to the session's background children: attaches this instance (its `pi`,
 * its children registry, its footer) to the process-wide hub of the session it runs in, at
 * session start and on the first call that needs it, and detaches it at shutdown — so after a
 * `/reload` the new instance lists the children the old one started, receives their results, and
 * sends none that went already. When Pi quits, children still running are stopped, so their
 * records end as stopped rather than cut off. Loaded when Pi starts: it imports nothing heavy.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { plural } from "../format/numbers.ts";
import { wrapLine } from "../format/wrap-line.ts";
import type { ChildrenRegistry } from "../run/children.ts";
import { type BackgroundRun, type BackgroundSink, SessionBackground } from "./background-hub.ts";
import { createSink } from "./background-sink.ts";
import { veiled } from "./screen-marks.ts";

export interface BackgroundPort {
	/** The session's background children, with this instance attached. */
	session(ctx: ExtensionContext): SessionBackground;
	/** The registry background children are listed in (the session's one). */
	registry: ChildrenRegistry;
}

/** How long a quitting Pi waits for its stopped background children to seal their records. */
const SHUTDOWN_WAIT_MS = 10_000;

export function registerBackground(pi: ExtensionAPI, registry: ChildrenRegistry): BackgroundPort {
	let attached: { hub: SessionBackground; sink: BackgroundSink } | undefined;
	const session = (ctx: ExtensionContext): SessionBackground => {
		const hub = sessionBackground(ctx.sessionManager.getSessionId());
		if (attached?.hub === hub) return hub;
		attached?.hub.detach(attached.sink);
		const sink = createSink(pi, registry, ctx);
		attached = { hub, sink };
		hub.attach(sink);
		return hub;
	};
	pi.on("session_start", (_event, ctx) => {
		session(ctx);
	});
	pi.on("session_shutdown", async (event, ctx) => {
		const current = attached;
		attached = undefined;
		if (!current) return;
		current.hub.detach(current.sink);
		// Pi is quitting (the end of a print run, say): a child still running would be cut off with the
		// process, its record half-written. Stop each, and give them a moment to seal their records.
		if (event.reason !== "quit") return;
		const stopped = await current.hub.stopAll(SHUTDOWN_WAIT_MS);
		if (ctx.mode === "tui" && stopped.length > 0)
			sayBelowTheScreen(quitNote(stopped, Math.max(40, (process.stdout.columns || 80) - 1)));
	});
	return { session, registry };
}

/**
 * What a quit did to the children it found running, said where the person who quit reads it: the
 * widget that listed them is gone with Pi's last screen (quit-watch.ts), so without this line a
 * background child would vanish unexplained.
 */
export function quitNote(stopped: readonly BackgroundRun[], width: number): string {
	const count = plural(stopped.length, "background child", "background children");
	const lines = [`pi-delegate stopped ${count} as Pi quit; each record says so:`];
	for (const run of stopped) {
		lines.push(`  ${run.key}`);
		const record = run.outcome?.auditDir ?? run.auditDir;
		if (record) lines.push(...wrapLine(`    ${record}`, width));
	}
	return lines.join("\n");
}

/**
 * Writes below Pi's last screen. After a quit from the keyboard (the marks are veiled) Pi has
 * stopped the terminal before the session ends, so the line goes now, above Pi's resume hint;
 * after a signal Pi still owns the terminal here, so the line waits for the process's exit.
 */
function sayBelowTheScreen(text: string): void {
	const write = () => {
		try {
			process.stdout.write(`${text}\n`);
		} catch {
			// A terminal already gone has no one to tell.
		}
	};
	if (veiled()) write();
	else process.once("exit", write);
}

const HUB = Symbol.for("pi-delegate.background");

/** The session's background children, the same object for every extension instance of this process. */
export function sessionBackground(sessionId: string): SessionBackground {
	const store = globalThis as { [HUB]?: Map<string, SessionBackground> };
	store[HUB] ??= new Map();
	const sessions = store[HUB];
	let session = sessions.get(sessionId);
	if (!session) {
		session = new SessionBackground();
		sessions.set(sessionId, session);
	}
	return session;
}
