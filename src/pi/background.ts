/**
 * The extension's port to the session's background children: attaches this instance (its `pi`,
 * its children registry, its footer) to the process-wide hub of the session it runs in, at
 * session start and on the first call that needs it, and detaches it at shutdown — so after a
 * `/reload` the new instance lists the children the old one started, receives their results, and
 * sends none that went already. When Pi quits, children still running are stopped, so their
 * records end as stopped rather than cut off. Loaded when Pi starts: it imports nothing heavy.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ChildrenRegistry } from "../run/children.ts";
import { type BackgroundSink, SessionBackground } from "./background-hub.ts";
import { createSink } from "./background-sink.ts";

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
	pi.on("session_shutdown", async (event) => {
		const current = attached;
		attached = undefined;
		if (!current) return;
		current.hub.detach(current.sink);
		// Pi is quitting (the end of a print run, say): a child still running would be cut off with the
		// process, its record half-written. Stop each, and give them a moment to seal their records.
		if (event.reason === "quit") await current.hub.stopAll(SHUTDOWN_WAIT_MS);
	});
	return { session, registry };
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
